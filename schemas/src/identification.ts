/**
 * Identification and contact-field rules of seed 002 §5 and seed 001 §5: the Chilean RUT, the documents of
 * the other editions, phone, e-mail and names. Each check answers the cleaned value or the seed's error
 * code (the `rule` of a problem's field error) with its Spanish message.
 *
 * PURE and WITHOUT IMPORTS on purpose: the browser storefront bundles this file as it is, so it must not
 * pull zod or anything else. The zod schemas of the API refine with these functions (schemas/src/leads).
 */

// ─── Messages ───────────────────────────────────────────────────────────────────────────────────────────

/** Seed 002 §5 (chat pre-form): a missing field. */
export const REQUIRED_MESSAGE = 'campo requerido';
/** Seed 002 §5 (chat pre-form): an e-mail that is not valid. */
export const EMAIL_INVALID_MESSAGE = 'Por favor, ingrese su dirección de correo electrónico válido';
/** The seed gives only the flag invalidRut (002-5.03, 001-5.14); the wording is ours. */
export const RUT_INVALID_MESSAGE = 'RUT inválido';
/** Colombia and Peru (001-5.15). */
export const DOCUMENT_DIGITS_MESSAGE = 'El documento debe tener de 8 a 12 dígitos';
/** International edition (001-5.16). */
export const DOCUMENT_INTERNATIONAL_MESSAGE = 'El documento debe tener de 5 a 12 letras o dígitos';
/** The seed gives only the flag nominimo (001-5.19); the wording is ours. */
export const PHONE_MIN_DIGITS_MESSAGE = 'El teléfono debe tener al menos 11 dígitos, con el código de país';
/** Optional plus, 1 to 3 digit prefix, 7 to 14 digits (002-5.06). */
export const PHONE_INVALID_MESSAGE =
  'Ingrese un teléfono válido: código de país y número, por ejemplo +56 9 1234 5678';
/** A country code is a plus and digits (002-5.06). */
export const COUNTRY_CODE_INVALID_MESSAGE = 'El código de país es un + seguido de 1 a 3 dígitos';
/** At least two letters; letters, spaces and hyphens only (002-5.08). */
export const NAME_INVALID_MESSAGE =
  'El nombre debe tener al menos dos letras y solo puede contener letras, espacios y guiones';
/** Contact form: letters with Spanish accents, spaces, apostrophe, hyphen (002-5.09). */
export const CONTACT_NAME_INVALID_MESSAGE =
  'El nombre debe tener al menos dos letras y solo puede contener letras, espacios, apóstrofos y guiones';

// ─── Results ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Error codes: `invalidRut` and `nominimo` are the seeds' own flags (002-5.03, 001-5.19); the others name
 * the rule that failed.
 */
export const FIELD_ERROR_CODES = {
  required: 'required',
  invalidRut: 'invalidRut',
  identification: 'identification',
  nominimo: 'nominimo',
  phone: 'phone',
  countryCode: 'country_code',
  email: 'email',
  name: 'name',
} as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[keyof typeof FIELD_ERROR_CODES];

/** What a check answers: the cleaned value to keep, or why the input was refused. */
export type FieldCheck = { ok: true; value: string } | { ok: false; error: FieldErrorCode; message: string };

const passed = (value: string): FieldCheck => ({ ok: true, value });
const failed = (error: FieldErrorCode, message: string): FieldCheck => ({ ok: false, error, message });
const missing = () => failed(FIELD_ERROR_CODES.required, REQUIRED_MESSAGE);
const isBlank = (raw: string | null | undefined): raw is null | undefined | '' =>
  raw === null || raw === undefined || raw.trim() === '';

// ─── Chile: RUT (002-5.01 to 002-5.04, 001-5.14) ───────────────────────────────────────────────────────

/** A RUT needs at least 7 characters once cleaned (002-5.02). */
export const RUT_MIN_LENGTH = 7;

/**
 * Normalises a RUT as typed: upper-cases k, drops every character that is not a digit or K (dots, dash,
 * spaces) and the leading zeros (002-5.01). '012.345.678-5' → '123456785'.
 */
export function cleanRut(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^0-9K]/g, '')
    .replace(/^0+/, '');
}

/** The check digit of a RUT body by modulo 11: 11 gives '0', 10 gives 'K' (002-5.03). */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/**
 * A valid RUT: no letter but K (002-5.02); cleaned, at least 7 characters (002-5.02), no leading zero and
 * 4 to 9 digits then a digit or K (001-5.14), and the right check digit (002-5.03).
 */
export function isValidRut(raw: string): boolean {
  if (/\p{L}/u.test(raw.replace(/k/gi, ''))) return false;
  const rut = cleanRut(raw);
  if (rut.length < RUT_MIN_LENGTH || !/^[1-9]\d{3,8}[\dK]$/.test(rut)) return false;
  return rutCheckDigit(rut.slice(0, -1)) === rut.slice(-1);
}

/**
 * A RUT for display: thousands grouped with dots and a dash before the check digit (002-5.04).
 * '123456785' → '12.345.678-5'. Works on partial input too, so a field can format as the visitor types.
 */
export function formatRut(raw: string): string {
  const rut = cleanRut(raw);
  if (rut.length < 2) return rut;
  const body = rut.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${rut.slice(-1)}`;
}

/** A RUT check: the formatted RUT, or invalidRut. */
export function checkRut(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  return isValidRut(raw) ? passed(formatRut(raw)) : failed(FIELD_ERROR_CODES.invalidRut, RUT_INVALID_MESSAGE);
}

// ─── Identification by edition (002 §5, 001-5.14 to 001-5.18) ──────────────────────────────────────────

export type IdentificationOptions = {
  /** With the point mask on, dots are kept as typed (001-5.18); off by default. */
  pointMask?: boolean;
};

/**
 * The identification of a person in an edition: Chile a RUT (formatted); Colombia and Peru 8 to 12 digits;
 * the international edition 5 to 12 letters or digits; any other country just a value. Dots are removed
 * unless the point mask is on, and so are spaces.
 */
export function checkIdentification(
  country: string,
  raw: string | null | undefined,
  options: IdentificationOptions = {},
): FieldCheck {
  if (isBlank(raw)) return missing();
  if (country === 'CL') return checkRut(raw);
  const text = raw.trim().replace(options.pointMask ? /\s/g : /[.\s]/g, '');
  switch (country) {
    case 'PE':
    case 'CO':
      return /^\d{8,12}$/.test(text)
        ? passed(text)
        : failed(FIELD_ERROR_CODES.identification, DOCUMENT_DIGITS_MESSAGE);
    case 'INT':
      return /^[A-Za-z0-9]{5,12}$/.test(text)
        ? passed(text.toUpperCase())
        : failed(FIELD_ERROR_CODES.identification, DOCUMENT_INTERNATIONAL_MESSAGE);
    default:
      return passed(raw.trim());
  }
}

// ─── Phone (002-5.06, 001-5.19) ─────────────────────────────────────────────────────────────────────────

/** Fewer digits than this give nominimo (001-5.19). */
export const PHONE_MIN_DIGITS = 11;

/** The digits of a phone as typed: '+56 9 1234-5678' → '56912345678'. */
export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, '');
}

/**
 * A phone: an optional plus, a 1 to 3 digit prefix and 7 to 14 digits, spaces, dashes, dots and
 * parentheses allowed between them (002-5.06); fewer than 11 digits is nominimo (001-5.19). The value
 * kept is a plus and the digits: '+56912345678'.
 */
export function checkPhone(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  const compact = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return failed(FIELD_ERROR_CODES.phone, PHONE_INVALID_MESSAGE);
  const digits = phoneDigits(compact);
  if (digits.length < PHONE_MIN_DIGITS) return failed(FIELD_ERROR_CODES.nominimo, PHONE_MIN_DIGITS_MESSAGE);
  // Prefix (1 to 3) plus number (7 to 14): 17 digits at most.
  if (digits.length > 17) return failed(FIELD_ERROR_CODES.phone, PHONE_INVALID_MESSAGE);
  return passed(`+${digits}`);
}

/** A country code: a plus and 1 to 3 digits ('+56'); the plus is required (002-5.06). */
export function checkCountryCode(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  const text = raw.trim();
  return /^\+\d{1,3}$/.test(text)
    ? passed(text)
    : failed(FIELD_ERROR_CODES.countryCode, COUNTRY_CODE_INVALID_MESSAGE);
}

// ─── E-mail (002-5.07) ──────────────────────────────────────────────────────────────────────────────────

/** The longest address a mailbox can have (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail: a local part of at most 64 characters and a domain whose suffix has 2 or more letters
 * (002-5.07). The value kept is trimmed; the case is kept as typed.
 */
export function checkEmail(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  const text = raw.trim();
  const valid =
    text.length <= EMAIL_MAX_LENGTH && /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(text);
  return valid ? passed(text) : failed(FIELD_ERROR_CODES.email, EMAIL_INVALID_MESSAGE);
}

// ─── Names (002-5.08, 002-5.09) ─────────────────────────────────────────────────────────────────────────

export const NAME_MAX_LENGTH = 100;

const letterCount = (text: string) => (text.match(/\p{L}/gu) ?? []).length;
const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * A person's name: at least two letters; letters, spaces and hyphens only (002-5.08). Letters are any
 * alphabet's, accents included, so 'María José' and 'Ñuñez' pass. Spaces are collapsed.
 */
export function checkName(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  const text = collapseSpaces(raw);
  const valid = text.length <= NAME_MAX_LENGTH && /^[\p{L}\p{M} -]+$/u.test(text) && letterCount(text) >= 2;
  return valid ? passed(text) : failed(FIELD_ERROR_CODES.name, NAME_INVALID_MESSAGE);
}

/** The contact form's name: the same, plus the apostrophe ("O'Higgins", 002-5.09). */
export function checkContactName(raw: string | null | undefined): FieldCheck {
  if (isBlank(raw)) return missing();
  const text = collapseSpaces(raw);
  const valid = text.length <= NAME_MAX_LENGTH && /^[\p{L}\p{M} '’-]+$/u.test(text) && letterCount(text) >= 2;
  return valid ? passed(text) : failed(FIELD_ERROR_CODES.name, CONTACT_NAME_INVALID_MESSAGE);
}
