import {
  Country,
  FailureReasonCreateBody,
  FailureReasonUpdateBody,
  LEAD_CATALOGUE_SCHEMAS,
  LeadCatalogueId,
  LeadStatusCreateBody,
  LeadStatusUpdateBody,
  LeadSubStatusCreateBody,
  LeadSubStatusUpdateBody,
  LeadTransitionCreateBody,
  LeadTransitionUpdateBody,
  RequestType,
  type LeadCatalogueKind,
} from '@cubre/schemas';
import { catalogueSearchText } from '@cubre/projections/leadCatalogue/projection';
import { z } from 'zod';
import type { Filter } from '@cubre/platform/ports/readStore';

/**
 * The four admin resources of the lead catalogues (admin-console/API.md): their bodies, the fields a list
 * sorts by and the filters it takes. A filter on a list field (`parentIds`, `to`, `countries`) takes one
 * value or a list, and matches records holding any of them.
 */
export interface CatalogueResource<K extends LeadCatalogueKind = LeadCatalogueKind> {
  kind: K;
  /** The path segment under /api/admin, and the unit of Content-Range. */
  resource: string;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  /** Whether a create without `id` gets one allocated (a transition policy is created under its status). */
  allocatesIds: boolean;
  sortable: readonly string[];
  filters: z.ZodObject;
  filterOf(values: Record<string, unknown>): Filter;
  /** The fields of a record, in the order answers list them. */
  fields: readonly string[];
}

/** Ids in filters come as JSON numbers, or as text from a URL-minded client. */
const FilterId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  LeadCatalogueId,
);
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(200)]);
const anyOf = (value: unknown) => ({ $in: Array.isArray(value) ? value : [value] });
const FilterFlag = z.boolean({ error: 'verdadero o falso' });
const FilterSearch = z.string().trim().min(1).max(80);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `q` (the console's search box), `active`, and the filters of list fields. */
function filterOf(values: Record<string, unknown>, listFields: readonly string[] = []): Filter {
  const filter: Filter = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (key === 'q') filter.searchName = { $regex: escapeRegex(catalogueSearchText(value as string)) };
    else if (listFields.includes(key)) filter[key] = anyOf(value);
    else filter[key] = value;
  }
  return filter;
}

const fieldsOf = (kind: LeadCatalogueKind) => Object.keys(LEAD_CATALOGUE_SCHEMAS[kind].record.shape);
const NAMED_SORT = ['id', 'name', 'order', 'active'] as const;

export const LEAD_STATUS_RESOURCE: CatalogueResource<'leadStatus'> = {
  kind: 'leadStatus',
  resource: 'lead-statuses',
  createBody: LeadStatusCreateBody,
  updateBody: LeadStatusUpdateBody,
  allocatesIds: true,
  sortable: [...NAMED_SORT, 'requiresSubStatus', 'requiresFailureReason'],
  filters: z.strictObject({
    q: FilterSearch.optional(),
    active: FilterFlag.optional(),
    requiresSubStatus: FilterFlag.optional(),
    requiresFailureReason: FilterFlag.optional(),
  }),
  filterOf: (values) => filterOf(values),
  fields: fieldsOf('leadStatus'),
};

export const LEAD_SUB_STATUS_RESOURCE: CatalogueResource<'leadSubStatus'> = {
  kind: 'leadSubStatus',
  resource: 'lead-sub-statuses',
  createBody: LeadSubStatusCreateBody,
  updateBody: LeadSubStatusUpdateBody,
  allocatesIds: true,
  sortable: NAMED_SORT,
  filters: z.strictObject({
    q: FilterSearch.optional(),
    active: FilterFlag.optional(),
    parentIds: oneOrMany(FilterId).optional(),
  }),
  filterOf: (values) => filterOf(values, ['parentIds']),
  fields: fieldsOf('leadSubStatus'),
};

export const FAILURE_REASON_RESOURCE: CatalogueResource<'failureReason'> = {
  kind: 'failureReason',
  resource: 'failure-reasons',
  createBody: FailureReasonCreateBody,
  updateBody: FailureReasonUpdateBody,
  allocatesIds: true,
  sortable: NAMED_SORT,
  filters: z.strictObject({
    q: FilterSearch.optional(),
    active: FilterFlag.optional(),
    requestTypes: oneOrMany(RequestType).optional(),
    subStatusIds: oneOrMany(FilterId).optional(),
    countries: oneOrMany(Country).optional(),
  }),
  filterOf: (values) => filterOf(values, ['requestTypes', 'subStatusIds', 'countries']),
  fields: fieldsOf('failureReason'),
};

export const LEAD_TRANSITION_RESOURCE: CatalogueResource<'leadTransition'> = {
  kind: 'leadTransition',
  resource: 'lead-transitions',
  createBody: LeadTransitionCreateBody,
  updateBody: LeadTransitionUpdateBody,
  allocatesIds: false,
  sortable: ['id'],
  filters: z.strictObject({ to: oneOrMany(FilterId).optional() }),
  filterOf: (values) => filterOf(values, ['to']),
  fields: fieldsOf('leadTransition'),
};

export const CATALOGUE_RESOURCES: CatalogueResource[] = [
  LEAD_STATUS_RESOURCE,
  LEAD_SUB_STATUS_RESOURCE,
  FAILURE_REASON_RESOURCE,
  LEAD_TRANSITION_RESOURCE,
] as CatalogueResource[];
