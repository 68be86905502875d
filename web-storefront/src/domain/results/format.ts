/**
 * Texts of a result card (rules 000-5.13 to 000-5.15, 000-9.03, 000-9.05, 000-9.06, 000-9.08,
 * 000-9.12, 000-9.13, 000-9.21, 001-9.09 to 001-9.11). They write amounts exactly as the server's
 * services/src/catalogue/pricing/{money,labels}.ts do, so a card reads the same whether a text came
 * formatted from the API or was formatted here. Words come from the dictionaries (public/i18n): the
 * seed's Spanish wording ('Sin tope', 'Desde'…) is es.json's, the other languages say the same.
 */
import type { Translate } from '../shell/i18n';

export type Currency = 'CLP' | 'UF' | 'PEN' | 'USD' | 'COP';
/** International special units (001-9.11): dollars with a qualifier after the amount. */
export type SpecialUnit = 'USD/Año' | 'USD/V' | 'USD/MUNDO' | 'USD/USA' | 'USD/LATAM';
export type MoneyUnit = Currency | SpecialUnit;

/** Dictionary keys of the card's fixed words. */
export const CARD_WORDS = Object.freeze({
  noTop: 'card.noTop',
  noDeductible: 'card.noDeductible',
  noPrice: 'card.consultar',
  notCovered: 'card.noCover',
  /** A top or deductible the catalogue does not give (null): not the same as 0, which means there is none. */
  notInformed: 'card.notInformed',
  from: 'price.from',
  newBadge: 'card.badge.newHint',
  /** Collective insurance's affinity: '87% para ti'. */
  affinityForYou: 'card.affinityForYou',
  stock: 'offer.STOCK',
  stockOne: 'offer.STOCK1',
});

const formats = new Map<string, Intl.NumberFormat>();
function digits(locale: string, min: number, max = min): Intl.NumberFormat {
  const key = `${locale}:${min}:${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/** UF amounts: whole ones as they are ('UF 5.000'), others with two decimals ('UF 2,35'). */
const ufDigits = (amount: number) => digits('es-CL', Number.isInteger(amount) ? 0 : 2).format(amount);

const WRITTEN: Record<Currency, (amount: number) => string> = {
  CLP: (amount) => `$${digits('es-CL', 0).format(amount)}`,
  COP: (amount) => `$${digits('es-CO', 0).format(amount)}`,
  PEN: (amount) => `S/ ${digits('es-PE', 2).format(amount)}`,
  USD: (amount) => `USD ${digits('es-CL', 2).format(amount)}`,
  UF: (amount) => `UF ${ufDigits(amount)}`,
};

/**
 * An amount in its unit (000-9.12, 000-9.13, 001-9.10, 001-9.11): '$1.650.000' (CLP, es-CL, no
 * decimals), '$1.650.000' (COP, no decimals), 'S/ 1,234.50' (PEN, 2 decimals), 'USD 1.234,50',
 * 'UF 2,35', 'USD 450,00/Año'. With a UF value, UF amounts are converted to whole pesos and written as
 * CLP. Not-a-number amounts are written as '' rather than 'NaN'.
 */
export function formatMoney(amount: number, unit: MoneyUnit, ufValue?: number): string {
  if (!Number.isFinite(amount)) return '';
  if (unit === 'UF' && ufValue !== undefined && Number.isFinite(ufValue) && ufValue > 0) {
    return formatMoney(Math.round(amount * ufValue) + 0, 'CLP');
  }
  const [currency, qualifier] = unit.startsWith('USD/')
    ? (['USD', unit.slice(3)] as const)
    : ([unit as Currency, ''] as const);
  const written = WRITTEN[currency](Math.abs(amount));
  const sign = amount < 0 && /[1-9]/.test(written) ? '-' : '';
  return `${sign}${written}${qualifier}`;
}

const percent = (value: number) => `${digits('es-CL', 0, 2).format(value)}%`;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * A coverage percentage (000-5.14): '80%', a range 'min% - max%', 'No Cubre' when missing or negative.
 * In a range a negative bound is dropped and the other shown; equal bounds read as one value.
 */
export function coveragePercent(
  value: number | { min: number | null | undefined; max: number | null | undefined } | null | undefined,
  t: Translate,
): string {
  const bounds = typeof value === 'object' && value !== null ? [value.min, value.max] : [value];
  const given = bounds.filter((bound): bound is number => isAmount(bound) && bound >= 0);
  if (given.length === 0) return t(CARD_WORDS.notCovered);
  const low = Math.min(...given);
  const high = Math.max(...given);
  return low === high ? percent(low) : `${percent(low)} - ${percent(high)}`;
}

/**
 * A top limit: 0 reads 'Sin tope' (000-5.13). The unit defaults to UF, in which Chilean health
 * insurance tops are given.
 */
export function topText(
  amount: number | null | undefined,
  t: Translate,
  unit: MoneyUnit = 'UF',
  ufValue?: number,
): string {
  if (!isAmount(amount)) return t(CARD_WORDS.notInformed);
  return amount === 0 ? t(CARD_WORDS.noTop) : formatMoney(amount, unit, ufValue);
}

/** A deductible: 0 reads 'Sin deducible' (000-5.13); the unit defaults to UF as for tops. */
export function deductibleText(
  amount: number | null | undefined,
  t: Translate,
  unit: MoneyUnit = 'UF',
  ufValue?: number,
): string {
  if (!isAmount(amount)) return t(CARD_WORDS.notInformed);
  return amount === 0 ? t(CARD_WORDS.noDeductible) : formatMoney(amount, unit, ufValue);
}

/**
 * A price: 'Consultar' without one (000-5.13). A price of 0 also reads 'Consultar': the catalogue uses 0
 * for "not informed" (000-5.27), and a free insurance is not a thing.
 */
export function priceText(
  price: number | null | undefined,
  t: Translate,
  unit: MoneyUnit = 'CLP',
  ufValue?: number,
): string {
  if (!isAmount(price) || price === 0) return t(CARD_WORDS.noPrice);
  return formatMoney(price, unit, ufValue);
}

/** Affinity: distance × 10, no decimals (000-9.05). */
export function affinityPercent(distance: number): number {
  return Number.isFinite(distance) ? Math.round(distance * 10) + 0 : 0;
}

/** '87%', or '87% para ti' for collective insurance (000-9.05). */
export function affinityText(distance: number, collective: boolean, t: Translate): string {
  const percent = affinityPercent(distance);
  return collective ? t(CARD_WORDS.affinityForYou, { percent }) : `${percent}%`;
}

export type FeatureLayout = 'grid' | 'list' | 'compact';
/** Feature icons shown before '+N' (000-9.06): grid card 4, list view 15, the compact layout 5. */
export const FEATURE_LIMITS: Readonly<Record<FeatureLayout, number>> = Object.freeze({
  grid: 4,
  list: 15,
  compact: 5,
});

/** The icons to show, how many more there are (`more`, 0 when none) and the '+N' text (null when none). */
export function visibleFeatures<T>(
  list: readonly T[],
  layout: FeatureLayout,
): { shown: T[]; more: number; moreText: string | null } {
  const limit = FEATURE_LIMITS[layout];
  const more = Math.max(0, list.length - limit);
  return { shown: list.slice(0, limit), more, moreText: more > 0 ? `+${more}` : null };
}

/**
 * A STOCK offer's text (000-9.21): 'Quedan solo N promociones disponibles'; singular for 1; null when
 * none is left (a count of 0 means the promotion is exhausted, 000-3.11).
 */
export function stockText(count: number, t: Translate): string | null {
  const left = Number.isFinite(count) ? Math.floor(count) : 0;
  if (left <= 0) return null;
  return t(left === 1 ? CARD_WORDS.stockOne : CARD_WORDS.stock, { n: left });
}

/** What the deductible is called: 'Copago' in Colombia, 'Deducible' elsewhere (001-9.09). */
export function deductibleName(country: 'CL' | 'PE' | 'CO' | 'INT'): string {
  return country === 'CO' ? 'Copago' : 'Deducible';
}
/** The name another formatting pipe of the Colombian site uses for the same amount (001-9.09). */
export const COLOMBIA_MODERATING_FEE_NAME = 'Cuota Moderadora';
