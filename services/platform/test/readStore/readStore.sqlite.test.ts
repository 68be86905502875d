import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DuplicateKeyError } from '@cubre/platform/adapters/memory/errors';
import { compileFilter } from '@cubre/platform/adapters/memory/filterCompiler';
import { orderPage } from '@cubre/platform/adapters/memory/ordering';
import { parseSort } from '@cubre/platform/adapters/memory/sortKeys';
import {
  openSqliteReadStore,
  READ_STORE_FILE,
  type SqliteReadStore,
} from '@cubre/platform/adapters/sqlite/readStore/store';
import type { Filter, FindOptions, ReadDocument } from '@cubre/platform/ports/readStore';
import { tempDataDir } from '../support/tempDir';
import { pick, seededRandom, type Random } from './randomData';
import { readStoreContract } from './readStoreContract';

describe('embedded read store contract (SQLite file)', () => {
  const dir = tempDataDir();
  afterAll(() => dir.remove());
  readStoreContract(async () => openSqliteReadStore({ dataDir: dir.path }));
});

describe('embedded read store on a file', () => {
  const dir = tempDataDir();
  afterAll(() => dir.remove());
  let counter = 0;
  const freshDir = () => join(dir.path, `store-${counter++}`);

  /** What another connection, which sees only committed transactions, reads from the file. */
  const committedIds = (dataDir: string, collection: string): string[] => {
    const db = new Database(join(dataDir, READ_STORE_FILE), { readonly: true });
    try {
      const exists = db.prepare('SELECT 1 FROM sqlite_schema WHERE name = ?').get(`c:${collection}`);
      return exists
        ? (db.prepare(`SELECT id FROM "c:${collection}" ORDER BY id`).pluck().all() as string[])
        : [];
    } finally {
      db.close();
    }
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  test('documents, indexes and unique keys survive closing and reopening the file', async () => {
    const dataDir = freshDir();
    const first = openSqliteReadStore({ dataDir });
    const users = first.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ team: 1, joinedAt: -1 });
    await users.upsert({ _id: 'u1', email: 'ana@cubre.cl', team: 'a', joinedAt: '2026-01-02' });
    await users.guardedUpdate(
      'u2',
      {},
      { $set: { email: 'beto@cubre.cl', team: 'a', joinedAt: '2026-01-03' } },
      { upsert: true },
    );
    await first.close();

    const second = openSqliteReadStore({ dataDir });
    const reopened = second.collection('users');
    expect(await reopened.find({ team: 'a' }, { sort: { joinedAt: -1 } })).toEqual([
      { _id: 'u2', email: 'beto@cubre.cl', team: 'a', joinedAt: '2026-01-03' },
      { _id: 'u1', email: 'ana@cubre.cl', team: 'a', joinedAt: '2026-01-02' },
    ]);
    await expect(reopened.upsert({ _id: 'u3', email: 'ana@cubre.cl' })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    const plan = await reopened.explain({ team: 'a' }, { sort: { joinedAt: -1 } });
    expect(plan).toMatchObject({
      access: 'index',
      indexes: ['team_1_joinedAt_-1'],
      sortInSql: true,
      fullScan: false,
    });
    await second.close();
  });

  test('writes reach the file once the event loop turns, and a unit of work reaches it whole, at its end', async () => {
    const dataDir = freshDir();
    const store = openSqliteReadStore({ dataDir });
    const things = store.collection('things');
    await things.upsert({ _id: 'a' });
    // This process reads its own writes at once; the file has them after the turn.
    expect(await things.count()).toBe(1);
    await nextTurn();
    expect(committedIds(dataDir, 'things')).toEqual(['a']);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const unit = store.unitOfWork(async () => {
      await things.upsert({ _id: 'b' });
      await released;
      await things.upsert({ _id: 'c' });
    });
    await nextTurn();
    await nextTurn();
    expect(await things.count()).toBe(2);
    expect(committedIds(dataDir, 'things')).toEqual(['a']);
    release();
    await unit;
    await nextTurn();
    expect(committedIds(dataDir, 'things')).toEqual(['a', 'b', 'c']);
    await store.close();
  });

  test('a file written in another layout is emptied, so its projections rebuild from the event store', async () => {
    const dataDir = freshDir();
    const store = openSqliteReadStore({ dataDir });
    await store.collection('things').upsert({ _id: 'a' });
    await store.close();
    const db = new Database(join(dataDir, READ_STORE_FILE));
    db.pragma('user_version = 999');
    db.close();
    const reopened = openSqliteReadStore({ dataDir });
    expect(await reopened.collection('things').count()).toBe(0);
    await reopened.close();
  });

  test('the data folder is 0700 and the read store file 0600, whatever the umask', async () => {
    const dataDir = freshDir();
    const previous = process.umask(0o022);
    try {
      const store = openSqliteReadStore({ dataDir });
      await store.collection('things').upsert({ _id: 'a' });
      await nextTurn();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, READ_STORE_FILE)).mode & 0o777).toBe(0o600);
      expect(statSync(join(dataDir, `${READ_STORE_FILE}-wal`)).mode & 0o777).toBe(0o600);
      await store.close();
    } finally {
      process.umask(previous);
    }
  });
});

/** Leads as the console's list and the duplicate check query them, with the projection's indexes. */
async function leadsStore(count: number): Promise<SqliteReadStore> {
  const store = openSqliteReadStore();
  const leads = store.collection('leads');
  for (const field of [
    'status.id',
    'productCode',
    'search.rut',
    'search.email',
    'search.nombre',
    'createdAt',
  ]) {
    await leads.createIndex({ [field]: 1 });
  }
  await leads.createIndex({ 'status.id': 1, country: 1, createdAt: -1 });
  await leads.createIndex({ executiveId: 1, createdAt: -1 });
  await store.unitOfWork(async () => {
    for (let i = 0; i < count; i++) {
      await leads.upsert({
        _id: `lead-${String(i).padStart(5, '0')}`,
        status: { id: 1 + (i % 4) },
        country: i % 5 === 0 ? 'PE' : 'CL',
        productCode: `P${i % 3}`,
        executiveId: i % 2 ? 'ana' : null,
        search: { rut: `${10_000_000 + i}`, email: `p${i}@mail.cl`, nombre: `persona numero ${i}` },
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      });
    }
  });
  return store;
}

describe('the embedded read store plans every query onto an index (explain)', () => {
  let store: SqliteReadStore;
  beforeAll(async () => {
    store = await leadsStore(3000);
  });
  afterAll(() => store.close());
  const leads = () => store.collection('leads');

  test('an $or whose branches are indexed is the union of their candidates, then the rest of the filter, sort and page', async () => {
    const filter = {
      productCode: 'P1',
      createdAt: { $gte: '2026-01-01T00:00:00.000Z' },
      _id: { $ne: 'lead-99999' },
      $or: [{ 'search.rut': '10000301' }, { 'search.email': 'p2002@mail.cl' }],
    };
    const plan = await leads().explain(filter, { sort: { createdAt: 1 }, limit: 1 });
    expect(plan).toMatchObject({
      access: 'union',
      indexes: ['search.rut_1', 'search.email_1'],
      fullScan: false,
      filterInSql: true,
      returned: 1,
    });
    expect(plan.examined).toBeLessThanOrEqual(2);
    expect((await leads().find(filter, { sort: { createdAt: 1 }, limit: 1 }))[0]?._id).toBe('lead-00301');
    // The product's and the window's indexes each hold a third of the leads or more: probed, not chosen.
    expect(plan.probes.map((probe) => probe.access)).toEqual(
      expect.arrayContaining(['index(productCode_1)', 'union(search.rut_1 | search.email_1)']),
    );
  });

  test('issue 12: once the union found its few candidates, the other probes count only one past them', async () => {
    // The duplicate check of a plan request: with 1,000 leads of the product and 3,000 in the window, the
    // probes used to count 256 of each on every request; the choice only needs to know they hold more.
    const plan = await leads().explain(
      {
        productCode: 'P1',
        createdAt: { $gte: '2026-01-01T00:00:00.000Z' },
        _id: { $ne: 'lead-99999' },
        $or: [{ 'search.rut': '10000301' }, { 'search.email': 'p2002@mail.cl' }],
      },
      { sort: { createdAt: 1 }, limit: 1 },
    );
    expect(plan.access).toBe('union');
    const [first, ...others] = plan.probes;
    expect(first).toEqual({ access: 'union(search.rut_1 | search.email_1)', candidates: 2, capped: false });
    expect(others.map((probe) => probe.access)).toEqual(
      expect.arrayContaining(['index(productCode_1)', 'index(createdAt_1)']),
    );
    for (const probe of others) expect(probe).toMatchObject({ candidates: 3, capped: true });
  });

  test('a list filtered by status and country, newest first, reads only its page through the compound index', async () => {
    const options: FindOptions = { sort: { createdAt: -1 }, skip: 100, limit: 20 };
    const plan = await leads().explain({ 'status.id': { $in: [2] }, country: { $in: ['CL'] } }, options);
    expect(plan).toMatchObject({
      access: 'index',
      indexes: ['status.id_1_country_1_createdAt_-1'],
      sortInSql: true,
      pageInSql: true,
      examined: 20,
      fullScan: false,
      probes: [],
    });
    expect(plan.sqlitePlan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  test('a first page newest first walks the date index and stops at the page', async () => {
    const plan = await leads().explain({}, { sort: { createdAt: -1 }, limit: 20 });
    expect(plan).toMatchObject({
      access: 'walk',
      indexes: ['createdAt_1'],
      pageInSql: true,
      examined: 20,
      fullScan: false,
    });
  });

  test('counts are answered in SQL from an index, and a count of everything is kept in memory', async () => {
    expect(await leads().count({ 'status.id': { $in: [2] }, country: { $in: ['CL'] } })).toBe(600);
    expect(await leads().explain({ 'status.id': 2, country: 'CL' }, { operation: 'count' })).toMatchObject({
      access: 'index',
      examined: 0,
      returned: 600,
    });
    expect(await leads().explain({}, { operation: 'count' })).toMatchObject({
      access: 'size',
      returned: 3000,
    });
  });

  test('a substring search reads the keys of its index, never the documents', async () => {
    const plan = await leads().explain(
      { 'search.nombre': { $regex: 'numero 2999' } },
      { sort: { createdAt: -1 }, limit: 20 },
    );
    expect(plan).toMatchObject({
      access: 'keys',
      indexes: ['search.nombre_1'],
      returned: 1,
      examined: 1,
      fullScan: false,
    });
    expect(plan.sqlitePlan.join('\n')).toMatch(/COVERING INDEX/);
  });

  test('a filter no index serves is a full scan, and explain says so', async () => {
    const plan = await leads().explain({ 'search.rut': { $exists: true }, country: 'PE' });
    // SQLite tests the country row by row; JavaScript the rest, on what SQLite let through.
    expect(plan).toMatchObject({
      access: 'scan',
      fullScan: true,
      filterInSql: false,
      examined: 600,
      returned: 600,
    });
    expect(plan.sqlitePlan.join('\n')).toMatch(/^SCAN c:leads$/m);
  });

  test('a path that has held an array is no longer answered in SQL, and answers stay right', async () => {
    const own = openSqliteReadStore();
    const things = own.collection('things');
    await things.createIndex({ tag: 1 });
    await things.upsert({ _id: 'a', tag: 'x' });
    expect(await things.explain({ tag: 'x' })).toMatchObject({ access: 'index', filterInSql: true });
    await things.upsert({ _id: 'b', tag: ['x', 'y'] });
    const plan = await things.explain({ tag: 'x' });
    expect(plan).toMatchObject({ filterInSql: false, returned: 2 });
    await own.close();
  });
});

// ─── Random queries against MongoDB's rules as the JavaScript evaluator applies them ────────────────────

/** Fields with one kind of value each (and null or missing): the kinds SQL answers exactly. */
const TYPED_POOLS = {
  s: ['a', 'b', 'c', 'B', 'ab', 'é'],
  n: [-2, 0, 1, 2.5, 7, 1e6],
  d: ['2026-01-01', '2026-02-01', '2026-03-15'],
  flag: [true, false],
  mixed: [1, 2, 'x', 'y'],
} as const;
type TypedField = keyof typeof TYPED_POOLS;
const TYPED_FIELDS = Object.keys(TYPED_POOLS) as TypedField[];

function typedDocs(random: Random, count: number): ReadDocument[] {
  return Array.from({ length: count }, (_, i) => {
    const doc: ReadDocument = { _id: `t${String(i).padStart(4, '0')}`, rank: i };
    for (const field of TYPED_FIELDS) {
      const roll = random();
      if (roll < 0.1) continue;
      const value = roll < 0.2 ? null : pick<unknown>(random, TYPED_POOLS[field]);
      if (field === 'd') doc.nested = { d: value };
      else doc[field] = value;
    }
    return doc;
  });
}

function typedCondition(random: Random): Filter {
  const field = pick(random, TYPED_FIELDS);
  const path = field === 'd' ? 'nested.d' : field;
  const value = () => (random() < 0.1 ? null : pick(random, TYPED_POOLS[field] as readonly unknown[]));
  switch (pick(random, ['=', '$in', '$ne', '$gt', '$gte', '$lt', '$lte', '$regex'])) {
    case '=':
      return { [path]: value() };
    case '$in':
      return { [path]: { $in: [value(), value()] } };
    case '$ne':
      return { [path]: { $ne: value() } };
    case '$regex':
      return field === 's' ? { s: { $regex: pick(random, ['a', 'b', 'é', '']) } } : { [path]: value() };
    default: {
      const op = pick(random, ['$gt', '$gte', '$lt', '$lte']);
      return { [path]: { [op]: pick(random, TYPED_POOLS[field] as readonly unknown[]) } };
    }
  }
}

function typedFilter(random: Random): Filter {
  const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () => typedCondition(random));
  if (parts.length === 1) return parts[0]!;
  return random() < 0.4 ? { $or: parts } : { $and: parts };
}

test('random filters, sorts and pages answered in SQL equal the JavaScript evaluation of MongoDB rules', async () => {
  const random = seededRandom(20261125);
  const docs = typedDocs(random, 400);
  const store = openSqliteReadStore();
  const target = store.collection('typed');
  for (const path of ['s', 'n', 'nested.d', 'flag', 'mixed', 'rank']) await target.createIndex({ [path]: 1 });
  await target.createIndex({ s: 1, n: -1 });
  for (const doc of docs) await target.upsert(doc);
  let inSql = 0;
  for (let i = 0; i < 300; i++) {
    const filter = typedFilter(random);
    const sort = {
      [pick(random, ['s', 'n', 'nested.d', 'flag'])]: random() < 0.5 ? 1 : -1,
      rank: 1,
    } as const;
    const skip = Math.floor(random() * 5);
    const limit = Math.floor(random() * 8);
    const predicate = compileFilter(filter);
    const expected = orderPage(
      docs.filter((doc) => predicate(doc)),
      parseSort(sort),
      skip,
      limit,
    ).map((doc) => doc._id);
    const found = (await target.find(filter, { sort, skip, limit })).map((doc) => doc._id);
    expect({ filter, sort, skip, limit, ids: found }).toEqual({ filter, sort, skip, limit, ids: expected });
    expect({ filter, count: await target.count(filter) }).toEqual({
      filter,
      count: docs.filter((doc) => predicate(doc)).length,
    });
    if ((await target.explain(filter, { sort, skip, limit })).filterInSql) inSql++;
  }
  // The point is SQL's answers: most of these filters must have been answered there whole.
  expect(inSql).toBeGreaterThan(200);
  await store.close();
});
