import {
  DISABLED_USER_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSWORD_FORM_MESSAGE,
  PASSWORD_EXPIRED_MESSAGE,
  PASSWORD_IN_HISTORY_MESSAGE,
} from './passwordRules';

/**
 * The rules the identity API names in its problems (`errors[].rule`), with the sentence a person reads.
 * Seed 002 §8 (rule 002-8.05) gives the type names; the ones that are not the seed's (FORBIDDEN,
 * TOO_MANY_ATTEMPTS, TOKEN_EXPIRED for its "token-expired variants") are ours, spelled the same way.
 */
export const IDENTITY_ERRORS = {
  INVALID_CREDENTIALS: INVALID_CREDENTIALS_MESSAGE,
  INVALID_PASSWORD_FORM: INVALID_PASSWORD_FORM_MESSAGE,
  PASSWORD_IN_HISTORY: PASSWORD_IN_HISTORY_MESSAGE,
  PASSWORD_EXPIRED: PASSWORD_EXPIRED_MESSAGE,
  DISABLED_USER: DISABLED_USER_MESSAGE,
  INVALID_TOKEN: 'Token inválido: ingrese de nuevo.',
  TOKEN_EXPIRED: 'La sesión expiró: ingrese de nuevo.',
  INVALID_CSRF_TOKEN: 'La sesión no confirmó la solicitud: recargue la página.',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos fallidos: espere antes de reintentar.',
  FORBIDDEN: 'No tiene permiso para esta operación.',
  USER_ALREADY_EXISTS: 'Ya existe un usuario con ese correo electrónico.',
  USER_NOT_FOUND: 'El usuario no existe.',
  ROLE_NOT_FOUND: 'El rol no existe.',
  NOT_FOUND: 'El registro no existe.',
  NOT_EDITABLE: 'Este cambio no está permitido.',
  // The invitation e-mail's accept link (issue 15): not ours (or superseded), already used, too old.
  INVITATION_INVALID: 'El enlace de invitación no es válido: pida una nueva invitación.',
  INVITATION_USED: 'El enlace de invitación ya se usó: ingrese con su contraseña.',
  INVITATION_EXPIRED: 'El enlace de invitación expiró: pida una nueva invitación.',
} as const;
export type IdentityErrorRule = keyof typeof IDENTITY_ERRORS;
