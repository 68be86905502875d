import {
  CONTACT_NAME_INVALID_MESSAGE,
  DOCUMENT_DIGITS_MESSAGE,
  DOCUMENT_INTERNATIONAL_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  NAME_INVALID_MESSAGE,
  PHONE_INVALID_MESSAGE,
  PHONE_MIN_DIGITS_MESSAGE,
  REQUIRED_MESSAGE,
  RUT_INVALID_MESSAGE,
  checkContactName,
  checkCountryCode,
  checkEmail,
  checkIdentification,
  checkName,
  checkPhone,
  checkRut,
  cleanRut,
  formatRut,
  isValidRut,
  rutCheckDigit,
} from '@cubre/schemas';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const refused = (error: string, message: string) => ({ ok: false, error, message });
const accepted = (value: string) => ({ ok: true, value });

describe('identification.ts stays importable by the browser', () => {
  test('it imports nothing at all (no zod, no node built-ins)', () => {
    const source = readFileSync(join(__dirname, '../../../schemas/src/identification.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });
});

describe('Chilean RUT', () => {
  test('002-5.01 input is cleaned: dots, dash and spaces removed, k upper-cased, leading zeros dropped', () => {
    expect(cleanRut('12.345.678-5')).toBe('123456785');
    expect(cleanRut(' 10.000.013-k ')).toBe('10000013K');
    expect(cleanRut('012.345.678-5')).toBe('123456785');
    expect(cleanRut('00-1.000.005 K')).toBe('1000005K');
  });

  test('002-5.03 the check digit is modulo 11: 10 is K and 11 is 0', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('1000005')).toBe('K');
    expect(rutCheckDigit('1000013')).toBe('0');
    expect(rutCheckDigit('76086428')).toBe('5');
  });

  test.each([
    '12.345.678-5',
    '123456785',
    '12345678-5',
    '10.000.013-K',
    '10000013k',
    '1.000.013-0',
    '7.654.321-6',
  ])('002-5.03 %s is a valid RUT', (rut) => {
    expect(isValidRut(rut)).toBe(true);
  });

  test.each([
    ['a wrong check digit', '12.345.678-9'],
    ['K where the digit is 5', '12.345.678-K'],
    ['a number where the digit is K', '10.000.013-1'],
    ['fewer than 7 characters (002-5.02)', '1.234-3'],
    ['a letter other than K (002-5.02)', '12.345.67A-5'],
    ['K in the body', '1K.345.678-5'],
    ['more than 9 digits before the check digit (001-5.14)', '1.234.567.890-3'],
    ['only zeros', '0000000-0'],
  ])('002-5.03 %s gives invalidRut', (_case, rut) => {
    expect(isValidRut(rut)).toBe(false);
    expect(checkRut(rut)).toEqual(refused('invalidRut', RUT_INVALID_MESSAGE));
  });

  test('002-5.04 a RUT displays with thousands dots and a dash before the check digit', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('10000013k')).toBe('10.000.013-K');
    expect(formatRut('7654321-6')).toBe('7.654.321-6');
    expect(formatRut('0012.345.678-5')).toBe('12.345.678-5');
    // While typing: what is there so far, formatted the same way.
    expect(formatRut('1234')).toBe('123-4');
    expect(formatRut('1')).toBe('1');
  });

  test('002-5.04 a valid RUT is kept formatted; a missing one is campo requerido', () => {
    expect(checkRut('123456785')).toEqual(accepted('12.345.678-5'));
    expect(checkRut('  ')).toEqual(refused('required', REQUIRED_MESSAGE));
    expect(checkRut(undefined)).toEqual(refused('required', REQUIRED_MESSAGE));
  });
});

describe('identification by edition', () => {
  test('001-5.14 Chile: no leading zero (it is stripped), digits then a digit or K, and the check digit', () => {
    expect(checkIdentification('CL', '012.345.678-5')).toEqual(accepted('12.345.678-5'));
    expect(checkIdentification('CL', '12.345.678-0')).toEqual(refused('invalidRut', RUT_INVALID_MESSAGE));
  });

  test('001-5.15 Colombia and Peru: 8 to 12 digits', () => {
    for (const country of ['CO', 'PE']) {
      expect(checkIdentification(country, '12345678')).toEqual(accepted('12345678'));
      expect(checkIdentification(country, '123456789012')).toEqual(accepted('123456789012'));
      expect(checkIdentification(country, '1234567')).toEqual(
        refused('identification', DOCUMENT_DIGITS_MESSAGE),
      );
      expect(checkIdentification(country, '1234567890123')).toEqual(
        refused('identification', DOCUMENT_DIGITS_MESSAGE),
      );
      expect(checkIdentification(country, '1234567A')).toEqual(
        refused('identification', DOCUMENT_DIGITS_MESSAGE),
      );
    }
  });

  test('001-5.16 international: 5 to 12 letters or digits', () => {
    expect(checkIdentification('INT', 'ab12345')).toEqual(accepted('AB12345'));
    expect(checkIdentification('INT', 'AB12')).toEqual(
      refused('identification', DOCUMENT_INTERNATIONAL_MESSAGE),
    );
    expect(checkIdentification('INT', 'AB123456789XY')).toEqual(
      refused('identification', DOCUMENT_INTERNATIONAL_MESSAGE),
    );
    expect(checkIdentification('INT', 'AB-12345')).toEqual(
      refused('identification', DOCUMENT_INTERNATIONAL_MESSAGE),
    );
  });

  test('001-5.17 any other country only requires a value', () => {
    expect(checkIdentification('MX', ' X-1 ')).toEqual(accepted('X-1'));
    expect(checkIdentification('MX', '')).toEqual(refused('required', REQUIRED_MESSAGE));
  });

  test('001-5.18 dots are removed unless the point mask is on', () => {
    expect(checkIdentification('PE', '12.345.678')).toEqual(accepted('12345678'));
    expect(checkIdentification('PE', '12.345.678', { pointMask: true })).toEqual(
      refused('identification', DOCUMENT_DIGITS_MESSAGE),
    );
    expect(checkIdentification('MX', '1.2', { pointMask: true })).toEqual(accepted('1.2'));
  });
});

describe('phone', () => {
  test('001-5.19 fewer than 11 digits gives nominimo', () => {
    expect(checkPhone('912345678')).toEqual(refused('nominimo', PHONE_MIN_DIGITS_MESSAGE));
    expect(checkPhone('+56 2 2345 678')).toEqual(refused('nominimo', PHONE_MIN_DIGITS_MESSAGE));
    expect(checkPhone('+56 9 1234 5678')).toEqual(accepted('+56912345678'));
  });

  test('002-5.06 an optional plus, a 1 to 3 digit prefix and 7 to 14 digits; separators allowed', () => {
    expect(checkPhone('56912345678')).toEqual(accepted('+56912345678'));
    expect(checkPhone('+57 (310) 123-4567')).toEqual(accepted('+573101234567'));
    expect(checkPhone('+51 987.654.321')).toEqual(accepted('+51987654321'));
    expect(checkPhone('+123 12345678901234')).toEqual(accepted('+12312345678901234'));
    expect(checkPhone('+123 123456789012345')).toEqual(refused('phone', PHONE_INVALID_MESSAGE));
    expect(checkPhone('+56 9 1234 567X')).toEqual(refused('phone', PHONE_INVALID_MESSAGE));
    expect(checkPhone('56+912345678')).toEqual(refused('phone', PHONE_INVALID_MESSAGE));
    expect(checkPhone('')).toEqual(refused('required', REQUIRED_MESSAGE));
  });

  test('002-5.06 a country code is a plus and digits', () => {
    expect(checkCountryCode('+56')).toEqual(accepted('+56'));
    expect(checkCountryCode('56').ok).toBe(false);
    expect(checkCountryCode('+5678').ok).toBe(false);
  });
});

describe('e-mail and names', () => {
  test.each([
    ['a plain address', 'ana@example.com'],
    ['subdomains and a plus', 'ana.soto+seguros@correo.example.cl'],
    ['a local part of exactly 64 characters', `${'a'.repeat(64)}@x.cl`],
  ])('002-5.07 %s is a valid e-mail', (_case, email) => {
    expect(checkEmail(email)).toEqual(accepted(email));
  });

  test.each([
    ['a local part over 64 characters', `${'a'.repeat(65)}@x.cl`],
    ['a one-letter suffix', 'ana@example.c'],
    ['a numeric suffix', 'ana@example.123'],
    ['no domain', 'ana@'],
    ['no @', 'ana.example.com'],
    ['a space', 'ana soto@example.com'],
  ])('002-5.07 002-5.12 %s gives the seed message', (_case, email) => {
    expect(checkEmail(email)).toEqual(
      refused('email', 'Por favor, ingrese su dirección de correo electrónico válido'),
    );
    expect(EMAIL_INVALID_MESSAGE).toBe('Por favor, ingrese su dirección de correo electrónico válido');
  });

  test("002-5.12 a missing field is 'campo requerido'", () => {
    expect(REQUIRED_MESSAGE).toBe('campo requerido');
    expect(checkEmail(null)).toEqual(refused('required', 'campo requerido'));
    expect(checkName('   ')).toEqual(refused('required', 'campo requerido'));
  });

  test('002-5.08 a name has at least two letters and only letters, spaces and hyphens', () => {
    expect(checkName('  María   José Pérez-Ñuñez ')).toEqual(accepted('María José Pérez-Ñuñez'));
    expect(checkName('Al')).toEqual(accepted('Al'));
    expect(checkName('A')).toEqual(refused('name', NAME_INVALID_MESSAGE));
    expect(checkName('Ana2')).toEqual(refused('name', NAME_INVALID_MESSAGE));
    expect(checkName("O'Higgins")).toEqual(refused('name', NAME_INVALID_MESSAGE));
    expect(checkName('- -')).toEqual(refused('name', NAME_INVALID_MESSAGE));
  });

  test('002-5.09 a contact-form name also allows the apostrophe', () => {
    expect(checkContactName("Bernardo O'Higgins")).toEqual(accepted("Bernardo O'Higgins"));
    expect(checkContactName('Ángela Núñez-Güell')).toEqual(accepted('Ángela Núñez-Güell'));
    expect(checkContactName('Ana <script>')).toEqual(refused('name', CONTACT_NAME_INVALID_MESSAGE));
    expect(checkContactName("'")).toEqual(refused('name', CONTACT_NAME_INVALID_MESSAGE));
  });
});
