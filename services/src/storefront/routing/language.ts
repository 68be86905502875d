/**
 * Language prefixes of the site (rules 001-1.03, 001-4.23): Spanish is the default and has no prefix,
 * English lives under /en/... and Portuguese under /pt/....
 */

export const LANGUAGES = ['es', 'en', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

const PREFIXED = new Set<string>(['en', 'pt']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Path part, and the query and fragment that follow it ('' when none). */
function splitSuffix(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

const withLeadingSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/**
 * The language of a pathname and the path without its prefix: '/en/Comparar' → {en, '/Comparar'},
 * '/en' → {en, '/'}, '/Comparar' → {es, '/Comparar'}. Prefixes are lower case only ('/EN' is Spanish,
 * a path that happens to start with that segment), and '/english' is not a prefix.
 */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const [path, suffix] = splitSuffix(withLeadingSlash(pathname));
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  const prefix = match?.[1];
  if (prefix !== undefined && PREFIXED.has(prefix)) {
    return { lang: prefix as Language, path: `${match?.[2] ?? '/'}${suffix}` };
  }
  return { lang: DEFAULT_LANGUAGE, path: `${path}${suffix}` };
}

/**
 * The path in a language: withLanguage('en', '/Comparar') → '/en/Comparar', withLanguage('es', '/x') →
 * '/x'. A path that already carries a prefix has it replaced, so the call is idempotent. Query and
 * fragment are kept; the root in English is '/en', not '/en/'.
 */
export function withLanguage(lang: Language, path: string): string {
  const bare = splitLanguage(path).path;
  if (lang === DEFAULT_LANGUAGE) return bare;
  const [pathname, suffix] = splitSuffix(bare);
  return `/${lang}${pathname === '/' ? '' : pathname}${suffix}`;
}

/** Where a language change reloads to (rule 001-4.23): '/', '/en' or '/pt'. */
export function languageHome(lang: Language): string {
  return withLanguage(lang, '/');
}
