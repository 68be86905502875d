import type { Filter, ReadCollection, ReadDocument, SortSpec } from '../ports/readStore';
import { allOf } from './simpleRest';

/**
 * Every document a filter matches, in a list's order, a page at a time, each page read from where the last
 * one ended (keyset paging on the sort's key and `_id`), never from an offset: a CSV export of 100,000 sales
 * or a million employees costs each page what the first one did. The sort is the list's: one key and `_id`
 * as its tiebreak (`{ state: -1, _id: 1 }`), or `_id` alone.
 *
 * After a page ending at (k, id) the next is read in at most two ranges, each an index's stretch where the
 * list's index ends in `_id`: the rest of k's tie group (`key = k`, `_id` past id), then the keys past k. A
 * low-variety key (a state shared by most rows) is thus read through its tie group by `_id`, where paging
 * on the key alone skipped the whole group's rows already written on every page (an offset growing with
 * the group: quadratic on a large export).
 */
export async function* keysetPages<T extends ReadDocument>(
  collection: ReadCollection<T>,
  filter: Filter,
  sort: SortSpec,
  pageSize: number,
): AsyncGenerator<T[]> {
  const order = keysetOrderOf(sort);
  let page = await collection.find(filter, { sort, limit: pageSize });
  while (page.length > 0) {
    yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    if (order.key === '_id') {
      page = await collection.find(allOf(filter, { _id: past(order.idDirection, last._id) }), {
        sort,
        limit: pageSize,
      });
      continue;
    }
    const value = valueAt(last, order.key);
    // A row without the key has no place to resume from that every store agrees on (the embedded one
    // orders a null before a missing field, MongoDB ties them), and `$gt`/`$lt` compare within one type
    // only: the lists' keys are always present, strings or numbers, one type per key.
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(
        `keyset paging needs a string or number ${order.key} on every row; ${last._id} has none`,
      );
    // Within one key the list's order is `_id`'s alone (a sort on the fixed key too reads as a sort to
    // SQLite, which then orders the rest of the group in a temporary tree).
    const ties = await collection.find(
      allOf(filter, { [order.key]: value, _id: past(order.idDirection, last._id) }),
      { sort: { _id: order.idDirection }, limit: pageSize },
    );
    page =
      ties.length < pageSize
        ? [
            ...ties,
            ...(await collection.find(allOf(filter, { [order.key]: past(order.direction, value) }), {
              sort,
              limit: pageSize - ties.length,
            })),
          ]
        : ties;
  }
}

type Order = { key: string; direction: 1 | -1; idDirection: 1 | -1 };

/**
 * The key and directions of a list's order; throws on a sort the paging cannot resume from (a programming
 * error: a caller checks it before it answers anything, so the error is never a stream cut short).
 */
export function keysetOrderOf(sort: SortSpec): Order {
  const entries = Object.entries(sort);
  const [key, direction] = entries[0] ?? ['_id', 1];
  if (key === '_id' && entries.length === 1) return { key, direction, idDirection: direction };
  const tiebreak = entries[1];
  // Any other shape has no single position to resume from: a programming error, never a caller's input.
  if (entries.length !== 2 || tiebreak?.[0] !== '_id')
    throw new Error(`keyset paging needs a sort of one key and _id, got ${JSON.stringify(sort)}`);
  return { key, direction, idDirection: tiebreak[1] };
}

const past = (direction: 1 | -1, value: unknown) => (direction === 1 ? { $gt: value } : { $lt: value });

/** The value at a dotted path (`buyer.email`) of a document, through embedded documents only. */
function valueAt(doc: Record<string, unknown>, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
