import {
  blockPaste,
  decimalInputValue,
  DEFAULT_DECIMALS,
  formatDecimalInput,
  formatDecimalValue,
} from '../../../src/domain/shell/decimalInput';

describe('shell/decimalInput', () => {
  test('001-5.08 decimal inputs block paste', () => {
    const event = { preventDefault: jest.fn() };
    blockPaste(event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  test('001-5.09 decimal inputs format to the configured number of decimals, 2 by default', () => {
    expect(DEFAULT_DECIMALS).toBe(2);
    // Typed digits keep their meaning (issue 11: '5' read 0,05 when digits filled from the right).
    expect(formatDecimalInput('5', { separator: ',' })).toBe('5');
    expect(formatDecimalInput('12,5', { separator: ',' })).toBe('12,5');
    // Decimals beyond the configured number are cut; the last comma or dot is the mark.
    expect(formatDecimalInput('1,255', { separator: ',' })).toBe('1,25');
    expect(formatDecimalInput('1.25', { decimals: 1 })).toBe('1.2');
    expect(formatDecimalInput('7,5', { decimals: 0 })).toBe('7');
    expect(formatDecimalInput(',5', { separator: ',' })).toBe('0,5');
    expect(formatDecimalInput('007')).toBe('7');
    expect(formatDecimalInput('')).toBe('');
    expect(formatDecimalInput('abc')).toBe('');
    // Committed, the value has exactly the configured decimals.
    expect(formatDecimalValue(5, { separator: ',' })).toBe('5,00');
    expect(formatDecimalValue(2.5, { decimals: 1 })).toBe('2.5');
  });

  test('001-5.09 past the optional maximum the leading digit is dropped', () => {
    // 99 then a 5: 995 is over 100, so the leading 9 goes.
    expect(formatDecimalInput('995', { max: 100 })).toBe('95');
    expect(formatDecimalInput('100.5', { max: 100 })).toBe('0.5');
    expect(formatDecimalInput('100.00', { max: 100 })).toBe('100.00');
    // Without a maximum nothing is dropped.
    expect(formatDecimalInput('995')).toBe('995');
  });

  test('001-5.09 the text reads back as the number it shows', () => {
    expect(decimalInputValue('12,55')).toBe(12.55);
    expect(decimalInputValue('0.50')).toBe(0.5);
    expect(decimalInputValue('')).toBeUndefined();
    expect(decimalInputValue(formatDecimalInput('5', { separator: ',' }))).toBe(5);
    expect(decimalInputValue(formatDecimalValue(0.5, { separator: ',' }))).toBe(0.5);
  });
});
