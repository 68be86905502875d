/**
 * A link to a detail page may carry the product it already has in its history entry's state (react-router's
 * `state`), saying not to look it up again (rule 000-2.36). The state comes from history, so it is
 * checked, never trusted by type.
 */

export interface CarriedProduct {
  productCode: string;
  url: string;
}

/** The state a link to a detail page carries when its product is already loaded. */
export function carryProduct<T extends CarriedProduct>(product: T): { useProductLookup: false; product: T } {
  return { useProductLookup: false, product };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The product the navigation carries, when its state says not to use the lookup and the product is the
 * one the address names (`key`: its code or url, any case); otherwise null and the page looks it up.
 */
export function carriedProduct<T extends CarriedProduct>(state: unknown, key: string): T | null {
  if (!isRecord(state) || state.useProductLookup !== false || !isRecord(state.product)) return null;
  const { productCode, url } = state.product;
  if (typeof productCode !== 'string' || typeof url !== 'string') return null;
  const wanted = key.toLowerCase();
  return productCode.toLowerCase() === wanted || url.toLowerCase() === wanted
    ? (state.product as unknown as T)
    : null;
}
