import { randomUUID } from 'node:crypto';
import {
  LEAD_CATALOGUE_CATEGORIES,
  LEAD_CATALOGUE_KINDS,
  categoryOf,
  type LeadCatalogueKind,
  type LeadCatalogueRecord,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const LEAD_CATALOGUE_PROJECTION = 'leadCatalogue';

/** The read collection of each catalogue. */
export const LEAD_CATALOGUE_COLLECTIONS = {
  leadStatus: 'leadStatuses',
  leadSubStatus: 'leadSubStatuses',
  failureReason: 'failureReasons',
  leadTransition: 'leadTransitions',
} as const satisfies Record<LeadCatalogueKind, string>;

/**
 * One document counting the changes applied to the catalogues: the lead policy's cache key (a read of one
 * small document instead of four collections on every status change). `epoch` is new whenever the
 * collection is created again (a rebuild), so a count that restarts never matches an old one.
 */
export const LEAD_CATALOGUE_VERSION_COLLECTION = 'leadCatalogueVersion';
export const LEAD_CATALOGUE_VERSION_ID = 'leadCatalogue';
export type LeadCatalogueVersionDocument = {
  [key: string]: unknown;
  _id: string;
  epoch: string;
  changes: number;
};

/**
 * A record as the read model keeps it: the record, its stream revision (the ETag), `deleted` (a tombstone
 * keeps the last record, so an old lead's status can still be named, and a late event never resurrects it)
 * and `searchName` (lower case, no accents) for the console's search.
 */
export type LeadCatalogueDocument<K extends LeadCatalogueKind> = LeadCatalogueRecord<K> & {
  [key: string]: unknown;
  /** The id as text (the store's key); `id` keeps the number, which lists sort by. */
  _id: string;
  revision: number;
  deleted: boolean;
  searchName: string;
};

/** Lower-cased, without accents and extra spaces: what the console's search and the name checks compare. */
export function catalogueSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const KIND_OF_CATEGORY = new Map(
  (Object.keys(LEAD_CATALOGUE_KINDS) as LeadCatalogueKind[]).map((kind) => [
    LEAD_CATALOGUE_KINDS[kind].category as string,
    kind,
  ]),
);

function recordOf(event: ProjectionEvent): Record<string, unknown> & { id: number } {
  const record = event.data.record as { id?: unknown } | undefined;
  if (typeof record !== 'object' || record === null || typeof record.id !== 'number') {
    throw new Error(`${event.type} without its record: ${JSON.stringify(Object.keys(event.data))}`);
  }
  return record as Record<string, unknown> & { id: number };
}

/**
 * The lead catalogues (seed 002 §3, issue 5) in four collections, `leadStatuses`, `leadSubStatuses`,
 * `failureReasons` and `leadTransitions`, for the console's lists and the lead decider's policy.
 */
export const leadCatalogueProjection: Projection = {
  name: LEAD_CATALOGUE_PROJECTION,
  categories: [...LEAD_CATALOGUE_CATEGORIES],
  collections: [...Object.values(LEAD_CATALOGUE_COLLECTIONS), LEAD_CATALOGUE_VERSION_COLLECTION],
  async setup(store) {
    for (const collection of Object.values(LEAD_CATALOGUE_COLLECTIONS)) {
      await store.collection(collection).createIndex({ deleted: 1 });
    }
    await store.collection(LEAD_CATALOGUE_COLLECTIONS.leadSubStatus).createIndex({ parentIds: 1 });
    await store.collection(LEAD_CATALOGUE_COLLECTIONS.failureReason).createIndex({ subStatusIds: 1 });
  },
  async apply(event, store) {
    const kind = KIND_OF_CATEGORY.get(categoryOf(event.streamId));
    if (!kind) return;
    const prefix = LEAD_CATALOGUE_KINDS[kind].eventPrefix;
    const collection = store.collection(LEAD_CATALOGUE_COLLECTIONS[kind]);
    const id = event.streamId.slice(LEAD_CATALOGUE_KINDS[kind].category.length + 1);
    let changed: boolean;
    if (event.type === `${prefix}Defined` || event.type === `${prefix}Revised`) {
      const record = recordOf(event);
      changed = await collection.guardedUpdate(
        id,
        { revision: { $lt: event.revision } },
        {
          $set: {
            ...record,
            revision: event.revision,
            deleted: false,
            searchName: catalogueSearchText(String(record.name ?? '')),
          },
        },
        { upsert: true },
      );
    } else if (event.type === `${prefix}Deleted`) {
      changed = await collection.guardedUpdate(
        id,
        { revision: { $lt: event.revision } },
        { $set: { revision: event.revision, deleted: true } },
        { upsert: true },
      );
    } else {
      return;
    }
    if (changed) await bumpVersion(store);
  },
};

async function bumpVersion(store: ReadStore) {
  await store
    .collection<LeadCatalogueVersionDocument>(LEAD_CATALOGUE_VERSION_COLLECTION)
    .guardedUpdate(
      LEAD_CATALOGUE_VERSION_ID,
      {},
      { $inc: { changes: 1 }, $setOnInsert: { epoch: randomUUID() } },
      { upsert: true },
    );
}
