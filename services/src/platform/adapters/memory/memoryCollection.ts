import type {
  Filter,
  FindOptions,
  ReadCollection,
  ReadDocument,
  SortSpec,
  UpdateSpec,
} from '../../ports/readStore';
import type { CollectionState } from './collectionState';
import { InvalidDocumentError, InvalidQueryError } from './errors';
import { compileFilter } from './filterCompiler';
import { equalityConditions } from './filterEqualities';
import { frozenCopy, seal } from './frozenJson';
import type { OrderedIndex } from './orderedIndex';
import { orderPage } from './ordering';
import { parseSort } from './sortKeys';
import { applyUpdate, validateUpdate } from './updater';
import { isOperatorObject } from './valueTests';

const COUNT_CACHE_SIZE = 64;

/** Whether the store is still open; shared by the store and every collection handle. */
export interface Lifecycle {
  closed: boolean;
}

function count(name: string, value: number | undefined): number {
  if (value === undefined) return 0;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidQueryError(`${name} must be a whole number of at least 0, got ${String(value)}`);
  }
  return value;
}

function checkId(id: unknown): asserts id is string {
  if (typeof id !== 'string') {
    throw new InvalidDocumentError(`_id must be a string, got ${JSON.stringify(id) ?? typeof id}`);
  }
}

function checkFilter(filter: unknown, operation: string): asserts filter is Filter {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new InvalidQueryError(`${operation} needs a filter object, got ${JSON.stringify(filter)}`);
  }
}

/**
 * The document an upsert creates: `_id` and the guard's equality fields, as MongoDB seeds an upsert from
 * its query's equality clauses.
 */
function seedFromGuard(id: string, guard: Filter): ReadDocument {
  const seed = seal({ _id: id });
  const fields: Record<string, unknown> = {};
  let any = false;
  for (const condition of equalityConditions(guard)) {
    if (!condition.single || condition.path === '_id') continue;
    fields[condition.path] = condition.values[0];
    any = true;
  }
  return any ? applyUpdate(seed, { $set: fields }, true) : seed;
}

/**
 * Whether a top-level condition is one equality and nothing else (`2`, `{ $eq: 2 }`, `{ $in: [2] }`), so a
 * part of a compound index holding exactly the documents equal to that value answers it.
 */
function isWholeEquality(condition: unknown): boolean {
  if (condition === undefined || condition instanceof RegExp) return false;
  if (!isOperatorObject(condition)) return true;
  const ops = Object.keys(condition);
  if (ops.length !== 1) return false;
  if (ops[0] === '$eq') return !(condition.$eq instanceof RegExp);
  return (
    ops[0] === '$in' &&
    Array.isArray(condition.$in) &&
    condition.$in.length === 1 &&
    !(condition.$in[0] instanceof RegExp)
  );
}

const withoutFields = (filter: Filter, fields: readonly string[]): Filter => {
  const rest = { ...filter };
  for (const field of fields) delete rest[field];
  return rest;
};

/** The port over one in-memory collection. Documents handed out are the stored ones: frozen, never cloned. */
export class MemoryCollection<T extends ReadDocument> implements ReadCollection<T> {
  /** Recent counts by filter, each good while the collection's version has not moved. */
  private readonly counts = new Map<string, { version: number; total: number }>();

  constructor(
    private readonly state: CollectionState,
    private readonly lifecycle: Lifecycle,
  ) {}

  private open(): CollectionState {
    if (this.lifecycle.closed) throw new Error(`the read store is closed (collection '${this.state.name}')`);
    return this.state;
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const state = this.open();
    if (filter !== undefined) checkFilter(filter, 'find');
    const skip = count('skip', options?.skip);
    const limit = count('limit', options?.limit);
    const sort = parseSort(options?.sort);
    const walked = this.walkOrdered(state, filter, options?.sort, skip, limit);
    if (walked) return walked as T[];
    // Without a sort the page is the first matches: stop scanning once it is full.
    const max = sort.length === 0 && limit > 0 ? skip + limit : Infinity;
    const matches = state.matchingDocs(filter, compileFilter(filter), max) as T[];
    return orderPage(matches, sort, skip, limit);
  }

  /**
   * A page sorted by a field kept in an ordered index: walk the index from the right end and stop once the
   * page is full, instead of sorting every match. Used when the filter's own indexes leave more candidates
   * than a few pages (a narrow filter is cheaper to sort). Ties on the field are ordered by the sort's other
   * fields, then insertion order, exactly as a full sort would. Undefined: not applicable.
   */
  private walkOrdered(
    state: CollectionState,
    filter: Filter | undefined,
    spec: SortSpec | undefined,
    skip: number,
    limit: number,
  ): ReadDocument[] | undefined {
    if (!spec || limit === 0) return undefined;
    const field = Object.keys(spec)[0];
    if (field === undefined) return undefined;
    const { index, covered } = this.orderedIndexFor(state, filter, field);
    if (!index?.usable) return undefined;
    const end = skip + limit;
    const candidates = state.candidateCount(filter);
    if (candidates !== undefined && candidates <= 8 * end) return undefined;
    const sort = parseSort(spec);
    const rest = sort.slice(1);
    // Every document of a compound index's part already meets the partition's condition: test the rest.
    const predicate = compileFilter(covered.length > 0 ? withoutFields(filter!, covered) : filter);
    const page: ReadDocument[] = [];
    // Matches before the page are counted, not kept (page 50 skips a thousand of them).
    let skipped = 0;
    index.walk(
      sort[0]!.direction,
      (entry) => {
        if (!predicate(entry.doc)) return true;
        if (skipped < skip) skipped++;
        else page.push(entry.doc);
        return page.length < limit;
      },
      (group) => {
        const matches = group.filter((entry) => predicate(entry.doc)).map((entry) => entry.doc);
        const ordered = rest.length > 0 && matches.length > 1 ? orderPage(matches, rest, 0, 0) : matches;
        const from = Math.min(skip - skipped, ordered.length);
        skipped += from;
        page.push(...ordered.slice(from, from + limit - page.length));
        return page.length < limit;
      },
    );
    return page;
  }

  /**
   * The ordered index to walk for a sort on `field`: the part of a compound one whose partition the filter
   * names with one value (only the matching documents are walked), else the field's own ordered index.
   * `covered` names the filter's top-level fields the part answers whole (an equality with nothing else),
   * which the walk then need not test.
   */
  private orderedIndexFor(
    state: CollectionState,
    filter: Filter | undefined,
    field: string,
  ): { index: OrderedIndex | undefined; covered: string[] } {
    const compound = state.partitioned.get(field);
    if (compound && filter) {
      const conditions = equalityConditions(filter);
      // The index whose partition names the most of the filter's fields: the smallest part to walk.
      let best: { index: OrderedIndex; covered: string[]; fields: number } | undefined;
      for (const index of compound) {
        if (!index.usable || (best && index.partition.length <= best.fields)) continue;
        const values: unknown[] = [];
        for (const path of index.partition) {
          const condition = conditions.find((c) => c.path === path && c.values.length === 1);
          if (!condition) break;
          values.push(condition.values[0]);
        }
        if (values.length < index.partition.length) continue;
        const part = index.partFor(values);
        if (!part) continue;
        const covered = index.partition.filter((path) => isWholeEquality(filter[path]));
        best = { index: part, covered, fields: index.partition.length };
      }
      if (best) return best;
    }
    return { index: state.ordered.get(field), covered: [] };
  }

  async findOne(filter: Filter): Promise<T | null> {
    const state = this.open();
    checkFilter(filter, 'findOne');
    return (state.matchingDocs(filter, compileFilter(filter), 1)[0] as T | undefined) ?? null;
  }

  async count(filter?: Filter): Promise<number> {
    const state = this.open();
    if (filter === undefined) return state.entries.size;
    checkFilter(filter, 'count');
    if (Object.keys(filter).length === 0) return state.entries.size;
    // Counting is a scan of the candidates: the same count with no write since is answered from a cache.
    const key = JSON.stringify(filter);
    const cached = this.counts.get(key);
    if (cached && cached.version === state.version) return cached.total;
    const total = state.count(filter, compileFilter(filter));
    if (this.counts.size >= COUNT_CACHE_SIZE) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { version: state.version, total });
    return total;
  }

  async upsert(doc: T): Promise<void> {
    const state = this.open();
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      throw new InvalidDocumentError(`a document is an object, got ${JSON.stringify(doc)}`);
    }
    checkId(doc._id);
    state.put(frozenCopy(doc, 'the document') as ReadDocument);
  }

  async guardedUpdate(
    id: string,
    guard: Filter,
    update: UpdateSpec,
    options?: { upsert?: boolean },
  ): Promise<boolean> {
    const state = this.open();
    checkId(id);
    checkFilter(guard, 'guardedUpdate');
    const entry = state.entries.get(id);
    if (entry) {
      // Compiled only when there is a document to test: a replay into an empty collection never needs it.
      if (!compileFilter(guard)(entry.doc)) {
        // MongoDB rejects a malformed update whether or not a document matched; so do we.
        validateUpdate(update);
        return false;
      }
      const next = applyUpdate(entry.doc, update, false);
      if (next === entry.doc) return false;
      state.replace(entry, next);
      return true;
    }
    if (!options?.upsert) {
      validateUpdate(update);
      return false;
    }
    state.put(applyUpdate(seedFromGuard(id, guard), update, true));
    return true;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const state = this.open();
    checkFilter(filter, 'deleteMany');
    const doomed = state.matching(filter, compileFilter(filter));
    for (const entry of doomed) state.remove(entry);
    return doomed.length;
  }

  async createIndex(keys: SortSpec, options?: { unique?: boolean; ordered?: boolean }): Promise<void> {
    const state = this.open();
    if (typeof keys !== 'object' || keys === null || Array.isArray(keys)) {
      throw new InvalidQueryError(`index keys are an object of field: 1 | -1, got ${JSON.stringify(keys)}`);
    }
    state.indexes.declare(keys, options?.unique === true, state.entries.values());
    const fields = Object.keys(keys);
    if (options?.ordered && fields.length === 1) state.declareOrdered(fields[0]!);
    if (options?.ordered && fields.length >= 2) state.declarePartitioned(fields.slice(0, -1), fields.at(-1)!);
  }
}
