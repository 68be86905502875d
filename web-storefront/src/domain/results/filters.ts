/**
 * The comparator's filter state, its URL form and the compare call's body (rules 000-3.24, 000-3.25,
 * 000-4.21, 000-5.26, 000-7.02, 001-3.11). Field names and limits are those of the API's
 * CompareRequest (schemas/src/catalogue/compareRequest.ts).
 *
 * URL form: id lists as comma-separated values under their API names (insuranceTypes=a,b), amounts as
 * plain numbers (fromPrice=50000), order=lowerPrice, page=2; the isapre plan filters as
 * comercializable=true|false, parto=conParto|reducidoParto and planTypes=0,2 with the seed's ids
 * (0 libreEleccion, 1 prestadorPreferente, 2 planCerrado). Defaults (order recommended, page 1, empty
 * lists) are left out, and values that do not parse are ignored rather than refused: a hand-edited URL
 * still opens the page. In memory the plan filters are the API's flags (conParto, planCerrado…).
 */

export const COMPARE_ORDERS = ['lowerPrice', 'higherPrice', 'recommended', 'popular', 'distance'] as const;
export type CompareOrder = (typeof COMPARE_ORDERS)[number];
export const DEFAULT_ORDER: CompareOrder = 'recommended';
/** Older links say affinity for the distance order. */
const ORDER_ALIASES: Readonly<Record<string, CompareOrder>> = { affinity: 'distance' };

export const ORGANIZATION_TYPES_REQUIRED = 'organizationTypes es requerido';
/** The API refuses more (compareRequest.ts MAX_TAKE, list and page limits). */
export const MAX_TAKE = 100;
export const MAX_LIST_ITEMS = 200;
export const MAX_ID_LENGTH = 120;
export const MAX_PAGE = 10_000;

/** Plan types of 000-3.25, by id: 0 libreEleccion, 1 prestadorPreferente, 2 planCerrado. */
export const PLAN_TYPES = ['libreEleccion', 'prestadorPreferente', 'planCerrado'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const BIRTH_FLAGS = ['conParto', 'reducidoParto'] as const;
export type BirthFlag = (typeof BIRTH_FLAGS)[number];

export const LIST_KEYS = [
  'insuranceTypes',
  'organizations',
  'coverageOrganizations',
  'coverageCountries',
  'categoryTypes',
  'previsiones',
  'features',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];
export const AMOUNT_KEYS = ['fromPrice', 'toPrice', 'fromDeductible', 'toDeductible'] as const;
export type AmountKey = (typeof AMOUNT_KEYS)[number];

/**
 * The filter state. Lists and amounts are absent when not set (an empty list counts as absent); the
 * isapre plan filters are flags named as the API names them, set only when true (comercializable may
 * also be false: "not commercial").
 */
export type ComparatorFilters = { [K in ListKey]?: string[] } & { [K in AmountKey]?: number } & {
  order: CompareOrder;
  page: number;
  comercializable?: boolean;
} & { [K in BirthFlag | PlanType]?: boolean };
/** Short name of ComparatorFilters. */
export type Filters = ComparatorFilters;

/** Every URL parameter this module owns (others, such as perfil or productType, are left alone). */
export const FILTER_PARAMS = [
  ...LIST_KEYS,
  ...AMOUNT_KEYS,
  'order',
  'page',
  'comercializable',
  'parto',
  'planTypes',
] as const;

export function emptyFilters(): ComparatorFilters {
  return { order: DEFAULT_ORDER, page: 1 };
}

const paramsOf = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** Comma-separated ids (000-3.24): trimmed, blanks and repeats dropped, within the API's limits. */
export function parseIdList(text: string | null | undefined): string[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '' && id.length <= MAX_ID_LENGTH);
  return [...new Set(ids)].slice(0, MAX_LIST_ITEMS);
}

const amountOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
};

export function isCompareOrder(value: unknown): value is CompareOrder {
  return typeof value === 'string' && (COMPARE_ORDERS as readonly string[]).includes(value);
}

const validPage = (page: unknown) =>
  typeof page === 'number' && Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;

/**
 * The one representation of a filter state: empty lists, undefined or invalid amounts and false flags
 * left out (comercializable false kept), a bad page made 1, an unknown order made the default. Two
 * states that filter the same are then equal, also as JSON.
 */
export function normaliseFilters(filters: Partial<ComparatorFilters>): ComparatorFilters {
  const result = emptyFilters();
  for (const key of LIST_KEYS) {
    const list = filters[key];
    const ids = Array.isArray(list) ? parseIdList(list.join(',')) : [];
    if (ids.length > 0) result[key] = ids;
  }
  for (const key of AMOUNT_KEYS) {
    const value = amountOf(filters[key]);
    if (value !== undefined) result[key] = value;
  }
  if (isCompareOrder(filters.order)) result.order = filters.order;
  result.page = validPage(filters.page);
  if (typeof filters.comercializable === 'boolean') result.comercializable = filters.comercializable;
  // Birth coverage is one choice (000-3.25): with both flags set neither filters, so neither is kept.
  if (filters.conParto === true && filters.reducidoParto !== true) result.conParto = true;
  if (filters.reducidoParto === true && filters.conParto !== true) result.reducidoParto = true;
  for (const type of PLAN_TYPES) if (filters[type] === true) result[type] = true;
  return result;
}

export function filtersFromSearch(search: string): ComparatorFilters {
  const params = paramsOf(search);
  const parsed: Partial<ComparatorFilters> = {};
  for (const key of LIST_KEYS) parsed[key] = parseIdList(params.get(key));
  for (const key of AMOUNT_KEYS) parsed[key] = amountOf(params.get(key));
  const order = params.get('order') ?? '';
  parsed.order = isCompareOrder(order) ? order : ORDER_ALIASES[order];
  parsed.page = Number(params.get('page') ?? 1);
  const commercial = params.get('comercializable');
  if (commercial === 'true' || commercial === 'false') parsed.comercializable = commercial === 'true';
  const birth = params.get('parto');
  if (birth === 'conParto' || birth === 'reducidoParto') parsed[birth] = true;
  for (const id of parseIdList(params.get('planTypes'))) {
    const type = /^[0-2]$/.test(id) ? PLAN_TYPES[Number(id)] : undefined;
    if (type) parsed[type] = true;
  }
  return normaliseFilters(parsed);
}

const pair = (key: string, value: string) => `${key}=${encodeURIComponent(value)}`;
const listPair = (key: string, values: readonly (string | number)[]) =>
  `${key}=${values.map((value) => encodeURIComponent(String(value))).join(',')}`;

/**
 * The search (as location.search writes it: '' or '?…') for the filters, keeping the parameters of
 * `base` this module does not own (perfil, productType, code…). Commas of id lists stay readable.
 */
export function searchFromFilters(filters: Partial<ComparatorFilters>, base = ''): string {
  const state = normaliseFilters(filters);
  const kept = paramsOf(base);
  for (const key of FILTER_PARAMS) kept.delete(key);
  const parts = kept.toString() === '' ? [] : [kept.toString()];
  for (const key of LIST_KEYS) {
    const list = state[key];
    if (list) parts.push(listPair(key, list));
  }
  for (const key of AMOUNT_KEYS) {
    const value = state[key];
    if (value !== undefined) parts.push(pair(key, String(value)));
  }
  if (state.order !== DEFAULT_ORDER) parts.push(pair('order', state.order));
  if (state.page > 1) parts.push(pair('page', String(state.page)));
  if (state.comercializable !== undefined) parts.push(pair('comercializable', String(state.comercializable)));
  const birth = BIRTH_FLAGS.find((flag) => state[flag]);
  if (birth) parts.push(pair('parto', birth));
  const planTypes = PLAN_TYPES.flatMap((type, id) => (state[type] ? [id] : []));
  if (planTypes.length > 0) parts.push(listPair('planTypes', planTypes));
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/**
 * A filter change (000-4.21): the patch applied and the page back to 1. A patch member set to undefined
 * clears that filter. Choosing one birth option drops the other.
 */
export function withFilterChange(
  filters: Partial<ComparatorFilters>,
  patch: Partial<Omit<ComparatorFilters, 'page'>>,
): ComparatorFilters {
  const next: Partial<ComparatorFilters> = { ...filters, ...patch, page: 1 };
  if (patch.conParto === true) delete next.reducidoParto;
  if (patch.reducidoParto === true) delete next.conParto;
  return normaliseFilters(next);
}

/** How many filters are set (each list, amount and flag once; order and page are not filters). */
export function activeFilterCount(filters: Partial<ComparatorFilters>): number {
  const state = normaliseFilters(filters);
  const set = [...LIST_KEYS, ...AMOUNT_KEYS].filter((key) => state[key] !== undefined).length;
  const flags = [...BIRTH_FLAGS, ...PLAN_TYPES].filter((flag) => state[flag]).length;
  return set + flags + (state.comercializable === undefined ? 0 : 1);
}

export function withPage(filters: Partial<ComparatorFilters>, page: number): ComparatorFilters {
  return normaliseFilters({ ...filters, page });
}

export interface CompareContext {
  /** The comparator's base URL ('Comparar/Seguros-de-Salud'); the API finds the comparator by it. */
  comparator: string;
  organizationTypes: readonly string[];
  productType?: string;
  profile?: object | null;
  take: number;
  /** metaData.uuid of the previous page, so later pages come from the same result set. */
  uuid?: string;
  displayShowcase?: boolean;
  /** The currency the price filter's amounts are written in (000-7.02 `targetCurrency`). */
  targetCurrency?: string;
}

/** Body of POST /api/insurance/compare/metadata (000-7.02); only fields that are set are sent. */
export interface CompareBody {
  profile?: object;
  page: number;
  take: number;
  organizationTypes: string[];
  insuranceTypes?: string[];
  organizations?: string[];
  coverageOrganizations?: string[];
  coverageCountries?: string[];
  categoryTypes?: string[];
  previsiones?: string[];
  features?: string[];
  fromPrice?: number;
  toPrice?: number;
  fromDeductible?: number;
  toDeductible?: number;
  targetCurrency?: string;
  productType?: string;
  order: CompareOrder;
  uuid?: string;
  comparator: string;
  displayShowcase?: boolean;
  comercializable?: boolean;
  conParto?: boolean;
  reducidoParto?: boolean;
  libreEleccion?: boolean;
  prestadorPreferente?: boolean;
  planCerrado?: boolean;
}

/**
 * The compare call's body. Without organization types the API answers 400 'organizationTypes es
 * requerido' (000-5.26); this throws that message before the call is made. `take` is kept within 1 to
 * 100, which the API accepts.
 */
export function compareBody(given: Partial<ComparatorFilters>, ctx: CompareContext): CompareBody {
  if (ctx.organizationTypes.length === 0) throw new Error(ORGANIZATION_TYPES_REQUIRED);
  const filters = normaliseFilters(given);
  const body: CompareBody = {
    page: filters.page,
    take: Math.min(MAX_TAKE, Math.max(1, Math.floor(ctx.take) || 1)),
    organizationTypes: [...ctx.organizationTypes],
    order: filters.order,
    comparator: ctx.comparator,
  };
  if (ctx.profile) body.profile = ctx.profile;
  for (const key of LIST_KEYS) if (filters[key]) body[key] = filters[key];
  for (const key of AMOUNT_KEYS) if (filters[key] !== undefined) body[key] = filters[key];
  // Only with a price bound: a body without one stays the same, so its cached answer still serves it.
  const priced = filters.fromPrice !== undefined || filters.toPrice !== undefined;
  if (priced && ctx.targetCurrency) body.targetCurrency = ctx.targetCurrency;
  if (ctx.productType !== undefined) body.productType = ctx.productType;
  if (ctx.uuid) body.uuid = ctx.uuid;
  if (ctx.displayShowcase !== undefined) body.displayShowcase = ctx.displayShowcase;
  if (filters.comercializable !== undefined) body.comercializable = filters.comercializable;
  for (const flag of [...BIRTH_FLAGS, ...PLAN_TYPES]) if (filters[flag]) body[flag] = true;
  return body;
}
