import { textOn } from '../src/leads/colour';

describe('status chips stay readable on their catalogue colour', () => {
  test('002-3.01 dark colours get white text, light ones black', () => {
    expect(textOn('#1976D2')).toBe('#ffffff');
    expect(textOn('#C62828')).toBe('#ffffff');
    expect(textOn('#FDD835')).toBe('#000000');
    expect(textOn('#BDBDBD')).toBe('#000000');
    expect(textOn('#fff')).toBe('#000000');
  });

  test('anything that is not a hex colour keeps the theme text', () => {
    expect(textOn('red')).toBeUndefined();
    expect(textOn(undefined)).toBeUndefined();
  });
});
