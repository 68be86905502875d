import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteReadStore, type SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import type { SqliteReadCollection } from '@cubre/platform/adapters/sqlite/readStore/collection';
import { keysetPages } from '@cubre/platform/http/keysetPages';
import type { Filter, FindOptions, ReadCollection, SortSpec } from '@cubre/platform/ports/readStore';
import { tempDataDir } from '../support/tempDir';

/**
 * The exports' paging (sales, payments, employees): every row once, in the list's order, each page read
 * from where the last ended. On the embedded SQLite store, every query of it is a stretch of one index
 * that reads only the rows it returns, also through a tie group of several pages (most rows sharing one
 * state), where paging on the key alone re-read the group's written rows on every page.
 */
type Row = { _id: string; state: string; amountMinor: number; note?: string | null };
const PAGE = 100;
const ROWS = 3 * PAGE + 37;
const dir = tempDataDir();
let store: SqliteReadStore;
let rows: SqliteReadCollection<Row>;

/** Most rows PENDING (three pages and more), a few OK and FAIL; amounts in few values. */
const rowOf = (i: number): Row => ({
  _id: `row-${String((i * 7919) % 100_003).padStart(6, '0')}`,
  state: i < 20 ? 'FAIL' : i < ROWS - 15 ? 'PENDING' : 'OK',
  amountMinor: 1000 * (i % 3),
  ...(i % 5 === 0 ? {} : { note: i % 2 === 0 ? `n${i % 4}` : null }),
});

beforeAll(async () => {
  store = openSqliteReadStore({ dataDir: dir.path });
  rows = store.collection<Row>('rows') as SqliteReadCollection<Row>;
  await rows.createIndex({ state: 1, _id: 1 });
  await rows.createIndex({ amountMinor: 1, _id: 1 });
  await rows.createIndex({ note: 1, _id: 1 });
  await store.unitOfWork!(async () => {
    for (let i = 0; i < ROWS; i++) await rows.upsert(rowOf(i));
  });
});
afterAll(async () => {
  await store.close();
  dir.remove();
});

/** The collection as the export reads it, each query explained (and its plan kept) before it runs. */
function explained(collection: SqliteReadCollection<Row>) {
  const plans: Awaited<ReturnType<typeof collection.explain>>[] = [];
  const reader = {
    async find(filter: Filter, options: FindOptions) {
      expect(options.skip).toBeUndefined();
      plans.push(await collection.explain(filter, options));
      return collection.find(filter, options);
    },
  } as unknown as ReadCollection<Row>;
  return { reader, plans };
}

async function exported(collection: ReadCollection<Row>, filter: Filter, sort: SortSpec) {
  const ids: string[] = [];
  for await (const page of keysetPages(collection, filter, sort, PAGE)) {
    expect(page.length).toBeGreaterThan(0);
    expect(page.length).toBeLessThanOrEqual(PAGE);
    ids.push(...page.map((row) => row._id));
  }
  return ids;
}

const SORTS: SortSpec[] = [
  { state: 1, _id: 1 },
  { state: -1, _id: -1 },
  { amountMinor: 1, _id: 1 },
  { amountMinor: -1, _id: -1 },
  { _id: 1 },
  { _id: -1 },
];

test.each(SORTS.map((sort) => [JSON.stringify(sort), sort] as const))(
  'sorted %s: every row once in the list order, each query a stretch of one index reading only what it returns',
  async (_name, sort) => {
    const { reader, plans } = explained(rows);
    const ids = await exported(reader, {}, sort);
    expect(ids).toEqual((await rows.find({}, { sort, limit: ROWS })).map((row) => row._id));
    expect(ids).toHaveLength(ROWS);
    for (const plan of plans) {
      expect(plan).toMatchObject({ fullScan: false, pageInSql: true, sortInSql: true });
      // An index's stretch, or its walk in order (`SCAN … USING INDEX`), never the table nor a sort.
      expect(plan.sqlitePlan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN c:rows$|SCAN c:rows\n/);
      expect(plan.examined).toBe(plan.returned);
    }
  },
);

test("a filter's own condition on the key and on _id is kept: the rows it matches, once, in order", async () => {
  const filter = { state: { $in: ['PENDING', 'OK'] }, _id: { $gte: 'row-020000' } };
  const sort: SortSpec = { state: 1, _id: 1 };
  const expected = (await rows.find(filter, { sort, limit: ROWS })).map((row) => row._id);
  expect(expected.length).toBeGreaterThan(2 * PAGE);
  expect(await exported(rows, filter, sort)).toEqual(expected);
});

test('a row without the sort key stops the paging with an error rather than losing rows after it', async () => {
  // Nulls first ascending: the first page ends on a row without a note.
  const pages = keysetPages(rows, {}, { note: 1, _id: 1 }, PAGE);
  expect((await pages.next()).value).toHaveLength(PAGE);
  await expect(pages.next()).rejects.toThrow('keyset paging needs a string or number note on every row');
});

test('the same paging on the memory store (the distributed runtime speaks the same filters to MongoDB)', async () => {
  const memory = createMemoryReadStore();
  const collection = memory.collection<Row>('rows');
  for (let i = 0; i < ROWS; i++) await collection.upsert(rowOf(i));
  for (const sort of SORTS) {
    const expected = (await collection.find({}, { sort, limit: ROWS })).map((row) => row._id);
    expect({ sort, ids: await exported(collection, {}, sort) }).toEqual({ sort, ids: expected });
  }
  await memory.close();
});

test('a key inside an embedded document (buyer.email) pages like a top-level one', async () => {
  const memory = createMemoryReadStore();
  const collection = memory.collection<{ _id: string; buyer: { email: string } }>('sales');
  for (let i = 0; i < ROWS; i++)
    await collection.upsert({ _id: `s${String(i).padStart(4, '0')}`, buyer: { email: `b${i % 4}@x.cl` } });
  const sort: SortSpec = { 'buyer.email': 1, _id: 1 };
  const expected = (await collection.find({}, { sort, limit: ROWS })).map((row) => row._id);
  const ids: string[] = [];
  for await (const page of keysetPages(collection, {}, sort, PAGE)) ids.push(...page.map((row) => row._id));
  expect(ids).toEqual(expected);
  await memory.close();
});

test('a sort the paging cannot resume from (two keys before _id) is refused, never paged wrong', async () => {
  const pages = keysetPages(rows, {}, { state: 1, amountMinor: 1, _id: 1 }, PAGE);
  await expect(pages.next()).rejects.toThrow('one key and _id');
});
