import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lookup, translate, type Translate, type TranslateOr } from '../../src/domain/shell/i18n';

const I18N = join(__dirname, '..', '..', 'public', 'i18n');
const read = (path: string): Record<string, string> => JSON.parse(readFileSync(join(I18N, path), 'utf8'));

/** A language's whole dictionary as the page has it once every part is in (I18nProvider). */
export function dictionaryOf(lang: 'es' | 'en' | 'pt'): Record<string, string> {
  return {
    ...read('es.json'),
    ...read('more/es.json'),
    ...(lang === 'es'
      ? {}
      : { ...read(`${lang}.json`), ...read(`more/${lang}.json`), ...read(`catalogue/${lang}.json`) }),
  };
}

/** t, tOr and has of a language, as useI18n() gives them. */
export function wordsOf(lang: 'es' | 'en' | 'pt'): {
  t: Translate;
  tOr: TranslateOr;
  has(key: string): boolean;
} {
  const words = dictionaryOf(lang);
  return {
    t: (key, params) => translate(words, key, params),
    tOr: (key, fallback) => lookup(words, key) ?? fallback,
    has: (key) => lookup(words, key) !== undefined,
  };
}

/** Spanish, the default language: the seed's wording. */
export const es = wordsOf('es').t;
export const en = wordsOf('en').t;
