/**
 * Password rules of seed 002 §5 and §8 (rules 002-5.05, 002-8.01 to 002-8.04): 8 to 12 characters with a
 * lower-case letter, an upper-case letter, a digit and a special character; not one of the last 4.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 12;
export const PASSWORD_HISTORY_SIZE = 4;

export const INVALID_PASSWORD_FORM_MESSAGE =
  'La contraseña debe tener entre 8 y 12 caracteres y contener una mayúscula, una minúscula, un número y un carácter especial.';
export const PASSWORD_IN_HISTORY_MESSAGE = 'La contraseña no puede ser igual a las últimas 4 utilizadas.';
export const PASSWORD_EXPIRED_MESSAGE = 'Su contraseña expiró: debe cambiarla para continuar.';
export const INVALID_CREDENTIALS_MESSAGE = 'Credenciales inválidas.';
export const DISABLED_USER_MESSAGE = 'Usuario deshabilitado.';

/** True when the password has the form of rule 002-5.05 (any non-letter, non-digit counts as special). */
export function isPasswordFormValid(password: string): boolean {
  const length = [...password].length;
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\d/.test(password) &&
    /[^\p{L}\d]/u.test(password) &&
    !/\s/.test(password)
  );
}
