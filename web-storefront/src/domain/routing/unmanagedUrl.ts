import { splitLanguage } from './language';

/** The 404 page's own address: reaching it is a handled navigation, not a lost visitor. */
export const NOT_FOUND_PATH = '/not-found';

/**
 * The warning logged when the 404 page shows for an address no route handles (rule 001-2.14). The seed's
 * wording named the original's router framework; ours names none, since that is not what runs here.
 * Null for the 404 page's own address, in any language.
 */
export function unmanagedUrlWarning(url: string): string | null {
  const { path } = splitLanguage(url);
  const bare = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (bare === NOT_FOUND_PATH) return null;
  return `URL ${url} no gestionada por las rutas del sitio.`;
}
