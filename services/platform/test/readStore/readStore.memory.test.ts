import { find } from 'mingo';
import {
  createMemoryReadStore,
  InvalidDocumentError,
  InvalidQueryError,
  InvalidUpdateError,
} from '@cubre/platform/adapters/memory/readStore';
import type { ReadDocument } from '@cubre/platform/ports/readStore';
import { randomDocs, randomFilter, seededRandom } from './randomData';
import { readStoreContract } from './readStoreContract';

describe('embedded read store contract (in memory)', () => {
  readStoreContract(async () => createMemoryReadStore());
});

describe('embedded read store specifics', () => {
  const store = createMemoryReadStore();
  let counter = 0;
  const collection = () => store.collection(`specifics-${counter++}`);

  test('documents handed out are copies: changing one changes neither the store nor the next answer', async () => {
    const target = collection();
    await target.upsert({ _id: '1', holder: { cargas: [{ edad: 3 }] } });
    const found = (await target.findOne({ _id: '1' }))!;
    (found.holder as { cargas: { edad: number }[] }).cargas.push({ edad: 1 });
    expect(await target.findOne({ _id: '1' })).toEqual({ _id: '1', holder: { cargas: [{ edad: 3 }] } });
    expect(await target.findOne({ _id: '1' })).not.toBe(found);
  });

  test('documents with equal sort keys keep the order they were first stored in', async () => {
    const target = collection();
    for (const id of ['c', 'a', 'd', 'b']) await target.upsert({ _id: id, group: 1 });
    await target.upsert({ _id: 'a', group: 1, touched: true });
    expect((await target.find({}, { sort: { group: 1 } })).map((doc) => doc._id)).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect((await target.find({}, { sort: { group: -1 }, skip: 1, limit: 2 })).map((doc) => doc._id)).toEqual(
      ['a', 'd'],
    );
  });

  test('random filters and pages give the same answers as mingo', async () => {
    const random = seededRandom(7);
    const docs = randomDocs(random, 200);
    const target = collection();
    for (const doc of docs) await target.upsert(doc);
    const ids = (list: unknown[]) => list.map((doc) => (doc as ReadDocument)._id);
    for (let i = 0; i < 400; i++) {
      // mingo departs from MongoDB on null ranges, arrays inside $in and the order of embedded documents.
      const filter = randomFilter(random, { noNullRanges: true, noArraysInLists: true });
      const sort = { [['n', 's', 'flag', 'nested.v'][i % 4]!]: i % 2 ? 1 : -1, rank: 1 } as const;
      const skip = i % 5;
      const limit = i % 3 === 0 ? 0 : 1 + (i % 9);
      let cursor = find(docs, filter).sort(sort).skip(skip);
      if (limit > 0) cursor = cursor.limit(limit);
      expect({ filter, ids: ids(await target.find(filter, { sort, skip, limit })) }).toEqual({
        filter,
        ids: ids(cursor.all()),
      });
    }
  });

  test('filters that mingo handles on its own still work: $regex, $size, $elemMatch, $all, $not, $expr', async () => {
    const target = collection();
    await target.upsert({
      _id: '1',
      name: 'Colmena Golden Cross',
      cargas: [{ edad: 3 }, { edad: 40 }],
      n: 5,
    });
    await target.upsert({ _id: '2', name: 'Banmédica', cargas: [{ edad: 12 }], n: 1 });
    const ids = async (filter: Record<string, unknown>) => (await target.find(filter)).map((doc) => doc._id);
    expect(await ids({ name: { $regex: '^colmena', $options: 'i' } })).toEqual(['1']);
    expect(await ids({ cargas: { $size: 1 } })).toEqual(['2']);
    expect(await ids({ cargas: { $elemMatch: { edad: { $gt: 10, $lt: 20 } } } })).toEqual(['2']);
    expect(await ids({ 'cargas.edad': { $all: [3, 40] } })).toEqual(['1']);
    expect(await ids({ n: { $not: { $gt: 2 } } })).toEqual(['2']);
    expect(await ids({ $expr: { $gt: ['$n', 2] } })).toEqual(['1']);
  });

  test('an update only mingo applies still works', async () => {
    const target = collection();
    await target.upsert({ _id: '1', n: 2, old: 'x', list: [3, 1, 2] });
    await target.guardedUpdate('1', {}, { $mul: { n: 5 }, $rename: { old: 'new' } } as never);
    await target.guardedUpdate('1', {}, { $push: { list: { $each: [0], $sort: 1 } } });
    const found = (await target.findOne({ _id: '1' }))!;
    expect(found).toEqual({ _id: '1', n: 10, new: 'x', list: [0, 1, 2, 3] });
  });

  test('documents that are not plain JSON are refused, naming the field', async () => {
    const target = collection();
    await expect(target.upsert('text' as never)).rejects.toBeInstanceOf(InvalidDocumentError);
    await expect(target.upsert({ _id: 7 } as never)).rejects.toThrow(/_id must be a string/);
    await expect(target.upsert({ _id: '1', signedAt: new Date() })).rejects.toThrow(
      /the document\.signedAt holds a Date object/,
    );
    await expect(target.upsert({ _id: '1', list: [1, () => 2] })).rejects.toThrow(
      /list\[1\] holds a function/,
    );
    // JSON has no NaN or Infinity, and documents are kept as JSON text.
    await expect(target.upsert({ _id: '1', price: { uf: Number.NaN } })).rejects.toThrow(
      /the document\.price\.uf holds the number NaN/,
    );
    expect(await target.count()).toBe(0);
    await target.upsert({ _id: '1' });
    await expect(target.guardedUpdate('1', {}, { $set: { at: new Map() } })).rejects.toBeInstanceOf(
      InvalidDocumentError,
    );
    expect(await target.findOne({ _id: '1' })).toEqual({ _id: '1' });
  });

  test('undefined fields are left out, as JSON and the MongoDB driver with ignoreUndefined do', async () => {
    const target = collection();
    await target.upsert({ _id: '1', a: undefined, list: [undefined, 1] });
    await target.guardedUpdate('1', { b: undefined }, { $set: { c: undefined, d: 1 } });
    expect(await target.findOne({ _id: '1' })).toEqual({ _id: '1', list: [null, 1], d: 1 });
    expect(Object.keys((await target.findOne({ _id: '1' }))!)).toEqual(['_id', 'list', 'd']);
  });

  test('malformed updates, filters, sorts and pages are refused with a message saying what is wrong', async () => {
    const target = collection();
    await target.upsert({ _id: '1', n: 1 });
    await expect(target.guardedUpdate('1', {}, {})).rejects.toThrow('at least one operator');
    await expect(target.guardedUpdate('1', {}, { n: 2 } as never)).rejects.toThrow(
      "the update has field 'n' outside an operator",
    );
    await expect(target.guardedUpdate('1', {}, { $set: { a: 1, 'a.b': 2 } })).rejects.toBeInstanceOf(
      InvalidUpdateError,
    );
    // A guard that fails still has its update checked, as MongoDB parses the update first.
    await expect(target.guardedUpdate('1', { n: 9 }, { $bogus: {} } as never)).rejects.toThrow(
      'unknown update operator $bogus',
    );
    await expect(target.find({ n: { $in: 1 } })).rejects.toThrow('$in needs an array');
    await expect(target.find({ n: { $gt: 1, m: 2 } })).rejects.toBeInstanceOf(InvalidQueryError);
    await expect(target.find({ $or: [] })).rejects.toThrow('$or needs a non-empty array');
    await expect(target.find({ n: { $unknownOperator: 1 } })).rejects.toThrow();
    await expect(target.find({}, { sort: { n: 2 as never } })).rejects.toThrow('must be 1 or -1');
    await expect(target.find({}, { skip: -1 })).rejects.toThrow('skip must be a whole number');
    await expect(target.find({}, { limit: 1.5 })).rejects.toThrow('limit must be a whole number');
    await expect(target.createIndex({ n: 0 as never })).rejects.toThrow('must be 1 or -1');
  });

  test('declaring an index twice is harmless, but not with a different uniqueness', async () => {
    const target = collection();
    await target.createIndex({ n: 1 });
    await target.createIndex({ n: 1 });
    await expect(target.createIndex({ n: 1 }, { unique: true })).rejects.toThrow('already exists');
  });

  test('like MongoDB, a unique index counts a missing field as null, so two documents without it collide', async () => {
    const target = collection();
    await target.createIndex({ email: 1 }, { unique: true });
    await target.upsert({ _id: '1' });
    await expect(target.upsert({ _id: '2', email: null })).rejects.toThrow('duplicate key');
  });

  test('a unique index holds each array item as a key of its own', async () => {
    const target = collection();
    await target.createIndex({ emails: 1 }, { unique: true });
    await target.upsert({ _id: '1', emails: ['a', 'b', 'a'] });
    await expect(target.upsert({ _id: '2', emails: ['c', 'b'] })).rejects.toThrow('duplicate key');
    await target.upsert({ _id: '2', emails: ['c'] });
    await target.deleteMany({ _id: '1' });
    await target.upsert({ _id: '3', emails: ['a'] });
    expect(await target.count()).toBe(2);
  });

  test('after close every operation is refused', async () => {
    const closing = createMemoryReadStore();
    const target = closing.collection('x');
    await target.upsert({ _id: '1' });
    await closing.close();
    await expect(target.find()).rejects.toThrow('closed');
    await expect(target.upsert({ _id: '2' })).rejects.toThrow('closed');
    await expect(closing.dropCollection('x')).rejects.toThrow('closed');
  });
});
