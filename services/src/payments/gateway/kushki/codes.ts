/** Kushki's codes to the 002 §8 catalogue live in schemas: the storefront's kushki.js reads them too. */
export { kushkiCatalogueCode } from '@cubre/schemas/payments/kushkiCodes';

/** Kushki's answer to an invalid or used token: the seed's processor code 577. */
export const KUSHKI_INVALID_TOKEN = {
  code: '577',
  message: 'El token de la transacción no es válido',
} as const;
