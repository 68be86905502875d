import { randomUUID } from 'node:crypto';
import { DuplicateKeyError } from '@cubre/platform/adapters/memory/errors';
import type {
  Filter,
  FindOptions,
  ReadCollection,
  ReadDocument,
  ReadStore,
} from '@cubre/platform/ports/readStore';
import { FILTER_FIELDS, randomDocs, randomFilter, seededRandom } from './randomData';

/**
 * The behaviour every read store adapter must have: MongoDB's answers to filters, sorts and updates. A
 * server-backed store is shared between tests, so every test works in collections of its own.
 */
export function readStoreContract(makeStore: () => Promise<ReadStore>): void {
  let store: ReadStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(async () => {
    await store.close();
  });

  const used: string[] = [];
  afterAll(async () => {
    // Leaves a shared server as it was found; the store may be closed already for the embedded one.
    for (const name of used) await store.dropCollection(name).catch(() => undefined);
  });

  function collection<T extends ReadDocument = ReadDocument>(): ReadCollection<T> {
    const name = `contract_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    used.push(name);
    return store.collection<T>(name);
  }

  async function seeded(docs: ReadDocument[]): Promise<ReadCollection> {
    const target = collection();
    for (const doc of docs) await target.upsert(doc);
    return target;
  }

  const ids = (docs: ReadDocument[]): string[] => docs.map((doc) => doc._id);
  const sortedIds = (docs: ReadDocument[]): string[] => ids(docs).sort();
  const idsOf = async (target: ReadCollection, filter: Filter, options?: FindOptions): Promise<string[]> =>
    options ? ids(await target.find(filter, options)) : sortedIds(await target.find(filter));

  describe('filters', () => {
    const plans: ReadDocument[] = [
      { _id: 'a', insurer: 'Colmena', price: 10, tags: ['dental', 'ges'], region: { code: 13, name: 'RM' } },
      { _id: 'b', insurer: 'Banmédica', price: 25.5, tags: ['ges'], region: { code: 5 } },
      { _id: 'c', insurer: 'Colmena', price: '30', tags: [], region: null },
      { _id: 'd', insurer: null, price: 40, tags: 'dental' },
      { _id: 'e', price: [5, 50], region: { code: 13, name: 'RM' } },
    ];
    let plansCollection: ReadCollection;
    beforeAll(async () => {
      plansCollection = await seeded(plans);
    });

    test('an equality filter matches documents whose field holds exactly that value', async () => {
      expect(await idsOf(plansCollection, { insurer: 'Colmena' })).toEqual(['a', 'c']);
      expect(await idsOf(plansCollection, { price: { $eq: 40 } })).toEqual(['d']);
    });

    test('an equality filter on an array field matches arrays that contain the value', async () => {
      expect(await idsOf(plansCollection, { tags: 'dental' })).toEqual(['a', 'd']);
      expect(await idsOf(plansCollection, { price: 50 })).toEqual(['e']);
    });

    test('an array in an equality filter matches the same array, in the same order', async () => {
      expect(await idsOf(plansCollection, { tags: ['dental', 'ges'] })).toEqual(['a']);
      expect(await idsOf(plansCollection, { tags: ['ges', 'dental'] })).toEqual([]);
      expect(await idsOf(plansCollection, { tags: [] })).toEqual(['c']);
    });

    test('null matches a null field and a missing one', async () => {
      expect(await idsOf(plansCollection, { insurer: null })).toEqual(['d', 'e']);
      expect(await idsOf(plansCollection, { region: null })).toEqual(['c', 'd']);
    });

    test('$exists tells a missing field from a null one', async () => {
      expect(await idsOf(plansCollection, { insurer: { $exists: false } })).toEqual(['e']);
      expect(await idsOf(plansCollection, { region: { $exists: true } })).toEqual(['a', 'b', 'c', 'e']);
    });

    test('$ne and $nin also match documents that lack the field', async () => {
      expect(await idsOf(plansCollection, { insurer: { $ne: 'Colmena' } })).toEqual(['b', 'd', 'e']);
      expect(await idsOf(plansCollection, { insurer: { $nin: ['Colmena', null] } })).toEqual(['b']);
      expect(await idsOf(plansCollection, { insurer: { $ne: null } })).toEqual(['a', 'b', 'c']);
    });

    test('$ne on an array field excludes arrays that contain the value', async () => {
      expect(await idsOf(plansCollection, { tags: { $ne: 'ges' } })).toEqual(['c', 'd', 'e']);
    });

    test('range operators compare numbers with numbers and strings with strings only', async () => {
      expect(await idsOf(plansCollection, { price: { $gt: 20 } })).toEqual(['b', 'd', 'e']);
      expect(await idsOf(plansCollection, { price: { $gte: '0' } })).toEqual(['c']);
      expect(await idsOf(plansCollection, { price: { $lt: 10 } })).toEqual(['e']);
      expect(await idsOf(plansCollection, { price: { $lte: 10 } })).toEqual(['a', 'e']);
    });

    test('$in matches any listed value, and null in the list matches a missing field', async () => {
      expect(await idsOf(plansCollection, { insurer: { $in: ['Banmédica', 'Colmena'] } })).toEqual([
        'a',
        'b',
        'c',
      ]);
      expect(await idsOf(plansCollection, { insurer: { $in: ['Banmédica', null] } })).toEqual([
        'b',
        'd',
        'e',
      ]);
      expect(await idsOf(plansCollection, { tags: { $in: ['ges', 'x'] } })).toEqual(['a', 'b']);
    });

    test('$or matches documents that meet any branch and $and those that meet every branch', async () => {
      expect(await idsOf(plansCollection, { $or: [{ insurer: 'Banmédica' }, { price: 40 }] })).toEqual([
        'b',
        'd',
      ]);
      expect(
        await idsOf(plansCollection, { $and: [{ insurer: 'Colmena' }, { price: { $lt: 20 } }] }),
      ).toEqual(['a']);
    });

    test('a dotted path reaches into embedded documents', async () => {
      expect(await idsOf(plansCollection, { 'region.code': 13 })).toEqual(['a', 'e']);
      expect(await idsOf(plansCollection, { 'region.name': { $exists: false } })).toEqual(['b', 'c', 'd']);
    });

    test('a dotted path through an array of documents matches when one of them matches', async () => {
      const target = await seeded([
        { _id: 'x', cargas: [{ age: 4 }, { age: 40 }] },
        { _id: 'y', cargas: [{ age: 12 }] },
        { _id: 'z', cargas: [] },
      ]);
      expect(await idsOf(target, { 'cargas.age': 40 })).toEqual(['x']);
      expect(await idsOf(target, { 'cargas.age': { $lt: 10 } })).toEqual(['x']);
    });

    test('embedded documents are equal only with the same fields in the same order', async () => {
      expect(await idsOf(plansCollection, { region: { code: 13, name: 'RM' } })).toEqual(['a', 'e']);
      expect(await idsOf(plansCollection, { region: { name: 'RM', code: 13 } })).toEqual([]);
    });

    test('find without a filter returns every document, and findOne returns null when nothing matches', async () => {
      expect(sortedIds(await plansCollection.find())).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await plansCollection.findOne({ insurer: 'Nobody' })).toBeNull();
      expect(await plansCollection.findOne({ _id: 'b' })).toEqual(plans[1]);
    });

    test('count counts the documents a filter matches, or all of them without one', async () => {
      expect(await plansCollection.count()).toBe(5);
      expect(await plansCollection.count({ insurer: 'Colmena' })).toBe(2);
      expect(await plansCollection.count({ insurer: 'Nobody' })).toBe(0);
    });
  });

  describe('sort, skip and limit', () => {
    test('a sort on several keys orders by the first, then the next, each ascending or descending', async () => {
      const target = await seeded([
        { _id: '1', insurer: 'B', price: 10 },
        { _id: '2', insurer: 'A', price: 10 },
        { _id: '3', insurer: 'B', price: 30 },
        { _id: '4', insurer: 'A', price: 20 },
      ]);
      expect(await idsOf(target, {}, { sort: { insurer: 1, price: -1 } })).toEqual(['4', '2', '3', '1']);
      expect(await idsOf(target, {}, { sort: { price: -1, insurer: 1 } })).toEqual(['3', '4', '2', '1']);
    });

    test('values of different types sort null and missing first, then numbers, strings, objects, booleans', async () => {
      const target = await seeded([
        { _id: 'bool', v: false },
        { _id: 'string', v: 'abc' },
        { _id: 'object', v: { a: 1 } },
        { _id: 'null', v: null },
        { _id: 'number', v: 3 },
        { _id: 'missing' },
        { _id: 'negative', v: -1.5 },
      ]);
      const ascending = await idsOf(target, {}, { sort: { v: 1 } });
      expect(ascending.slice(0, 2).sort()).toEqual(['missing', 'null']);
      expect(ascending.slice(2)).toEqual(['negative', 'number', 'string', 'object', 'bool']);
      const descending = await idsOf(target, {}, { sort: { v: -1 } });
      expect(descending.slice(0, 5)).toEqual(['bool', 'object', 'string', 'number', 'negative']);
    });

    test('an array field sorts by its smallest item ascending and by its largest descending', async () => {
      const target = await seeded([
        { _id: 'wide', v: [1, 9] },
        { _id: 'five', v: 5 },
        { _id: 'narrow', v: [3, 4] },
      ]);
      expect(await idsOf(target, {}, { sort: { v: 1 } })).toEqual(['wide', 'narrow', 'five']);
      expect(await idsOf(target, {}, { sort: { v: -1 } })).toEqual(['wide', 'five', 'narrow']);
    });

    test('embedded documents sort field by field', async () => {
      const target = await seeded([
        { _id: 'b2', v: { b: 2 } },
        { _id: 'a2', v: { a: 2 } },
        { _id: 'a1x', v: { a: 1, x: 0 } },
        { _id: 'a1', v: { a: 1 } },
      ]);
      expect(await idsOf(target, {}, { sort: { v: 1 } })).toEqual(['a1', 'a1x', 'a2', 'b2']);
    });

    test('a dotted sort key reaches into embedded documents', async () => {
      const target = await seeded([
        { _id: 'x', price: { value: 3 } },
        { _id: 'y', price: { value: 1 } },
        { _id: 'z', price: { value: 2 } },
      ]);
      expect(await idsOf(target, {}, { sort: { 'price.value': 1 } })).toEqual(['y', 'z', 'x']);
    });

    test('skip and limit cut a page out of the sorted matches, and a limit of 0 means no limit', async () => {
      const docs = Array.from({ length: 30 }, (_, i) => ({
        _id: `p${i}`,
        price: (i * 7) % 30,
        even: i % 2 === 0,
      }));
      const target = await seeded(docs);
      const expected = docs
        .filter((doc) => doc.even)
        .sort((a, b) => b.price - a.price)
        .map((doc) => doc._id);
      expect(await idsOf(target, { even: true }, { sort: { price: -1 }, skip: 3, limit: 4 })).toEqual(
        expected.slice(3, 7),
      );
      expect(await idsOf(target, { even: true }, { sort: { price: -1 }, skip: 12, limit: 10 })).toEqual(
        expected.slice(12),
      );
      expect(await idsOf(target, { even: true }, { sort: { price: -1 }, limit: 0 })).toEqual(expected);
      expect(await target.find({ even: true }, { sort: { price: 1 }, skip: 20 })).toEqual([]);
    });

    test('without a sort, limit still bounds the number of documents returned', async () => {
      const target = await seeded(Array.from({ length: 10 }, (_, i) => ({ _id: `p${i}`, n: i })));
      expect(await target.find({ n: { $gte: 2 } }, { limit: 3 })).toHaveLength(3);
    });
  });

  describe('upsert', () => {
    test('upsert inserts a missing document and replaces an existing one whole', async () => {
      const target = collection();
      await target.upsert({ _id: 'lead-1', status: 'new', notes: ['first call'] });
      await target.upsert({ _id: 'lead-1', status: 'contacted' });
      expect(await target.find()).toEqual([{ _id: 'lead-1', status: 'contacted' }]);
    });

    test('documents keep nested objects, arrays, unicode and numbers exactly', async () => {
      const target = collection();
      const doc = {
        _id: 'cotizante-1',
        nombre: 'Añasco Ñuñoa',
        cargas: [{ edad: 3, sexo: 'F' }],
        montos: { uf: 2.345, clp: 91234, negativo: -0.5 },
        vacío: null,
      };
      await target.upsert(doc);
      expect(await target.findOne({ _id: 'cotizante-1' })).toEqual(doc);
    });
  });

  describe('guardedUpdate', () => {
    const revisionGuard = (revision: number): Filter => ({ revision: { $lt: revision } });

    test('an update whose guard holds changes the document and reports true', async () => {
      const target = await seeded([{ _id: 'lead-1', revision: 1, status: 'new' }]);
      expect(
        await target.guardedUpdate('lead-1', revisionGuard(2), { $set: { revision: 2, status: 'won' } }),
      ).toBe(true);
      expect(await target.findOne({ _id: 'lead-1' })).toEqual({ _id: 'lead-1', revision: 2, status: 'won' });
    });

    test('an existing document that fails the guard is left unchanged and the call reports false', async () => {
      const target = await seeded([{ _id: 'lead-1', revision: 5, status: 'won' }]);
      for (const upsert of [false, true]) {
        expect(
          await target.guardedUpdate(
            'lead-1',
            revisionGuard(3),
            { $set: { revision: 3, status: 'lost' } },
            { upsert },
          ),
        ).toBe(false);
      }
      expect(await target.find()).toEqual([{ _id: 'lead-1', revision: 5, status: 'won' }]);
    });

    test('with upsert, a missing document is created from the guard equality fields, $setOnInsert and the update', async () => {
      const target = collection();
      const created = await target.guardedUpdate(
        'lead-9',
        { tenant: 'cl', revision: { $lt: 1 } },
        { $set: { revision: 1, status: 'new' }, $setOnInsert: { createdAt: '2024-01-01T00:00:00.000Z' } },
        { upsert: true },
      );
      expect(created).toBe(true);
      expect(await target.findOne({ _id: 'lead-9' })).toEqual({
        _id: 'lead-9',
        tenant: 'cl',
        revision: 1,
        status: 'new',
        createdAt: '2024-01-01T00:00:00.000Z',
      });
    });

    test('$setOnInsert is ignored when the document already exists', async () => {
      const target = await seeded([{ _id: 'lead-1', revision: 1, createdAt: 'then' }]);
      await target.guardedUpdate(
        'lead-1',
        revisionGuard(2),
        { $set: { revision: 2 }, $setOnInsert: { createdAt: 'now' } },
        { upsert: true },
      );
      expect(await target.findOne({ _id: 'lead-1' })).toEqual({
        _id: 'lead-1',
        revision: 2,
        createdAt: 'then',
      });
    });

    test('replaying the same guarded update changes nothing and reports false', async () => {
      const target = collection();
      const apply = () =>
        target.guardedUpdate(
          'policy-1',
          revisionGuard(4),
          { $set: { revision: 4 }, $inc: { payments: 1 }, $push: { history: 'paid' } },
          { upsert: true },
        );
      expect(await apply()).toBe(true);
      const once = await target.find();
      expect(await apply()).toBe(false);
      expect(await apply()).toBe(false);
      expect(await target.find()).toEqual(once);
      expect(once).toEqual([{ _id: 'policy-1', revision: 4, payments: 1, history: ['paid'] }]);
    });

    test('without upsert, a missing document stays missing and the call reports false', async () => {
      const target = collection();
      expect(await target.guardedUpdate('nobody', {}, { $set: { a: 1 } })).toBe(false);
      expect(await target.count()).toBe(0);
    });

    test('an update that writes what is already stored reports false', async () => {
      const target = await seeded([{ _id: 'lead-1', status: 'won', revision: 2 }]);
      expect(await target.guardedUpdate('lead-1', {}, { $set: { status: 'won' } })).toBe(false);
      expect(await target.guardedUpdate('lead-1', {}, { $max: { revision: 1 } })).toBe(false);
    });
  });

  describe('update operators', () => {
    async function updated(doc: ReadDocument, update: Parameters<ReadCollection['guardedUpdate']>[2]) {
      const target = await seeded([doc]);
      await target.guardedUpdate(doc._id, {}, update);
      return target.findOne({ _id: doc._id });
    }

    test('$set writes fields, creating embedded documents along a dotted path', async () => {
      expect(await updated({ _id: '1', a: 1 }, { $set: { a: 2, 'b.c.d': 'x' } })).toEqual({
        _id: '1',
        a: 2,
        b: { c: { d: 'x' } },
      });
    });

    test('$set with a numeric segment writes an array item', async () => {
      expect(await updated({ _id: '1', list: [1, 2, 3] }, { $set: { 'list.1': 20 } })).toEqual({
        _id: '1',
        list: [1, 20, 3],
      });
    });

    test('$unset removes fields and ignores missing ones', async () => {
      expect(
        await updated({ _id: '1', a: 1, b: { c: 2, d: 3 } }, { $unset: { a: '', 'b.c': 1, zz: true } }),
      ).toEqual({ _id: '1', b: { d: 3 } });
    });

    test('$inc adds to a number and creates a missing field', async () => {
      expect(await updated({ _id: '1', n: 2 }, { $inc: { n: 3, m: -1, 'x.y': 0.5 } })).toEqual({
        _id: '1',
        n: 5,
        m: -1,
        x: { y: 0.5 },
      });
    });

    test('$max and $min keep the larger and the smaller value', async () => {
      expect(
        await updated({ _id: '1', hi: 5, lo: 5 }, { $max: { hi: 7, new: 1 }, $min: { lo: 7, x: 2 } }),
      ).toEqual({ _id: '1', hi: 7, lo: 5, new: 1, x: 2 });
      expect(await updated({ _id: '1', hi: 5, lo: 5 }, { $max: { hi: 3 }, $min: { lo: 3 } })).toEqual({
        _id: '1',
        hi: 5,
        lo: 3,
      });
    });

    test('$push appends one value, or several with $each, creating the array when missing', async () => {
      expect(
        await updated(
          { _id: '1', notes: ['a'] },
          { $push: { notes: 'b', log: { $each: [{ at: 1 }, { at: 2 }] } } },
        ),
      ).toEqual({ _id: '1', notes: ['a', 'b'], log: [{ at: 1 }, { at: 2 }] });
    });

    test('$addToSet adds only values the array does not hold yet', async () => {
      expect(
        await updated(
          { _id: '1', tags: ['ges'] },
          { $addToSet: { tags: 'ges', roles: { $each: ['a', 'b', 'a'] } } },
        ),
      ).toEqual({ _id: '1', tags: ['ges'], roles: ['a', 'b'] });
      expect(
        await updated({ _id: '1', tags: ['ges'] }, { $addToSet: { tags: { $each: ['ges', 'dental'] } } }),
      ).toEqual({ _id: '1', tags: ['ges', 'dental'] });
    });

    test('$pull removes every item equal to the value', async () => {
      expect(await updated({ _id: '1', tags: ['a', 'b', 'a', 1] }, { $pull: { tags: 'a' } })).toEqual({
        _id: '1',
        tags: ['b', 1],
      });
    });

    test('an unknown update operator is rejected', async () => {
      const target = await seeded([{ _id: '1' }]);
      await expect(
        target.guardedUpdate('1', {}, { $frobnicate: { a: 1 } } as unknown as {
          $set: Record<string, unknown>;
        }),
      ).rejects.toThrow(/\$frobnicate/);
    });

    test('an update may not change _id', async () => {
      const target = await seeded([{ _id: '1' }]);
      await expect(target.guardedUpdate('1', {}, { $set: { _id: '2' } })).rejects.toThrow(/_id/);
      expect(sortedIds(await target.find())).toEqual(['1']);
    });

    test('$inc on a field that is not a number is rejected and changes nothing', async () => {
      const target = await seeded([{ _id: '1', n: 'three' }]);
      await expect(target.guardedUpdate('1', {}, { $inc: { n: 1 } })).rejects.toThrow();
      expect(await target.findOne({ _id: '1' })).toEqual({ _id: '1', n: 'three' });
    });
  });

  describe('indexes', () => {
    test('a unique index refuses a second document with the same key, naming the collection and key', async () => {
      const target = collection();
      await target.createIndex({ email: 1 }, { unique: true });
      await target.upsert({ _id: 'u1', email: 'ana@cubre.cl' });
      const error = await target.upsert({ _id: 'u2', email: 'ana@cubre.cl' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ fields: ['email'], value: { email: 'ana@cubre.cl' } });
      expect((error as Error).message).toContain('ana@cubre.cl');
      expect(sortedIds(await target.find())).toEqual(['u1']);
    });

    test('a unique index lets a document be replaced or updated with its own key', async () => {
      const target = collection();
      await target.createIndex({ email: 1 }, { unique: true });
      await target.upsert({ _id: 'u1', email: 'ana@cubre.cl', n: 1 });
      await target.upsert({ _id: 'u1', email: 'ana@cubre.cl', n: 2 });
      await target.guardedUpdate('u1', {}, { $set: { email: 'ana@cubre.cl', n: 3 } });
      expect(await target.find()).toEqual([{ _id: 'u1', email: 'ana@cubre.cl', n: 3 }]);
    });

    test('a guarded update that would duplicate a unique key is refused and changes nothing', async () => {
      const target = collection();
      await target.createIndex({ email: 1 }, { unique: true });
      await target.upsert({ _id: 'u1', email: 'a@cubre.cl' });
      await target.upsert({ _id: 'u2', email: 'b@cubre.cl' });
      await expect(target.guardedUpdate('u2', {}, { $set: { email: 'a@cubre.cl' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect(await target.findOne({ _id: 'u2' })).toEqual({ _id: 'u2', email: 'b@cubre.cl' });
    });

    test('a unique index on a field inside an array of documents refuses an item another document holds', async () => {
      const target = collection();
      await target.createIndex({ 'contacts.email': 1 }, { unique: true });
      await target.upsert({ _id: 'c1', contacts: [{ email: 'a@cubre.cl' }] });
      await target.upsert({ _id: 'c2', contacts: [{ email: 'b@cubre.cl' }] });
      await expect(
        target.guardedUpdate('c2', {}, { $push: { contacts: { email: 'a@cubre.cl' } } }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await target.guardedUpdate('c1', {}, { $set: { contacts: [{ email: 'c@cubre.cl' }] } });
      await target.guardedUpdate('c2', {}, { $push: { contacts: { email: 'a@cubre.cl' } } });
      expect(await target.findOne({ _id: 'c2' })).toEqual({
        _id: 'c2',
        contacts: [{ email: 'b@cubre.cl' }, { email: 'a@cubre.cl' }],
      });
    });

    test('a unique index cannot be created over documents that already share a key', async () => {
      const target = await seeded([
        { _id: 'u1', email: 'a@cubre.cl' },
        { _id: 'u2', email: 'a@cubre.cl' },
      ]);
      await expect(target.createIndex({ email: 1 }, { unique: true })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    test('an index declared over stored documents finds them', async () => {
      const docs = Array.from({ length: 60 }, (_, i) => ({
        _id: `u${i}`,
        email: `${i}@cubre.cl`,
        team: i % 3,
      }));
      const target = await seeded(docs);
      await target.createIndex({ email: 1 }, { unique: true });
      await target.createIndex({ team: 1 });
      expect(await target.findOne({ email: '42@cubre.cl' })).toEqual(docs[42]);
      expect(
        await target.count({ team: 1, email: { $in: ['1@cubre.cl', '4@cubre.cl', '5@cubre.cl'] } }),
      ).toBe(2);
      await expect(target.upsert({ _id: 'new', email: '7@cubre.cl' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    test('a compound unique index refuses only the same combination', async () => {
      const target = collection();
      await target.createIndex({ tenant: 1, email: 1 }, { unique: true });
      await target.upsert({ _id: '1', tenant: 'cl', email: 'a' });
      await target.upsert({ _id: '2', tenant: 'pe', email: 'a' });
      await expect(target.upsert({ _id: '3', tenant: 'cl', email: 'a' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    test('indexed and unindexed collections give the same answers to random filters', async () => {
      const random = seededRandom(20240611);
      const docs = randomDocs(random, 120);
      const plain = await seeded(docs);
      const indexed = collection();
      for (const field of FILTER_FIELDS) await indexed.createIndex({ [field]: 1 });
      await indexed.createIndex({ s: 1, n: -1 });
      for (const doc of docs) await indexed.upsert(doc);
      for (let i = 0; i < 150; i++) {
        const filter = randomFilter(random);
        const options: FindOptions = { sort: { n: i % 2 ? 1 : -1, rank: 1 }, skip: i % 4, limit: i % 5 };
        const expected = await idsOf(plain, filter, options);
        expect({ filter, options, ids: await idsOf(indexed, filter, options) }).toEqual({
          filter,
          options,
          ids: expected,
        });
        expect(await indexed.count(filter)).toBe(await plain.count(filter));
      }
    });
  });

  describe('deleting and dropping', () => {
    test('deleteMany removes the matching documents and says how many', async () => {
      const target = await seeded([
        { _id: '1', status: 'lost' },
        { _id: '2', status: 'won' },
        { _id: '3', status: 'lost' },
      ]);
      expect(await target.deleteMany({ status: 'lost' })).toBe(2);
      expect(sortedIds(await target.find())).toEqual(['2']);
      expect(await target.deleteMany({ status: 'lost' })).toBe(0);
    });

    test('dropCollection removes the documents and the indexes, and the collection can be used again', async () => {
      const target = collection();
      const name = used[used.length - 1]!;
      await target.createIndex({ email: 1 }, { unique: true });
      await target.upsert({ _id: '1', email: 'a' });
      await store.dropCollection(name);
      expect(await target.count()).toBe(0);
      await target.upsert({ _id: '1', email: 'a' });
      await target.upsert({ _id: '2', email: 'a' });
      expect(await target.count()).toBe(2);
    });

    test('dropping a collection that does not exist is not an error', async () => {
      await expect(
        store.dropCollection(`contract_missing_${randomUUID().slice(0, 8)}`),
      ).resolves.toBeUndefined();
    });

    test('collections do not see each other’s documents', async () => {
      const first = await seeded([{ _id: 'same', owner: 'first' }]);
      const second = await seeded([{ _id: 'same', owner: 'second' }]);
      expect(await first.findOne({ _id: 'same' })).toEqual({ _id: 'same', owner: 'first' });
      expect(await second.findOne({ _id: 'same' })).toEqual({ _id: 'same', owner: 'second' });
      await first.deleteMany({});
      expect(await second.count()).toBe(1);
    });
  });

  describe('documents handed out', () => {
    test('changing a returned document, or the one given to upsert, does not change the store', async () => {
      const given = { _id: '1', status: 'new', cargas: [{ edad: 3 }] };
      const target = collection();
      await target.upsert(given);
      given.status = 'changed';
      given.cargas[0]!.edad = 99;
      const found = (await target.findOne({ _id: '1' })) as typeof given;
      try {
        found.status = 'hacked';
        found.cargas[0]!.edad = 100;
        found.cargas.push({ edad: 1 });
      } catch {
        // The embedded store hands out frozen documents; MongoDB hands out copies.
      }
      expect(await target.findOne({ _id: '1' })).toEqual({ _id: '1', status: 'new', cargas: [{ edad: 3 }] });
    });
  });
}
