import { COMPARATOR_LINK_CATEGORY, type ComparatorUrlSaved } from '@cubre/schemas';
import type { Projection } from '@cubre/platform/projections/projection';

export const COMPARATOR_LINKS_PROJECTION = 'comparatorLinks';
export const COMPARATOR_LINKS_COLLECTION = 'comparatorLinks';

export type ComparatorLinkDocument = {
  [key: string]: unknown;
  /** The short link code. */
  _id: string;
  url: string;
  path: string;
  savedAt: string;
  /** Stream revision last applied: the guard that makes a replay change nothing. */
  revision: number;
};

/**
 * The payload's shape, checked by hand: a replay applies 100,000 events a second, and a full zod parse
 * per event would cost a fifth of that budget. The writer validated it with zod before storing it.
 */
function payloadOf(data: Record<string, unknown>): ComparatorUrlSaved['data'] {
  const { link, url, path } = data;
  if (typeof link !== 'string' || typeof url !== 'string' || typeof path !== 'string') {
    throw new Error(`ComparatorUrlSaved without link, url and path: ${JSON.stringify(Object.keys(data))}`);
  }
  return { link, url, path };
}

/** Saved comparator URLs by short link, for GET api/buscarplanes/comparator/url/{lastSegment} and /url/{link}. */
export const comparatorLinksProjection: Projection = {
  name: COMPARATOR_LINKS_PROJECTION,
  categories: [COMPARATOR_LINK_CATEGORY],
  collections: [COMPARATOR_LINKS_COLLECTION],
  async apply(event, store) {
    if (event.type !== 'ComparatorUrlSaved') return;
    const data = payloadOf(event.data);
    await store
      .collection<ComparatorLinkDocument>(COMPARATOR_LINKS_COLLECTION)
      .guardedUpdate(
        data.link,
        { revision: { $lt: event.revision } },
        { $set: { url: data.url, path: data.path, savedAt: event.occurredAt, revision: event.revision } },
        { upsert: true },
      );
  },
};
