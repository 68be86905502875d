import { performance } from 'node:perf_hooks';
import { find as mingoFind, Query } from 'mingo';
import { update as mingoUpdate } from 'mingo/updater';
import { join } from 'node:path';
import type { ReadCollection, ReadDocument } from '@cubre/platform/ports/readStore';
import { orderPage } from '@cubre/platform/adapters/memory/ordering';
import { parseSort } from '@cubre/platform/adapters/memory/sortKeys';
import { openSqliteReadStore, type SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';

/**
 * Micro benchmark of the embedded read store (SQLite, a file in the bench's folder, as the runtime keeps
 * it): (a) the projection hot path, guardedUpdate, on 10,000 documents, in units of work of 1,000 as the
 * runner applies batches; (b) a filtered, sorted page of 20,000 documents against mingo's own cursor and a
 * hand-written loop over the same documents in memory. Run by `npm run bench` (scripts/bench/run.ts). It
 * has no standalone entry point: inside the bench bundle `require.main === module` holds for every module,
 * and it ran concurrently with the append benchmark, slowing single appends six-fold.
 */

/** A deterministic generator, so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES = ['open', 'quoted', 'sold', 'lost'];

interface Policy extends ReadDocument {
  revision: number;
  status: string;
  region: string;
  premium: number;
  price: number;
  events: number;
  holder: { name: string; age: number };
}

function policies(count: number, seed: number): Policy[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => ({
    _id: `policy-${i}`,
    revision: 0,
    status: STATUSES[Math.floor(next() * STATUSES.length)]!,
    region: `r${Math.floor(next() * 16)}`,
    premium: Math.floor(next() * 100),
    price: Math.round(next() * 1_000_000) / 100,
    events: 0,
    holder: { name: `holder ${i}`, age: 18 + Math.floor(next() * 60) },
  }));
}

const seconds = (start: number): number => (performance.now() - start) / 1000;

/** Events applied per second through guardedUpdate, the way a projection applies them (batches as units). */
async function guardedUpdates(
  store: SqliteReadStore,
  collection: ReadCollection<Policy>,
  docs: number,
  calls: number,
): Promise<number> {
  const start = performance.now();
  for (let from = 0; from < calls; from += 1000) {
    await store.unitOfWork(async () => {
      for (let i = from; i < Math.min(calls, from + 1000); i++) {
        const revision = Math.floor(i / docs) + 1;
        await collection.guardedUpdate(
          `policy-${i % docs}`,
          { revision: { $lt: revision } },
          { $set: { revision, status: STATUSES[i & 3]!, 'holder.age': 20 + (i % 50) }, $inc: { events: 1 } },
        );
      }
    });
  }
  store.flush();
  return calls / seconds(start);
}

/** The same work with mingo's Query and updater on a clone: what the embedded store would cost naively. */
function mingoGuardedUpdates(docs: Policy[], calls: number): number {
  const byId = new Map(docs.map((doc) => [doc._id, doc]));
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    const revision = Math.floor(i / docs.length) + 1;
    const id = `policy-${i % docs.length}`;
    const doc = byId.get(id)!;
    if (!new Query({ revision: { $lt: revision } }).test(doc)) continue;
    const clone = structuredClone(doc);
    mingoUpdate(clone, {
      $set: { revision, status: STATUSES[i & 3]!, 'holder.age': 20 + (i % 50) },
      $inc: { events: 1 },
    });
    byId.set(id, clone);
  }
  return calls / seconds(start);
}

/** Milliseconds per call of `run`, after a warm-up, as the median of `rounds`. */
async function timePerCall(rounds: number, run: () => unknown): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function filteredSort(dir: string): Promise<Record<string, number>> {
  const docs = policies(20_000, 7);
  const store = openSqliteReadStore({ dataDir: join(dir, 'read-store-sort') });
  const collection = store.collection<Policy>('policies');
  for (const doc of docs) await collection.upsert(doc);
  const filter = { status: { $in: ['open', 'quoted'] }, premium: { $gte: 20 } };
  const page = { sort: { price: 1 as const }, skip: 40, limit: 20 };

  const ours = await collection.find(filter, page);
  const theirs = mingoFind(docs, filter).sort(page.sort).skip(page.skip).limit(page.limit).all();
  const byHand = (): Policy[] => {
    const matches: Policy[] = [];
    for (const doc of docs) {
      if ((doc.status === 'open' || doc.status === 'quoted') && doc.premium >= 20) matches.push(doc);
    }
    matches.sort((a, b) => a.price - b.price);
    return matches.slice(page.skip, page.skip + page.limit);
  };
  const ids = (list: object[]) => list.map((doc) => (doc as ReadDocument)._id).join();
  if (ids(ours) !== ids(theirs) || ids(ours) !== ids(byHand())) {
    throw new Error('the store, mingo and the hand-written loop disagree on the page');
  }

  const storeMs = await timePerCall(50, () => collection.find(filter, page));
  const mingoMs = await timePerCall(10, () =>
    mingoFind(docs, filter).sort(page.sort).skip(page.skip).limit(page.limit).all(),
  );
  const handMs = await timePerCall(50, byHand);

  // The two ways to order the page: a bounded heap of skip + limit documents vs. sorting every match.
  const matches = docs.filter(
    (doc) => (doc.status === 'open' || doc.status === 'quoted') && doc.premium >= 20,
  );
  const fields = parseSort(page.sort);
  const heapMs = await timePerCall(50, () => orderPage(matches, fields, page.skip, page.limit, 'heap'));
  const fullSortMs = await timePerCall(50, () => orderPage(matches, fields, page.skip, page.limit, 'sort'));

  await collection.createIndex({ status: 1 });
  const indexedMs = await timePerCall(50, () => collection.find({ ...filter, status: 'open' }, page));
  await store.close();
  return {
    'sort.matches': matches.length,
    'sort.store.ms': storeMs,
    'sort.mingo.ms': mingoMs,
    'sort.handLoop.ms': handMs,
    'sort.mingoOverStore': mingoMs / storeMs,
    'sort.storeOverHandLoop': storeMs / handMs,
    'sort.page.heap.ms': heapMs,
    'sort.page.fullSort.ms': fullSortMs,
    'sort.page.fullSortOverHeap': fullSortMs / heapMs,
    'sort.indexedOneStatus.ms': indexedMs,
  };
}

async function hotPath(dir: string): Promise<Record<string, number>> {
  const docs = policies(10_000, 3);
  const store = openSqliteReadStore({ dataDir: join(dir, 'read-store-hot-path') });
  const collection = store.collection<Policy>('policies');
  for (const doc of docs) await collection.upsert(doc);
  await guardedUpdates(store, collection, docs.length, 50_000); // warm-up
  const changing = await guardedUpdates(store, collection, docs.length, 200_000);

  // Replaying events already applied: every guard fails, nothing changes.
  const replayStart = performance.now();
  for (let i = 0; i < 100_000; i++) {
    await collection.guardedUpdate(
      `policy-${i % docs.length}`,
      { revision: { $lt: 1 } },
      { $inc: { events: 1 } },
    );
  }
  const replaying = 100_000 / seconds(replayStart);

  const indexed = store.collection<Policy>('indexed');
  for (const doc of docs) await indexed.upsert(doc);
  await indexed.createIndex({ status: 1 });
  await indexed.createIndex({ 'holder.name': 1 }, { unique: true });
  const withIndexes = await guardedUpdates(store, indexed, docs.length, 200_000);

  const upsertStart = performance.now();
  for (let i = 0; i < 100_000; i++) await collection.upsert({ ...docs[i % docs.length]!, revision: i });
  const upserts = 100_000 / seconds(upsertStart);

  const naive = mingoGuardedUpdates(docs, 20_000);
  await store.close();
  return {
    'guardedUpdate.perSecond': changing,
    'guardedUpdate.replay.perSecond': replaying,
    'guardedUpdate.twoIndexes.perSecond': withIndexes,
    'guardedUpdate.mingoNaive.perSecond': naive,
    'guardedUpdate.overMingoNaive': changing / naive,
    'upsert.perSecond': upserts,
  };
}

export async function benchEmbeddedReadStore(dir: string): Promise<Record<string, number>> {
  return { ...(await hotPath(dir)), ...(await filteredSort(dir)) };
}
