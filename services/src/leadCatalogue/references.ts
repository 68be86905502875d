import type { LeadCatalogueKind, LeadCatalogueRecord } from '@cubre/schemas';
import {
  LEAD_CATALOGUE_COLLECTIONS,
  catalogueSearchText,
  type LeadCatalogueDocument,
} from '@cubre/projections/leadCatalogue/projection';
import type { FieldError } from '@cubre/schemas';
import { HttpProblem } from '@cubre/platform/http/problem';
import type { Filter, ReadCollection, ReadStore } from '@cubre/platform/ports/readStore';
import type { CatalogueReference } from './decider';
import type { CatalogueUsage } from './usage';

/**
 * What the lead catalogues check in the read models before a command: references that must exist, names
 * that must not repeat, and what still refers to a record about to be deleted. The read models answer for
 * the console's own previous writes (every write waits for its projection); the deciders judge the rest.
 */

export const catalogueCollection = <K extends LeadCatalogueKind>(store: ReadStore, kind: K) =>
  store.collection<LeadCatalogueDocument<K>>(LEAD_CATALOGUE_COLLECTIONS[kind]);

const LIVE = { deleted: false } as const;
/** How many referring ids a refusal names. */
const NAMED_IDS = 10;

async function existingIds(collection: ReadCollection, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await collection.find({ _id: { $in: ids.map(String) }, ...LIVE });
  return new Set(found.map((doc) => Number(doc._id)));
}

function unknownReferences(field: string, ids: readonly number[], known: Set<number>, what: string) {
  return ids.flatMap((id, index): FieldError[] =>
    known.has(id)
      ? []
      : [
          {
            field: field === 'id' ? 'id' : `${field}.${index}`,
            rule: what === 'estado' ? 'unknown_status' : 'unknown_sub_status',
            message: `no existe el ${what} ${id}`,
          },
        ],
  );
}

const sameName = (name: string, id: number): Filter => ({
  searchName: catalogueSearchText(name),
  _id: { $ne: String(id) },
  ...LIVE,
});

const duplicateName = (name: string, where: string) =>
  new HttpProblem(409, 'duplicate-name', 'Nombre repetido', `ya existe ${where} llamado ${name}`, [
    { field: 'name', rule: 'unique_name', message: `ya existe ${where} llamado ${name}` },
  ]);

/**
 * Checks a record about to be written: the statuses and sub-statuses it names exist (422
 * `unknown_status`, `unknown_sub_status`), and its name is not another live record's (409 `unique_name`;
 * for sub-statuses, among those sharing a parent). `fields` limits the checks to the fields being written.
 */
export async function checkRecord<K extends LeadCatalogueKind>(
  store: ReadStore,
  kind: K,
  record: LeadCatalogueRecord<K>,
  fields: ReadonlySet<string>,
): Promise<void> {
  const statuses = catalogueCollection(store, 'leadStatus');
  const subStatuses = catalogueCollection(store, 'leadSubStatus');
  const errors: FieldError[] = [];
  const expectStatuses = async (field: string, ids: readonly number[]) => {
    if (fields.has(field))
      errors.push(...unknownReferences(field, ids, await existingIds(statuses, ids), 'estado'));
  };
  const expectSubStatuses = async (field: string, ids: readonly number[]) => {
    if (fields.has(field)) {
      errors.push(...unknownReferences(field, ids, await existingIds(subStatuses, ids), 'sub-estado'));
    }
  };
  const named = record as { id: number; name?: string };
  let nameTaken = false;
  switch (kind) {
    case 'leadStatus':
      if (fields.has('name')) nameTaken = (await statuses.count(sameName(named.name!, named.id))) > 0;
      break;
    case 'leadSubStatus': {
      const { parentIds } = record as LeadCatalogueRecord<'leadSubStatus'>;
      await expectStatuses('parentIds', parentIds);
      if (fields.has('name') || fields.has('parentIds')) {
        const filter = { ...sameName(named.name!, named.id), parentIds: { $in: parentIds } };
        nameTaken = (await subStatuses.count(filter)) > 0;
      }
      break;
    }
    case 'failureReason': {
      await expectSubStatuses('subStatusIds', (record as LeadCatalogueRecord<'failureReason'>).subStatusIds);
      if (fields.has('name')) {
        nameTaken =
          (await catalogueCollection(store, 'failureReason').count(sameName(named.name!, named.id))) > 0;
      }
      break;
    }
    case 'leadTransition': {
      await expectStatuses('id', [named.id]);
      await expectStatuses('to', (record as LeadCatalogueRecord<'leadTransition'>).to);
      break;
    }
  }
  if (errors.length > 0) {
    throw new HttpProblem(
      422,
      'unknown-reference',
      'Referencia desconocida',
      errors.map((error) => error.message).join('; '),
      errors,
    );
  }
  if (nameTaken) {
    throw duplicateName(
      named.name!,
      kind === 'leadSubStatus' ? 'un sub-estado del mismo estado' : 'otro registro',
    );
  }
}

/**
 * What refers to a record: for a status, the sub-statuses under it and the transition policies from or to
 * it; for a sub-status, the failure reasons offered under it; then whatever the domains that use the
 * catalogue hold (`usages`: the leads in that status, sub-status or failure reason). A transition policy is
 * referred to by nothing.
 */
export async function referencesTo(
  store: ReadStore,
  kind: LeadCatalogueKind,
  id: number,
  usages: readonly CatalogueUsage[],
): Promise<CatalogueReference[]> {
  const own = await ownReferencesTo(store, kind, id);
  const used = await Promise.all(usages.map((usage) => usage(store, kind, id)));
  return [...own, ...used.flat()];
}

/** The catalogue's own records that refer to a record. */
export async function referencesIn(
  collection: ReadCollection,
  resource: string,
  filter: Filter,
  idOf: (doc: { _id: string }) => number | string = (doc) => Number(doc._id),
): Promise<CatalogueReference> {
  const count = await collection.count(filter);
  const named = count === 0 ? [] : await collection.find(filter, { sort: { _id: 1 }, limit: NAMED_IDS });
  return { resource, count, ids: named.map(idOf) };
}

function ownReferencesTo(
  store: ReadStore,
  kind: LeadCatalogueKind,
  id: number,
): Promise<CatalogueReference[]> {
  switch (kind) {
    case 'leadStatus':
      return Promise.all([
        referencesIn(catalogueCollection(store, 'leadSubStatus'), 'lead-sub-statuses', {
          parentIds: id,
          ...LIVE,
        }),
        referencesIn(catalogueCollection(store, 'leadTransition'), 'lead-transitions', {
          $or: [{ _id: String(id) }, { to: id }],
          ...LIVE,
        }),
      ]);
    case 'leadSubStatus':
      return Promise.all([
        referencesIn(catalogueCollection(store, 'failureReason'), 'failure-reasons', {
          subStatusIds: id,
          ...LIVE,
        }),
      ]);
    case 'failureReason':
    case 'leadTransition':
      return Promise.resolve([]);
  }
}

/** The id a record created without one gets: one more than any id the catalogue ever had (deleted too). */
export async function nextCatalogueId(store: ReadStore, kind: LeadCatalogueKind): Promise<number> {
  const [highest] = await catalogueCollection(store, kind).find({}, { sort: { id: -1 }, limit: 1 });
  return (highest ? Number(highest.id ?? highest._id) : 0) + 1;
}
