import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { PolicyRecord } from '@cubre/schemas/groupInsurance/policy';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { fixtureCommandOptions, ORGANIZATIONS } from '../support/catalogueOrganizations';
import { listQuery, signIn, type Session } from '../identity/support';

/**
 * 002-6.03 policies: staff create a company's policy with an insurer of the catalogue (`policy:create`);
 * company administrators read their own (`policy:read`) and create none.
 */
let runtime: TestRuntime;
let staff: Session;
let company: Session;

beforeAll(async () => {
  runtime = await startTestRuntime();
  const store = runtime.engines.eventStore;
  await defineCatalogueEntry(
    store,
    'organization',
    ORGANIZATIONS.andes,
    fixtureCommandOptions('policies-test')(),
  );
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await store.headPosition(), streamId: 'organization-x' },
    ['catalogue'],
    10_000,
  );
  staff = await signIn(runtime.url, 'admin@demo.cl');
  company = await signIn(runtime.url, 'empresa2@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

const body = (insurerCode: string) => ({
  organizationId: 'transportes-sur',
  insurerCode,
  number: 'POL-9',
  name: 'Dental colectivo',
  coverageGroups: [{ code: 'D1', name: 'Todos', planName: 'Plan Dental' }],
  startDate: '2026-12-01',
});

test('002-6.03 staff create a policy for a company with an insurer of the catalogue; the company reads it, with no one insured yet', async () => {
  const unknown = await staff.post('/api/admin/policies', body('No-Such-Insurer'));
  expect(unknown.status).toBe(422);
  expect((await json(unknown)).errors[0]).toMatchObject({ field: 'insurerCode', rule: 'exists' });
  expect((await company.post('/api/admin/policies', body(ORGANIZATIONS.andes.code))).status).toBe(403);

  const created = await staff.post('/api/admin/policies', body(ORGANIZATIONS.andes.code));
  expect(created.status).toBe(201);
  const policy = PolicyRecord.parse(await json(created));
  expect(policy).toMatchObject({
    organizationId: 'transportes-sur',
    organizationName: 'Transportes del Sur Ltda.',
    status: 'ACTIVE',
    counts: { active: 0, pending: 0, canceled: 0 },
  });
  expect(
    (await staff.post('/api/admin/policies', { ...body(ORGANIZATIONS.andes.code), id: policy.id })).status,
  ).toBe(409);

  const listed = await json(await company.get(`/api/admin/policies${listQuery({ filter: { q: 'POL-9' } })}`));
  expect(listed.map((row: PolicyRecord) => row.id)).toEqual([policy.id]);
  const invalid = await staff.post('/api/admin/policies', {
    ...body(ORGANIZATIONS.andes.code),
    coverageGroups: [],
  });
  expect(invalid.status).toBe(400);
  expect((await json(invalid)).errors[0].field).toMatch(/coverageGroups/);
});
