import { isPasswordFormValid } from '@cubre/schemas/identity/passwordRules';
import { missingPasswordParts } from '../src/identity/passwordRules';

describe('the password form before sending', () => {
  test('002-8.01 names the missing parts: upper case, lower case, number, special character', () => {
    expect(missingPasswordParts('abcdefgh')).toEqual(['uppercase', 'number', 'special']);
    expect(missingPasswordParts('ABCDEFG1')).toEqual(['lowercase', 'special']);
    expect(missingPasswordParts('Abcdefg!')).toEqual(['number']);
    expect(missingPasswordParts('Demo.2026!')).toEqual([]);
  });

  test('002-5.05 8 to 12 characters, no spaces', () => {
    expect(missingPasswordParts('Ab1!')).toEqual(['length']);
    expect(missingPasswordParts('Abcdefghij1!x')).toEqual(['length']);
    expect(missingPasswordParts('Abc def1!')).toEqual(['spaces']);
  });

  test('the console accepts exactly what the server accepts (isPasswordFormValid of the schemas)', () => {
    const samples = [
      'Demo.2026!',
      'abcdefgh',
      'Ab1!',
      'Abc def1!',
      'Ñandú.2026',
      'ÁRBOL.1a',
      'Abcdefghij1!x',
      'Pässw0rd#',
    ];
    for (const password of samples) {
      expect(missingPasswordParts(password).length === 0).toBe(isPasswordFormValid(password));
    }
  });
});
