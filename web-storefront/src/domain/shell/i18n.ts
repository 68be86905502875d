/**
 * Static translations (rules 001-5.12, 001-5.13, 001-7.12): dictionaries from /i18n/{lang}.json, keys
 * flat ('error.title') or nested ({error: {title}}), parameters written {name} or {{name}}.
 */

export type Dictionary = { readonly [key: string]: unknown };
export type TranslateParams = { readonly [name: string]: unknown };
/** A dictionary word with its parameters: the key itself when no dictionary has it (001-5.13). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;
/** A catalogue name: the dictionary's word for the key, else the server's own text. */
export type TranslateOr = (key: string, fallback: string) => string;

export const WRONG_PARAMETER_MESSAGE = 'Wrong parameter in TranslatePipe';
export const missingTranslationTooltip = (key: string) => `No existe la traducción para ${key}`;

/**
 * Where a language's words are: the first screen's (`/i18n/{lang}.json`) and, with `part` 'more', the
 * other screens' (`/i18n/more/{lang}.json`).
 */
export function translationsUrl(lang: string, part?: 'more'): string {
  return `/i18n/${part ? `${part}/` : ''}${encodeURIComponent(lang)}.json`;
}

/**
 * The `lang` of a block of the catalogue's free text (descriptions, conditions, FAQ, coverage names): it
 * is written in Spanish whatever the page's language, and says so to assistive technology.
 */
export const catalogueTextLang = (pageLang: string): 'es' | undefined =>
  pageLang === 'es' ? undefined : 'es';

/** The catalogue's names in a language other than Spanish, by id (`catalogue.insuranceType.{name}`…). */
export const catalogueUrl = (lang: string): string => `/i18n/catalogue/${encodeURIComponent(lang)}.json`;

export function lookup(dict: Dictionary, key: string): string | undefined {
  const flat = dict[key];
  if (typeof flat === 'string') return flat;
  let node: unknown = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.prototype.hasOwnProperty.call(node, part))
      return undefined;
    node = (node as Dictionary)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function checkParams(params: unknown): TranslateParams | undefined {
  if (params === undefined || params === null) return undefined;
  if (typeof params !== 'object' || Array.isArray(params)) throw new Error(WRONG_PARAMETER_MESSAGE);
  return params as TranslateParams;
}

/** Replaces {name} and {{ name }} by the parameter; placeholders without a parameter stay as written. */
export function interpolate(text: string, params: TranslateParams | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.-]+)\s*\}\}|\{([\w.-]+)\}/g, (whole, double?: string, single?: string) => {
    const name = double ?? single ?? '';
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    return value === undefined || value === null ? whole : String(value);
  });
}

export interface Translation {
  text: string;
  missing: boolean;
  /** 'No existe la traducción para {key}' for internal traffic, null otherwise (001-5.13). */
  tooltip: string | null;
}

/**
 * The translation with its status. A missing key gives the key itself as text and `missing`; only
 * internal traffic gets the tooltip (and the missing-translation style), visitors just see the key.
 * Parameters other than an object throw 'Wrong parameter in TranslatePipe' (001-5.12).
 */
export function translateDetailed(
  dict: Dictionary,
  key: string,
  params?: unknown,
  options: { internalTraffic?: boolean } = {},
): Translation {
  const checked = checkParams(params);
  const found = lookup(dict, key);
  if (found === undefined) {
    return {
      text: key,
      missing: true,
      tooltip: options.internalTraffic ? missingTranslationTooltip(key) : null,
    };
  }
  return { text: interpolate(found, checked), missing: false, tooltip: null };
}

/** The translated text, or the key when there is none. */
export function translate(dict: Dictionary, key: string, params?: unknown): string {
  return translateDetailed(dict, key, params).text;
}

/**
 * The dictionary as an edition reads it: a key `edition.{country}.{key}` replaces `{key}`, so an edition
 * changes a word without a component knowing (001-9.09: the deductible is 'Copago' in Colombia).
 */
export function forEdition<T extends Dictionary>(dict: T, country: string): T {
  const prefix = `edition.${country}.`;
  const overrides = Object.entries(dict).filter(([key]) => key.startsWith(prefix));
  if (overrides.length === 0) return dict;
  return { ...dict, ...Object.fromEntries(overrides.map(([key, text]) => [key.slice(prefix.length), text])) };
}
