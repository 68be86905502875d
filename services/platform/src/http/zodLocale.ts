import type { Request } from 'express';
import { z } from 'zod';

/**
 * The words of zod's own messages (a wrong type, an option not in a list) in the request's language:
 * Spanish unless the client asks for English or Portuguese (issue 12: 'Invalid input' reached console
 * users). Messages our schemas write themselves are Spanish already and win over these.
 */
const LOCALES = { es: z.locales.es(), en: z.locales.en(), pt: z.locales.pt() } as const;

// Spanish for every parse that names no language: the product's and the seeds' language.
z.config(LOCALES.es);

export function zodErrorMapFor(req: Pick<Request, 'acceptsLanguages'>) {
  const language = req.acceptsLanguages('es', 'en', 'pt');
  return LOCALES[language === false ? 'es' : (language as keyof typeof LOCALES)].localeError;
}
