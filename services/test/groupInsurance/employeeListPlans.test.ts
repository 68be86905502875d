import { openSqliteReadStore, type SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import type { SqliteReadCollection } from '@cubre/platform/adapters/sqlite/readStore/collection';
import type { Filter, SortSpec } from '@cubre/platform/ports/readStore';
import {
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_POLICIES_COLLECTION,
  type GroupEmployeeDocument,
} from '@cubre/projections/groupInsurance/documents';
import { groupInsuranceProjection } from '@cubre/projections/groupInsurance/projection';
import { employeeListRead } from '@cubre/services/groupInsurance/employeeQuery';
import { keysetPages } from '@cubre/platform/http/keysetPages';
import type { CompanyScope } from '@cubre/services/groupInsurance/scope';
import {
  benchEmployee,
  benchPolicy,
  benchPolicyId,
  EMPLOYEE_ORGANIZATIONS,
  POLICIES_PER_ORGANIZATION,
} from '../../../scripts/bench/employeesData';
import { tempDataDir } from '../../platform/test/support/tempDir';

/**
 * Issue 16: the employee list over 1,000,000 people is served by its indexes. Every request path the
 * console sends (ALTAS/BAJAS/TODAS, status, one policy, a name or RUT search, the export's pages), as a
 * company administrator and as staff, is explained on the embedded store: its page must be a stretch of
 * one index read in the list's order (no full scan, no `USE TEMP B-TREE`, only the page's rows read), and
 * its count a count of that index's keys. The other filters (coverage group, employee status, dates,
 * uninsured) test the rows of one of those indexes, in order: never every row, never a sort.
 */
const PEOPLE = 4_000;
const dir = tempDataDir();
let store: SqliteReadStore;
let employees: SqliteReadCollection<GroupEmployeeDocument>;

const company: CompanyScope = { kind: 'organization', organizationId: EMPLOYEE_ORGANIZATIONS[0]! };
const staff: CompanyScope = { kind: 'all' };
const policy = benchPolicyId(0, 1);
const owner = async (policyId: string) =>
  policyId.startsWith('bench-policy-') ? EMPLOYEE_ORGANIZATIONS[Number(policyId.split('-')[2])]! : null;

beforeAll(async () => {
  store = openSqliteReadStore({ dataDir: dir.path });
  await groupInsuranceProjection.setup!(store);
  const now = new Date().toISOString();
  const policies = store.collection(GROUP_POLICIES_COLLECTION);
  for (let o = 0; o < EMPLOYEE_ORGANIZATIONS.length; o++) {
    for (let p = 0; p < POLICIES_PER_ORGANIZATION; p++) await policies.upsert(benchPolicy(o, p, now));
  }
  employees = store.collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION) as typeof employees;
  const since = Date.parse('2026-01-01T00:00:00Z');
  await store.unitOfWork!(async () => {
    for (let i = 0; i < PEOPLE; i++) await employees.upsert(benchEmployee(i, since));
  });
});

afterAll(async () => {
  await store.close();
  dir.remove();
});

const read = (scope: CompanyScope, filter: Record<string, unknown>) =>
  employeeListRead(scope, filter, { readUninsured: true }, owner);

/** The console's own request paths: each has an index that names it. */
const INDEXED: Record<string, Record<string, unknown>> = {
  TODAS: { movement: 'TODAS' },
  ALTAS: { movement: 'ALTAS' },
  BAJAS: { movement: 'BAJAS' },
  'ALTAS, ACTIVE': { movement: 'ALTAS', status: 'ACTIVE' },
  'BAJAS, CANCELED': { movement: 'BAJAS', status: 'CANCELED' },
  'TODAS, PROCESS_ACTIVATION': { status: 'PROCESS_ACTIVATION' },
  'one policy': { policyId: policy },
  'one policy, BAJAS': { policyId: policy, movement: 'BAJAS' },
  'one policy, ALTAS, ACTIVE': { policyId: policy, movement: 'ALTAS', status: 'ACTIVE' },
  'q: a surname': { q: 'Apellido12' },
  'q: a surname and name': { q: 'apellido12 soto nombre1' },
  'q: RUT digits': { q: '5000001' },
  'q: a whole RUT': { q: benchEmployee(8, 0).legalId },
};

/** Filters tested on the rows of one of those indexes, read in order. */
const NARROWED: Record<string, Record<string, unknown>> = {
  'ALTAS, coverage group G1': { movement: 'ALTAS', coverageGroup: 'G1' },
  'employee status PENDING': { employeeStatus: 'PENDING' },
  'uninsured (INACTIVE)': { uninsured: true },
  'effective dates': { effectiveDateFrom: '2026-03-01', effectiveDateTo: '2026-05-01' },
  'TITULAR, one policy': { insuredType: 'TITULAR', policyId: policy },
  'q and BAJAS': { q: 'apellido1', movement: 'BAJAS' },
};

/**
 * SQLite reading every row of the table (`SCAN c:… ` without an index), or sorting (`USE TEMP B-TREE`).
 * `SCAN … USING INDEX` is an index read in order, which the page's LIMIT stops.
 */
const TABLE_SCAN = /SCAN c:\S+$/m;
const SORTS = /TEMP B-TREE/;

const describeQuery = (filter: Filter, sort: SortSpec, page: [number, number]) =>
  `${JSON.stringify(filter)} sorted ${JSON.stringify(sort)} rows ${page.join('-')}`;

for (const [scopeName, scope] of [
  ['a company administrator', company],
  ['staff (every company)', staff],
] as const) {
  describe(`issue 16: the employee list of ${scopeName} is read through its indexes`, () => {
    test.each(Object.entries(INDEXED))(
      '002-4.09 %s: the page is a stretch of one index in the list order, the count counts its keys',
      async (_name, raw) => {
        const { filter, sort } = await read(scope, raw);
        expect(filter).not.toBeNull();
        for (const [skip, limit] of [
          [0, 25],
          [100, 25],
        ] as const) {
          const plan = await employees.explain(filter!, { sort, skip, limit });
          const what = describeQuery(filter!, sort, [skip, skip + limit - 1]);
          expect({ what, ...plan }).toMatchObject({
            what,
            // Everyone (staff's TODAS): the list's own index read from its start.
            access: Object.keys(filter!).length === 0 ? 'walk' : 'index',
            fullScan: false,
            filterInSql: true,
            sortInSql: true,
            pageInSql: true,
          });
          expect({ what, plan: plan.sqlitePlan.join('\n') }).not.toMatchObject({
            plan: expect.stringMatching(new RegExp(`${TABLE_SCAN.source}|${SORTS.source}`, 'm')),
          });
          // Only the page's rows were read.
          expect(plan.examined).toBe(plan.returned);
        }
        const counted = await employees.explain(filter!, { operation: 'count' });
        if (Object.keys(filter!).length === 0) {
          // Everyone: the collection's size, kept by the store.
          expect(counted.access).toBe('size');
        } else {
          expect(counted).toMatchObject({ access: 'index', fullScan: false, filterInSql: true });
          expect(counted.sqlitePlan.join('\n')).toMatch(/SEARCH .* USING (COVERING )?INDEX/);
          expect(counted.sqlitePlan.join('\n')).not.toMatch(TABLE_SCAN);
        }
        // What the list shows is what the filter means (the index answered it, not a stand-in).
        const all = await employees.find(filter!, { sort, limit: 1000 });
        expect(all.length).toBe(Math.min(1000, await employees.count(filter!)));
        if (scope.kind === 'organization') {
          expect(all.every((doc) => doc.organizationId === scope.organizationId)).toBe(true);
        }
      },
    );

    test.each(Object.entries(NARROWED))(
      '002-4.09 %s: the rows of one index are tested in the list order, never every row nor a sort',
      async (_name, raw) => {
        const { filter, sort } = await read(scope, raw);
        const plan = await employees.explain(filter!, { sort, skip: 25, limit: 25 });
        expect(plan).toMatchObject({ fullScan: false, sortInSql: true, pageInSql: true, filterInSql: true });
        expect(['index', 'walk']).toContain(plan.access);
        const sqlite = plan.sqlitePlan.join('\n');
        expect(sqlite).not.toMatch(TABLE_SCAN);
        if (SORTS.test(sqlite)) {
          // A sort only of an index's few candidates: the store counted them under its probe's cap.
          const chosen = `${plan.access}(${plan.indexes.join(' | ')})`;
          expect(plan.probes.find((probe) => probe.access === chosen)).toMatchObject({ capped: false });
        }
        const counted = await employees.explain(filter!, { operation: 'count' });
        expect(counted.fullScan).toBe(false);
        expect(counted.sqlitePlan.join('\n')).not.toMatch(TABLE_SCAN);
      },
    );

    test('the export reads each page from where the last one ended, in the list order, and writes everyone once', async () => {
      const { filter, sort } = await read(scope, { movement: 'ALTAS' });
      const plans: Awaited<ReturnType<typeof employees.explain>>[] = [];
      // The export's own paging (platform/http/keysetPages.ts), each query explained before it runs.
      const explained = {
        find: async (pageFilter: Filter, options: { sort?: SortSpec; limit?: number; skip?: number }) => {
          expect(options.skip).toBeUndefined();
          plans.push(await employees.explain(pageFilter, options));
          return employees.find(pageFilter, options);
        },
      } as unknown as typeof employees;
      const seen: string[] = [];
      for await (const page of keysetPages(explained, filter!, sort, 100))
        seen.push(...page.map((doc) => doc._id));
      expect(plans.length).toBeGreaterThan(2);
      for (const plan of plans) {
        expect(plan).toMatchObject({ access: 'index', fullScan: false, pageInSql: true });
        expect(plan.sqlitePlan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN/);
        expect(plan.examined).toBe(plan.returned);
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual((await employees.find(filter!, { sort, limit: PEOPLE })).map((doc) => doc._id));
    });
  });
}

test("a company administrator's filter naming another company's policy matches nothing", async () => {
  expect((await read(company, { policyId: benchPolicyId(1, 0) })).filter).toBeNull();
  expect((await read(company, { policyId: 'no-such-policy' })).filter).toBeNull();
  // Staff reach any policy; the organization is dropped only where the policy implies it.
  expect((await read(staff, { policyId: benchPolicyId(1, 0) })).filter).toEqual({
    policyId: benchPolicyId(1, 0),
  });
});
