import type { MailRequest } from '@cubre/schemas/mail/mailRequest';

/** A template's reading of the request's data: a missing value is an empty text, never `undefined`. */
export type Values = (name: string) => string;

export const valuesOf =
  (data: MailRequest['data']): Values =>
  (name) => {
    const value = data[name];
    return value === undefined ? '' : String(value);
  };

/** "Hola Ana," or "Hola," when the name is unknown. */
export const greet = (word: string, name: string) => (name ? `${word} ${name},` : `${word},`);
