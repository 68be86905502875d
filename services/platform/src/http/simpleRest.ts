import type { Request, RequestHandler, Response } from 'express';
import type { FieldError } from '@cubre/schemas/problem';
import { INTERCEPTOR_QUERY } from '@cubre/schemas/interceptors';
import { z } from 'zod';
import type { Filter, SortSpec } from '../ports/readStore';
import { HttpProblem, invalidRequest } from './problem';
import { withContract } from './validate';

/**
 * The list query of react-admin's `ra-data-simple-rest` provider (issue 5):
 * `?sort=["name","ASC"]&range=[0,24]&filter={"status":2}`, each a JSON value. Every admin list route parses
 * it here, so a malformed one is the same 400 problem everywhere.
 */
export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  /** Inclusive, as react-admin sends it: [0,24] is the first 25 rows. */
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

/** Longest page a client may ask for: react-admin's default is 10–25, exports ask for up to 1,000. */
export const MAX_PAGE_ROWS = 1000;
const DEFAULT_RANGE = { start: 0, end: 24 };

/**
 * The list query's parameters as the published contract shows them (each is JSON text, parsed by
 * parseListQuery, which also refuses any parameter not named here).
 */
export const ListQueryParameters = z.strictObject({
  sort: z.string().optional().describe('JSON: ["campo","ASC"|"DESC"]'),
  range: z
    .string()
    .optional()
    .describe(`JSON: [inicio, fin], enteros inclusivos, a lo más ${MAX_PAGE_ROWS} filas`),
  filter: z.string().optional().describe('JSON: un objeto de filtros de la lista'),
  ...INTERCEPTOR_QUERY,
  _: z.string().optional().describe('Evita cachés intermedios; se ignora'),
});

/**
 * A list route's handler (it calls parseListQuery), carrying the list query contract. Express 5 forwards
 * the handler's rejected promise to the error handler itself.
 */
export const listRoute = (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  withContract(handler, { query: ListQueryParameters, params: z.strictObject({}) });

function parseJsonParam(req: Request, name: string): unknown {
  const raw = req.query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badParam(name, 'json', `${name} aparece una sola vez`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badParam(name, 'json', `${name} debe ser JSON`);
  }
}

const badParam = (field: string, rule: string, message: string) => invalidRequest([{ field, rule, message }]);

/**
 * Parses sort, range and filter. `sortable` lists the fields a client may sort by (a sort on anything else
 * is refused by name, so a typo never silently sorts by nothing); `filters` the filter keys accepted.
 */
export function parseListQuery(
  req: Request,
  options: { sortable: readonly string[]; filters: readonly string[] },
): ListQuery {
  const errors: FieldError[] = [];
  const known = new Set(Object.keys(ListQueryParameters.shape));
  for (const name of Object.keys(req.query)) {
    if (!known.has(name)) errors.push({ field: name, rule: 'unknown', message: 'parámetro desconocido' });
  }
  if (errors.length) throw invalidRequest(errors);

  let sort: ListQuery['sort'] = null;
  const rawSort = parseJsonParam(req, 'sort');
  if (rawSort !== undefined) {
    if (
      !Array.isArray(rawSort) ||
      rawSort.length !== 2 ||
      typeof rawSort[0] !== 'string' ||
      (rawSort[1] !== 'ASC' && rawSort[1] !== 'DESC')
    ) {
      throw badParam('sort', 'format', 'sort es ["campo","ASC"|"DESC"]');
    }
    // react-admin's data provider sorts by id when a list names no sort (a <List> without one, a
    // reference field, useGetList): every list accepts it (issue 12).
    if (rawSort[0] !== 'id' && !options.sortable.includes(rawSort[0])) {
      throw badParam('sort', 'sortable', `no se puede ordenar por ${rawSort[0]}`);
    }
    sort = { field: rawSort[0], order: rawSort[1] };
  }

  let range = DEFAULT_RANGE;
  const rawRange = parseJsonParam(req, 'range');
  if (rawRange !== undefined) {
    if (
      !Array.isArray(rawRange) ||
      rawRange.length !== 2 ||
      !rawRange.every((n) => Number.isInteger(n) && n >= 0) ||
      rawRange[1] < rawRange[0]
    ) {
      throw badParam('range', 'format', 'range es [inicio, fin] con enteros, fin ≥ inicio');
    }
    // Past 2^53 a JSON number is no longer the integer written (issue 13: a 500 once it reached the store).
    if (!rawRange.every((n) => Number.isSafeInteger(n))) {
      throw badParam('range', 'max', `range admite enteros hasta ${Number.MAX_SAFE_INTEGER}`);
    }
    if (rawRange[1] - rawRange[0] + 1 > MAX_PAGE_ROWS) {
      throw badParam('range', 'max', `a lo más ${MAX_PAGE_ROWS} filas por página`);
    }
    range = { start: rawRange[0], end: rawRange[1] };
  }

  let filter: Record<string, unknown> = {};
  const rawFilter = parseJsonParam(req, 'filter');
  if (rawFilter !== undefined) {
    if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
      throw badParam('filter', 'format', 'filter es un objeto JSON');
    }
    const unknown = Object.keys(rawFilter).filter((key) => key !== 'id' && !options.filters.includes(key));
    if (unknown.length) {
      throw invalidRequest(
        unknown.map((key) => ({ field: `filter.${key}`, rule: 'unknown', message: 'filtro desconocido' })),
      );
    }
    filter = rawFilter as Record<string, unknown>;
  }
  return { sort, range, filter };
}

/** MongoDB sort of a list query, with `_id` last so pages never overlap on ties. */
export function sortSpecOf(query: ListQuery, fieldPath: (field: string) => string = (f) => f): SortSpec {
  if (!query.sort) return { _id: 1 };
  const path = query.sort.field === 'id' ? '_id' : fieldPath(query.sort.field);
  const direction = query.sort.order === 'ASC' ? 1 : -1;
  return path === '_id' ? { _id: direction } : { [path]: direction, _id: 1 };
}

/** `filter.id` as react-admin's getMany sends it (a list of ids) or a single id, as a MongoDB filter. */
export function idFilterOf(filter: Record<string, unknown>): Filter {
  const ids = filter.id;
  if (ids === undefined) return {};
  const list = Array.isArray(ids) ? ids : [ids];
  if (!list.every((id) => typeof id === 'string' || typeof id === 'number')) {
    throw badParam('filter.id', 'format', 'id es un identificador o una lista de ellos');
  }
  return { _id: { $in: list.map(String) } };
}

/**
 * Answers a page: the rows as JSON and `Content-Range: {resource} {start}-{end}/{total}`, which
 * ra-data-simple-rest reads the total from (exposed to other origins by the CORS rule of /api/admin).
 */
export function sendPage(
  res: Response,
  resource: string,
  query: ListQuery,
  rows: unknown[],
  total: number,
): void {
  const end = rows.length === 0 ? query.range.start : query.range.start + rows.length - 1;
  res.setHeader('Content-Range', `${resource} ${query.range.start}-${end}/${total}`);
  res.setHeader('Cache-Control', 'no-store');
  res.json(rows);
}

/** Rows of a list query's page out of a read-store find: skip and limit from the inclusive range. */
export const pageOptions = (query: ListQuery) => ({
  skip: query.range.start,
  limit: query.range.end - query.range.start + 1,
});

/** A 404 in the admin API's words. */
export const recordNotFound = (resource: string, id: string) =>
  new HttpProblem(404, 'not-found', 'No encontrado', `${resource} ${id} no existe`, [
    { field: 'id', rule: 'not_found', message: `${resource} ${id} no existe` },
  ]);

/** `filter[key]` as a list of strings (one value or an array), undefined when absent. */
export function stringsOf(filter: Record<string, unknown>, key: string): string[] | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string' && item.length <= 200)) {
    throw invalidRequest([
      { field: `filter.${key}`, rule: 'format', message: 'un texto o una lista de textos' },
    ]);
  }
  return list as string[];
}

/** `filter[key]` as one string, undefined when absent. */
export function stringOf(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > 200) {
    throw invalidRequest([{ field: `filter.${key}`, rule: 'format', message: 'un texto' }]);
  }
  return value;
}

/** `$and` of the non-empty filters. */
export function allOf(...filters: Filter[]): Filter {
  const parts = filters.filter((filter) => Object.keys(filter).length > 0);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0]! : { $and: parts };
}

/** The console's date filters: a day (2026-11-26) or an ISO instant. */
/** A date, or an instant with its zone (Z or an offset): a bare local time would be the server's zone's. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** The date part names a real day (Date.parse takes 2026-02-30 as March 2nd). */
const realDay = (value: string) =>
  new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) === value.slice(0, 10);

/**
 * `{field}_gte` / `{field}_lte` of the console's date-range filters on `path` (ISO strings, compared as
 * stored): a value that is no ISO date is a 400 naming the filter, and a day alone as the upper bound takes
 * the whole day (`createdAt_lte: 2026-11-26` keeps what happened on the 26th).
 */
export function dateRangeOf(filter: Record<string, unknown>, field: string, path = field): Filter {
  const bounds: Filter[] = [];
  for (const [suffix, operator] of [
    ['gte', '$gte'],
    ['lte', '$lte'],
  ] as const) {
    const key = `${field}_${suffix}`;
    const value = stringOf(filter, key);
    if (value === undefined) continue;
    if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value)) || !realDay(value)) {
      throw invalidRequest([
        { field: `filter.${key}`, rule: 'format', message: 'una fecha ISO (2026-11-26)' },
      ]);
    }
    // Stored instants are UTC ISO strings with milliseconds, compared as text: an instant given with an
    // offset ('…-03:00') or without milliseconds is written the same way first, so it compares as the
    // instant it is (a date alone is a whole UTC day).
    const bound =
      value.length === 10
        ? operator === '$lte'
          ? `${value}T23:59:59.999Z`
          : value
        : new Date(value).toISOString();
    bounds.push({ [path]: { [operator]: bound } });
  }
  return allOf(...bounds);
}

/**
 * `filter[key]` (one value or a list) as an `$in` on `path`, or no condition when absent. With `allowed`
 * (a closed vocabulary: states, methods…), a value outside it is a 400 naming the filter and the values, not
 * an empty list a typo would hide behind.
 */
export function inListOf(
  filter: Record<string, unknown>,
  key: string,
  path = key,
  allowed?: readonly string[],
): Filter {
  const values = stringsOf(filter, key);
  if (values && allowed) {
    const unknown = values.filter((value) => !allowed.includes(value));
    if (unknown.length > 0) {
      throw invalidRequest([
        { field: `filter.${key}`, rule: 'one_of', message: `uno de: ${allowed.join(', ')}` },
      ]);
    }
  }
  return values ? { [path]: { $in: values } } : {};
}
