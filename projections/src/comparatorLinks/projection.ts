import { COMPARATOR_LINK_CATEGORY, ComparatorUrlSavedData } from '@cubre/schemas';
import type { Projection } from '../runner/projection';

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

/** Saved comparator URLs by short link, for GET api/buscarplanes/comparator/url/{lastSegment} and /url/{link}. */
export const comparatorLinksProjection: Projection = {
  name: COMPARATOR_LINKS_PROJECTION,
  categories: [COMPARATOR_LINK_CATEGORY],
  collections: [COMPARATOR_LINKS_COLLECTION],
  async apply(event, store) {
    if (event.type !== 'ComparatorUrlSaved') return;
    // The payload only: the envelope is the event store's own; a payload may come from an older version.
    const data = ComparatorUrlSavedData.parse(event.data);
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
