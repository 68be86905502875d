import type { LeadCatalogueKind } from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { CatalogueReference } from './decider';

/**
 * A query port: what another domain holds that refers to a catalogue record (the leads in a status, say).
 * A record still referred to cannot be deleted; the catalogue asks each domain that uses it rather than
 * reading their read models, and the runtime wires the answers (leads' `leadsReferringTo`).
 */
export type CatalogueUsage = (
  store: ReadStore,
  kind: LeadCatalogueKind,
  id: number,
) => Promise<CatalogueReference[]>;
