/**
 * The company promo block in the result list (rules 000-5.05 to 000-5.09): inserted at position 7
 * (index 6) only on the health-insurance comparator, outside showcase mode, with more than 6 results and
 * a first insured aged 30 or more.
 */

export const PROMO_INDEX = 6;
export const PROMO_MIN_RESULTS_EXCLUSIVE = 6;
export const PROMO_MIN_AGE = 30;

/**
 * Fixed wording of the block (000-5.09), as dictionary keys (public/i18n: es.json holds the Spanish); its
 * link is the company comparator (000-2.13).
 */
export const PROMO_WORDING = Object.freeze({
  title: 'promo.title',
  text: 'promo.text',
  button: 'promo.button',
  link: '/Comparar/Seguro-Complementario-Empresa',
});

export interface PromoMarker {
  readonly kind: 'promo';
}

export const PROMO_MARKER: PromoMarker = Object.freeze({ kind: 'promo' });

export interface PromoContext {
  comparatorIsHealth: boolean;
  showcase: boolean;
  firstInsuredAge: number | undefined;
  /** Results in the whole result set (metaData.total), not only the ones on screen. */
  total: number;
  /**
   * Page on screen in paginated mode (default 1). The block is the 7th position of the list, so it is
   * shown on the first page only, not on every page.
   */
  page?: number;
}

export function isPromo(item: unknown): item is PromoMarker {
  return typeof item === 'object' && item !== null && (item as { kind?: unknown }).kind === 'promo';
}

export function promoApplies(ctx: PromoContext): boolean {
  return (
    ctx.comparatorIsHealth &&
    !ctx.showcase &&
    ctx.total > PROMO_MIN_RESULTS_EXCLUSIVE &&
    typeof ctx.firstInsuredAge === 'number' &&
    ctx.firstInsuredAge >= PROMO_MIN_AGE &&
    (ctx.page ?? 1) === 1
  );
}

/**
 * The items with the promo marker at index 6 when the rules allow it; otherwise the items unchanged.
 * Needs at least 6 items on screen (the block goes after the 6th), and never inserts a second marker.
 */
export function withPromo<T>(items: readonly T[], ctx: PromoContext): Array<T | PromoMarker> {
  if (!promoApplies(ctx) || items.length < PROMO_INDEX || items.some(isPromo)) return [...items];
  return [...items.slice(0, PROMO_INDEX), PROMO_MARKER, ...items.slice(PROMO_INDEX)];
}
