import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cubre/schemas/identity/passwordRules';

/**
 * The password form of seed 002 (rules 002-5.05, 002-8.01, INVALID_PASSWORD_FORM): 8 to 12 characters
 * with an upper-case letter, a lower-case letter, a number and a special character, no spaces. The console
 * says which parts are missing before sending; the server checks again (`isPasswordFormValid` of the same
 * schemas module), and the history rule (002-8.02, not one of the last 4) only it can judge.
 */
export const PASSWORD_PARTS = ['length', 'uppercase', 'lowercase', 'number', 'special', 'spaces'] as const;
export type PasswordPart = (typeof PASSWORD_PARTS)[number];

const CHECKS: Record<PasswordPart, (password: string) => boolean> = {
  length: (password) =>
    [...password].length >= PASSWORD_MIN_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH,
  uppercase: (password) => /\p{Lu}/u.test(password),
  lowercase: (password) => /\p{Ll}/u.test(password),
  number: (password) => /\d/.test(password),
  special: (password) => /[^\p{L}\d\s]/u.test(password),
  spaces: (password) => !/\s/.test(password),
};

/** The parts a new password lacks, in the order the rule names them. */
export const missingPasswordParts = (password: string): PasswordPart[] =>
  PASSWORD_PARTS.filter((part) => !CHECKS[part](password));

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
