import { searchText, type LeadDocument } from '@cubre/projections/leads/projection';
import { cleanRut, type Principal } from '@cubre/schemas';
import type { Filter } from '@cubre/platform/ports/readStore';
import { invalidRequest } from '@cubre/platform/http/problem';

/** Filters of the console's lead list (issue 5) and the sorts it offers. */
export const LEAD_LIST_FILTERS = [
  'status',
  'subStatus',
  'executiveId',
  'requestType',
  'country',
  'productCode',
  'createdAt_gte',
  'createdAt_lte',
  'q',
] as const;
export const LEAD_LIST_SORTS = [
  'createdAt',
  'updatedAt',
  'status.id',
  'productName',
  'executiveName',
] as const;

const bad = (field: string, message: string) =>
  invalidRequest([{ field: `filter.${field}`, rule: 'format', message }]);

const idList = (field: string, value: unknown): number[] => {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map(Number);
  if (list.length === 0 || !ids.every((id) => Number.isInteger(id) && id > 0)) {
    throw bad(field, `${field} es un id o una lista de ids`);
  }
  return ids;
};

const text = (field: string, value: unknown, max = 200): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw bad(field, `${field} es un texto de 1 a ${max} caracteres`);
  }
  return value;
};

const textList = (field: string, value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).map((item) => text(field, item));

const isoDate = (field: string, value: unknown): string => {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw bad(field, `${field} es una fecha ISO`);
  }
  // A bare date means the whole day: `lte` 2026-11-23 includes that day's leads.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return field.endsWith('_lte') ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
  }
  return new Date(value).toISOString();
};

/**
 * The MongoDB filter of a lead list: the console's filters, and for a user without lead:read-all only the
 * leads assigned to them. `q` finds by RUT (any punctuation), e-mail or name (without accents).
 */
export function leadListFilter(raw: Record<string, unknown>, principal: Principal): Filter {
  const filter: Filter = {};
  const and: Filter[] = [];
  if (raw.status !== undefined) filter['status.id'] = { $in: idList('status', raw.status) };
  if (raw.subStatus !== undefined) filter['subStatus.id'] = { $in: idList('subStatus', raw.subStatus) };
  if (raw.executiveId !== undefined) {
    filter.executiveId = raw.executiveId === null ? null : { $in: textList('executiveId', raw.executiveId) };
  }
  if (raw.requestType !== undefined) filter.requestType = { $in: textList('requestType', raw.requestType) };
  if (raw.country !== undefined) filter.country = { $in: textList('country', raw.country) };
  if (raw.productCode !== undefined) filter.productCode = { $in: textList('productCode', raw.productCode) };
  const created: Record<string, string> = {};
  if (raw.createdAt_gte !== undefined) created.$gte = isoDate('createdAt_gte', raw.createdAt_gte);
  if (raw.createdAt_lte !== undefined) created.$lte = isoDate('createdAt_lte', raw.createdAt_lte);
  if (Object.keys(created).length) filter.createdAt = created;
  if (raw.q !== undefined) and.push(searchFilter(text('q', raw.q).trim()));
  if (!principal.permissions.has('lead:read-all')) filter.executiveId = principal.userId;
  return and.length ? { ...filter, $and: and } : filter;
}

/**
 * What `q` finds: an e-mail by its address, a RUT or document by its characters without punctuation, else
 * a name by the words it contains (accents and case ignored). Deciding which one it is keeps the first two
 * on their indexes instead of scanning every lead for all three.
 */
function searchFilter(q: string): Filter {
  if (q.includes('@')) return { 'search.email': q.toLowerCase() };
  const rut = cleanRut(q);
  const looksLikeId = /^[\d.\s-]+[\dkK]?$/.test(q) && rut.length >= 7;
  if (looksLikeId) return { $or: [{ 'search.rut': rut }, { 'search.rut': q.toUpperCase() }] };
  const name = searchText(q);
  return { 'search.nombre': { $regex: escapeRegex(name) } };
}

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A user may work a lead assigned to them, or any lead with lead:read-all. */
export const mayReach = (principal: Principal, lead: Pick<LeadDocument, 'executiveId'>) =>
  principal.permissions.has('lead:read-all') || lead.executiveId === principal.userId;
