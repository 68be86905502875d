import { PROGRESS_COLLECTION, type ProjectionProgressDocument } from '@cubre/platform/projections/projection';
import {
  CATALOGUE_COLLECTIONS,
  type CardDocument,
  type ComparatorDocument,
  type InsuranceTypeDocument,
  type OrganizationDocument,
} from '@cubre/projections/catalogue/documents';
import { CATALOGUE_PROJECTION } from '@cubre/projections/catalogue/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';

/** The catalogue as one query sees it: the read models at one projection position. */
export interface CatalogueSnapshot {
  /** Changes whenever the catalogue projection moves: result caches are keyed by it. */
  version: string;
  cards: CardDocument[];
  organizations: OrganizationDocument[];
  insuranceTypes: InsuranceTypeDocument[];
  comparators: ComparatorDocument[];
}

/**
 * Holds the catalogue in memory for the comparator: 8,413 real plans plus the products are scanned,
 * priced and sorted per query, which a database round trip per query could not do in milliseconds. It
 * reloads when the catalogue projection's progress changes (checked at most every `checkIntervalMs`),
 * one reload at a time, from whichever read store the runtime has (memory, or MongoDB when distributed).
 */
export function createCatalogueSnapshots(
  readStore: ReadStore,
  options: { checkIntervalMs?: number; clock?: () => Date } = {},
) {
  const progress = readStore.collection<ProjectionProgressDocument>(PROGRESS_COLLECTION);
  const checkIntervalMs = options.checkIntervalMs ?? 250;
  const clock = options.clock ?? (() => new Date());
  let current: CatalogueSnapshot | undefined;
  let checkedAt = 0;
  let loading: Promise<CatalogueSnapshot> | undefined;

  const versionOf = (doc: ProjectionProgressDocument | null) =>
    doc
      ? `${doc.position}:${doc.rebuilding}:${JSON.stringify(doc.partitions ?? {})}:${doc.updatedAt}`
      : 'empty';

  async function load(version: string): Promise<CatalogueSnapshot> {
    const active = { withdrawn: false };
    const [cards, organizations, insuranceTypes, comparators] = await Promise.all([
      readStore.collection<CardDocument>(CATALOGUE_COLLECTIONS.cards).find(active, { sort: { _id: 1 } }),
      readStore
        .collection<OrganizationDocument>(CATALOGUE_COLLECTIONS.organizations)
        .find(active, { sort: { _id: 1 } }),
      readStore
        .collection<InsuranceTypeDocument>(CATALOGUE_COLLECTIONS.insuranceTypes)
        .find(active, { sort: { _id: 1 } }),
      readStore
        .collection<ComparatorDocument>(CATALOGUE_COLLECTIONS.comparators)
        .find(active, { sort: { _id: 1 } }),
    ]);
    return { version, cards, organizations, insuranceTypes, comparators };
  }

  return {
    /** The current snapshot, reloaded first if the projection moved since it was taken. */
    async get(): Promise<CatalogueSnapshot> {
      const now = clock().getTime();
      if (current && now - checkedAt < checkIntervalMs) return current;
      if (loading) return loading;
      checkedAt = now;
      const version = versionOf(await progress.findOne({ _id: CATALOGUE_PROJECTION }));
      if (current && current.version === version) return current;
      loading = load(version).finally(() => (loading = undefined));
      current = await loading;
      return current;
    },
  };
}
export type CatalogueSnapshots = ReturnType<typeof createCatalogueSnapshots>;

const shared = new WeakMap<ReadStore, CatalogueSnapshots>();

/**
 * One snapshot holder per read store: every module of a process shares the catalogue in memory once. The
 * clock (the app's) paces the progress checks.
 */
export function catalogueSnapshotsFor(readStore: ReadStore, clock?: () => Date): CatalogueSnapshots {
  let snapshots = shared.get(readStore);
  if (!snapshots) {
    snapshots = createCatalogueSnapshots(readStore, { clock });
    shared.set(readStore, snapshots);
  }
  return snapshots;
}
