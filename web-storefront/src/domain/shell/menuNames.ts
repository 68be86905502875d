import type { TranslateOr } from './i18n';

/**
 * A header menu entry's name in the page's language (GET /api/menu, services/src/site/shell/menu.ts):
 * the groups (upper insurance types) and the insurance types listed under a comparator are menu words
 * (`catalogue.menu.{id}`); the entries in between are comparators, named as their pages' headings
 * (`catalogue.comparator.{code}`). The server's text where the dictionaries have none.
 */
export function menuName(
  item: { id: string; displayName: string },
  depth: 0 | 1 | 2,
  tOr: TranslateOr,
): string {
  return tOr(depth === 1 ? `catalogue.comparator.${item.id}` : `catalogue.menu.${item.id}`, item.displayName);
}
