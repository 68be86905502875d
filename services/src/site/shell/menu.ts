import { INSURANCE_TYPES, type Country } from '@cubre/schemas';
import type { MenuItem } from '@cubre/schemas/site';
import type { CatalogueSnapshot } from '../../catalogue';

/** SEO descriptions over 170 characters are cut to 165 plus an ellipsis (rule 001-9.08). */
export function seoText(text: string): string {
  return text.length > 170 ? `${text.slice(0, 165)}…` : text;
}

const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every comparator page is a bundle of its own in the storefront: preloading it makes the click instant. */
const COMPARATOR_BUNDLE = 'comparator';

/** The catalogue's order of insurance types (seed 000 §3 table first): the menu's order. */
const TYPE_ORDER = new Map(INSURANCE_TYPES.map((type, index) => [type.name, index]));
const orderOf = (typeName: string | undefined) =>
  typeName === undefined ? Number.MAX_SAFE_INTEGER : (TYPE_ORDER.get(typeName) ?? TYPE_ORDER.size);

/**
 * The header menu (rule 001-7.01) for one edition, built from the catalogue so that it follows it: one group
 * per upper insurance type (Seguros de Salud, Isapres, Seguros de Vida…), holding the comparator pages
 * whose insurance types have products in that edition; a comparator comparing several types lists them
 * as its own categories, each a link to the comparator filtered by that type. Landing comparators
 * (code containing 'landing', seed 000 §2 route type) and partner showcases are not menu entries.
 * Order is stable: by the catalogue's insurance-type order, then by name.
 */
export function buildMenu(snapshot: CatalogueSnapshot, country: Country): MenuItem[] {
  const offered = new Set<string>();
  for (const card of snapshot.cards) if (card.country === country) offered.add(card.insuranceTypeName);
  const types = new Map(snapshot.insuranceTypes.map((doc) => [doc.definition.name, doc.definition]));

  type Entry = { item: MenuItem; order: number; upper: { name: string; displayName: string } };
  const entries: Entry[] = [];
  for (const { definition: comparator } of snapshot.comparators) {
    if (comparator.showcase || comparator.code.toLowerCase().includes('landing')) continue;
    const own = comparator.insuranceTypes
      .filter((name) => offered.has(name) && types.has(name) && !types.get(name)!.showcaseOnly)
      .sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b));
    if (own.length === 0) continue;
    const main = types.get(comparator.insuranceTypes.find((name) => types.has(name)) ?? own[0]!)!;
    const url = `/${comparator.baseUrl.replace(/^\/+/, '')}`;
    const categories =
      own.length < 2
        ? []
        : own.map((name) => {
            const type = types.get(name)!;
            return {
              id: `${comparator.code}:${slugOf(type.urlSegment)}`,
              displayName: type.displayName,
              url: `${url}?insuranceTypes=${encodeURIComponent(type.urlSegment)}`,
              target: '_self' as const,
              title: `${comparator.name}: ${type.displayName}`,
              icon: `type-${slugOf(type.urlSegment)}`,
              color: type.color,
              categories: [],
              seoDescription: seoText(
                type.description ?? `Compara ${type.displayName.toLowerCase()} con precios según tu perfil.`,
              ),
              preloadBundle: COMPARATOR_BUNDLE,
            };
          });
    entries.push({
      order: orderOf(main.name),
      upper: main.upperType,
      item: {
        id: comparator.code,
        displayName: comparator.name,
        url,
        target: '_self',
        title: `Comparar ${comparator.name}`,
        icon: `comparator-${slugOf(comparator.code)}`,
        color: main.color,
        categories,
        seoDescription: seoText(
          `Compara ${comparator.name.toLowerCase()}: precios según tu perfil, coberturas y hasta 3 planes lado a lado.`,
        ),
        preloadBundle: COMPARATOR_BUNDLE,
      },
    });
  }
  entries.sort((a, b) => a.order - b.order || a.item.displayName.localeCompare(b.item.displayName, 'es'));

  const groups = new Map<string, { item: MenuItem; order: number }>();
  for (const entry of entries) {
    const group = groups.get(entry.upper.name);
    if (group) {
      group.item.categories.push(entry.item);
      continue;
    }
    groups.set(entry.upper.name, {
      order: entry.order,
      item: {
        id: slugOf(entry.upper.name),
        displayName: entry.upper.displayName,
        // The group's own link is its first (broadest) comparator.
        url: entry.item.url,
        target: '_self',
        title: entry.upper.displayName,
        icon: `group-${slugOf(entry.upper.name)}`,
        color: entry.item.color,
        categories: [entry.item],
        seoDescription: seoText(
          `${entry.upper.displayName}: compara planes y precios de todas las compañías en un solo lugar.`,
        ),
        preloadBundle: COMPARATOR_BUNDLE,
      },
    });
  }
  return [...groups.values()].sort((a, b) => a.order - b.order).map((group) => group.item);
}
