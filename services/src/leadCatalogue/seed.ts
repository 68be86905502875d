import {
  LEAD_CATALOGUE_SCHEMAS,
  leadCatalogueStream,
  type CommandMetadata,
  type LeadCatalogueKind,
  type LeadCatalogueRecord,
} from '@cubre/schemas';
import { LEAD_CATALOGUE_PROJECTION } from '@cubre/projections/leadCatalogue/projection';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { LEAD_CATALOGUE_AGGREGATES, type CatalogueRecordCommand } from './decider';
import {
  DEFAULT_LEAD_STATUSES,
  DEFAULT_LEAD_SUB_STATUSES,
  DEFAULT_LEAD_TRANSITIONS,
} from '@cubre/schemas/leadCatalogue/defaults';
import { DEFAULT_FAILURE_REASONS } from './failureReasons';

/** The default catalogue, kind by kind (README.md beside this file lists it). */
export const DEFAULT_LEAD_CATALOGUE: { [K in LeadCatalogueKind]: LeadCatalogueRecord<K>[] } = {
  leadStatus: DEFAULT_LEAD_STATUSES,
  leadSubStatus: DEFAULT_LEAD_SUB_STATUSES,
  failureReason: DEFAULT_FAILURE_REASONS,
  leadTransition: DEFAULT_LEAD_TRANSITIONS,
};

/** The command id of a default record: the same on every start, so its events are recognised. */
const seedMetadata = (kind: LeadCatalogueKind, id: number, at: Date): CommandMetadata => ({
  commandId: `seed:leadCatalogue:${kind}:${id}`,
  correlationId: 'seed:leadCatalogue',
  causationId: null,
  actor: { kind: 'system', id: 'seed' },
  receivedAt: at.toISOString(),
});

async function seedRecord<K extends LeadCatalogueKind>(
  context: AppContext,
  kind: K,
  record: LeadCatalogueRecord<K>,
  now: Date,
) {
  const command: CatalogueRecordCommand<LeadCatalogueRecord<K>> = {
    type: 'SeedRecord',
    record: LEAD_CATALOGUE_SCHEMAS[kind].record.parse(record) as LeadCatalogueRecord<K>,
  };
  const streamId = leadCatalogueStream(kind, record.id);
  const result = await handleCommand(
    context.eventStore,
    LEAD_CATALOGUE_AGGREGATES[kind],
    streamId,
    command,
    seedMetadata(kind, record.id, now),
  );
  return { streamId, globalPosition: result.globalPosition };
}

/**
 * Seeds the default lead catalogue through the catalogue's own commands when the runtime starts. A record
 * is seeded only on a stream that never existed, so an edit or a deletion made in the console stays, and a
 * second start stores nothing (its command ids, and so its event ids, are the same). The records are
 * consistent among themselves, so they go in concurrently (the event store commits queued appends together)
 * without the read-model checks the console's writes get; the start then waits for the projection.
 */
export async function seedLeadCatalogue(context: AppContext): Promise<void> {
  const now = context.clock();
  const kinds = Object.keys(DEFAULT_LEAD_CATALOGUE) as LeadCatalogueKind[];
  const results = await Promise.all(
    kinds.flatMap((kind) =>
      (DEFAULT_LEAD_CATALOGUE[kind] as LeadCatalogueRecord<typeof kind>[]).map((record) =>
        seedRecord(context, kind, record, now),
      ),
    ),
  );
  const last = results.reduce((a, b) => (b.globalPosition > a.globalPosition ? b : a), {
    streamId: '',
    globalPosition: 0,
  });
  if (last.globalPosition > 0) {
    await context.visibility.waitUntilVisible(
      { globalPosition: last.globalPosition, streamId: last.streamId },
      [LEAD_CATALOGUE_PROJECTION],
      context.config.readYourWritesTimeoutMs,
    );
  }
}
