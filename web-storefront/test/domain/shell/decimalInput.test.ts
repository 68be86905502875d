import {
  blockPaste,
  decimalInputValue,
  DEFAULT_DECIMALS,
  formatDecimalInput,
} from '../../../src/domain/shell/decimalInput';

describe('shell/decimalInput', () => {
  test('001-5.08 decimal inputs block paste', () => {
    const event = { preventDefault: jest.fn() };
    blockPaste(event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
  });

  test('001-5.09 decimal inputs format to the configured number of decimals, 2 by default', () => {
    expect(DEFAULT_DECIMALS).toBe(2);
    // Digits fill from the right as they are typed.
    expect(formatDecimalInput('1')).toBe('0.01');
    expect(formatDecimalInput('0.012')).toBe('0.12');
    expect(formatDecimalInput('0.125')).toBe('1.25');
    expect(formatDecimalInput('1.25', { decimals: 1 })).toBe('12.5');
    expect(formatDecimalInput('7', { decimals: 0 })).toBe('7');
    expect(formatDecimalInput('1,255', { separator: ',' })).toBe('12,55');
    expect(formatDecimalInput('')).toBe('');
    expect(formatDecimalInput('0.0')).toBe('');
    expect(formatDecimalInput('abc')).toBe('');
  });

  test('001-5.09 past the optional maximum the leading digit is dropped', () => {
    // 99.99 then a 5: 999.95 is over 100, so the leading 9 goes.
    expect(formatDecimalInput('99.995', { max: 100 })).toBe('99.95');
    expect(formatDecimalInput('100.005', { max: 100 })).toBe('0.05');
    expect(formatDecimalInput('100.00', { max: 100 })).toBe('100.00');
    // Without a maximum nothing is dropped.
    expect(formatDecimalInput('99.995')).toBe('999.95');
  });

  test('001-5.09 the text reads back as the number it shows', () => {
    expect(decimalInputValue('12,55')).toBe(12.55);
    expect(decimalInputValue('0.50')).toBe(0.5);
    expect(decimalInputValue('')).toBeUndefined();
    expect(decimalInputValue(formatDecimalInput((0.5).toFixed(2), { separator: ',' }))).toBe(0.5);
  });
});
