import { createMemoryReadStore } from '@cubre/services/platform/adapters/memory/readStore';
import type { ReadDocument } from '@cubre/services/platform/ports/readStore';

/**
 * An ordered index never changes an answer: every sorted page read through it equals the page of the same
 * collection without it, through inserts, updates that move the field, deletes, ties, missing values and
 * the descending walk; an array value retires the index and answers stay equal.
 */
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

function makeDoc(i: number): ReadDocument {
  const doc: ReadDocument = {
    _id: `d${String(i).padStart(5, '0')}`,
    status: pick([1, 2, 2, 3, 4]),
    country: pick(['CL', 'CL', 'PE']),
    name: pick(['ana', 'bea', 'carla', 'dora']),
  };
  // Ties (the same instant), nulls and missing values, out of insertion order.
  const r = random();
  if (r < 0.05) doc.createdAt = null;
  else if (r > 0.08)
    doc.createdAt = `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}T00:00:00Z`;
  return doc;
}

async function pair() {
  const ordered = createMemoryReadStore().collection('c');
  const plain = createMemoryReadStore().collection('c');
  await ordered.createIndex({ createdAt: 1 }, { ordered: true });
  await ordered.createIndex({ status: 1, createdAt: -1 }, { ordered: true });
  await ordered.createIndex({ status: 1, country: 1, createdAt: -1 }, { ordered: true });
  await ordered.createIndex({ status: 1 });
  await plain.createIndex({ status: 1 });
  return { ordered, plain };
}

const queries = [
  { filter: {}, sort: { createdAt: -1 as const }, skip: 0, limit: 20 },
  { filter: {}, sort: { createdAt: 1 as const, _id: 1 as const }, skip: 40, limit: 20 },
  {
    filter: { status: { $in: [2] } },
    sort: { createdAt: -1 as const, _id: 1 as const },
    skip: 60,
    limit: 20,
  },
  { filter: { country: 'CL' }, sort: { createdAt: -1 as const, name: 1 as const }, skip: 10, limit: 15 },
  { filter: { status: 3, country: 'PE' }, sort: { createdAt: 1 as const }, skip: 0, limit: 5 },
  // One value of the compound index's partition: only that part is walked.
  { filter: { status: 2 }, sort: { createdAt: -1 as const, _id: 1 as const }, skip: 0, limit: 10 },
  { filter: { status: { $in: [1] }, country: 'CL' }, sort: { createdAt: 1 as const }, skip: 3, limit: 5 },
  { filter: { status: 9 }, sort: { createdAt: -1 as const }, skip: 0, limit: 5 },
  // The part answers an equality whole and the walk tests only the rest; a condition with more than the
  // equality is still tested in full.
  { filter: { status: { $eq: 2 }, country: 'PE' }, sort: { createdAt: -1 as const }, skip: 2, limit: 5 },
  { filter: { status: { $in: [2], $ne: 2 } }, sort: { createdAt: -1 as const }, skip: 0, limit: 5 },
  { filter: { status: { $in: [2], $gte: 3 } }, sort: { createdAt: 1 as const }, skip: 0, limit: 5 },
  // Both fields of the three-field index: the part of status 2 in Chile, nothing left to test.
  { filter: { status: 2, country: { $in: ['CL'] } }, sort: { createdAt: -1 as const }, skip: 7, limit: 5 },
  { filter: { status: 2, country: 'CL', name: 'bea' }, sort: { createdAt: 1 as const }, skip: 0, limit: 4 },
  { filter: { status: 2, country: 'AR' }, sort: { createdAt: -1 as const }, skip: 0, limit: 4 },
  {
    filter: { status: 2, $or: [{ country: 'PE' }, { name: 'ana' }] },
    sort: { createdAt: -1 as const },
    skip: 1,
    limit: 6,
  },
];

async function expectSameAnswers(ordered: any, plain: any) {
  for (const { filter, sort, skip, limit } of queries) {
    expect(await ordered.find(filter, { sort, skip, limit })).toEqual(
      await plain.find(filter, { sort, skip, limit }),
    );
    expect(await ordered.count(filter)).toBe(await plain.count(filter));
  }
}

describe('the memory read store’s ordered index', () => {
  test('sorted pages equal a full sort through inserts, updates, deletes, ties and missing values', async () => {
    const { ordered, plain } = await pair();
    for (let i = 0; i < 600; i++) {
      const doc = makeDoc(i);
      await ordered.upsert(doc);
      await plain.upsert(doc);
    }
    await expectSameAnswers(ordered, plain);
    for (let i = 0; i < 200; i++) {
      const id = `d${String(Math.floor(random() * 600)).padStart(5, '0')}`;
      const change =
        random() < 0.5
          ? { createdAt: `2026-1${Math.floor(random() * 3)}-01T00:00:00Z` }
          : { status: pick([1, 2, 3]) };
      await ordered.guardedUpdate(id, {}, { $set: change });
      await plain.guardedUpdate(id, {}, { $set: change });
      if (i % 50 === 0) await expectSameAnswers(ordered, plain);
    }
    await ordered.deleteMany({ status: 4 });
    await plain.deleteMany({ status: 4 });
    await expectSameAnswers(ordered, plain);
  });

  test('an index declared over existing documents, and one retired by an array value, answer the same', async () => {
    const { plain } = await pair();
    const late = createMemoryReadStore().collection('c');
    for (let i = 0; i < 300; i++) {
      const doc = makeDoc(i);
      await late.upsert(doc);
      await plain.upsert(doc);
    }
    await late.createIndex({ createdAt: 1 }, { ordered: true });
    await late.createIndex({ status: 1, createdAt: -1 }, { ordered: true });
    await late.createIndex({ status: 1, country: 1, createdAt: -1 }, { ordered: true });
    await expectSameAnswers(late, plain);
    const array = {
      _id: 'arr',
      status: 2,
      country: 'CL',
      createdAt: ['2026-12-01T00:00:00Z', '2025-01-01T00:00:00Z'],
    };
    await late.upsert(array);
    await plain.upsert(array);
    await expectSameAnswers(late, plain);
  });

  test('a count is answered again after a write changes it', async () => {
    const { ordered } = await pair();
    await ordered.upsert({ _id: 'a', status: 2 });
    expect(await ordered.count({ status: 2 })).toBe(1);
    await ordered.upsert({ _id: 'b', status: 2 });
    expect(await ordered.count({ status: 2 })).toBe(2);
    await ordered.guardedUpdate('a', {}, { $set: { status: 3 } });
    expect(await ordered.count({ status: 2 })).toBe(1);
  });
});
