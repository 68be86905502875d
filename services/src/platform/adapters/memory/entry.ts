import type { ReadDocument } from '../../ports/readStore';

/**
 * A stored document's slot. Indexes hold slots, not ids, so a lookup needs no second map access; an
 * update swaps `doc` and keeps `seq`, the insertion order that unsorted results and sort ties follow.
 */
export interface Entry {
  doc: ReadDocument;
  readonly seq: number;
}

export const bySeq = (a: Entry, b: Entry): number => a.seq - b.seq;
