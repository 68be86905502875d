import { EmployeeRecord } from '@cubre/schemas/groupInsurance/employee';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, signIn, type Session } from '../identity/support';
import { activationCsv, chileToday, commit, dryRun, rutOf, lettersOf } from './support';

/**
 * One person's processes (002-4.08, 002-6.11): the insurer's accept and decline under the permission of
 * the person's open process, pinned to the revision read (409 when stale); one person's cancellation
 * within the insurer's retroactive days (002-9.05); the employee list's filters (002-4.09).
 */
let runtime: TestRuntime;
let company: Session;
let staff: Session;
const POLICY = 'sur-salud-2026';
const person = (n: number) => ({
  legalId: rutOf(32_000_000 + n),
  name: 'Luis',
  surname: `Proceso${lettersOf(n)}`,
});

beforeAll(async () => {
  runtime = await startTestRuntime();
  company = await signIn(runtime.url, 'empresa2@demo.cl');
  staff = await signIn(runtime.url, 'admin@demo.cl');
  const load = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'a.csv' },
    activationCsv([1, 2, 3, 4].map(person)),
  );
  await commit(company, load.id);
});
afterAll(async () => {
  await runtime.dispose();
});

const employee = async (n: number) =>
  EmployeeRecord.parse(await json(await staff.get(`/api/admin/employees/${POLICY}.${person(n).legalId}`)));

test('002-4.08 002-6.11 an activation accepted is ACTIVE; a stale revision is a 409; an answer to no open process is a 409', async () => {
  const before = await employee(1);
  expect(before).toMatchObject({ status: 'PROCESS_ACTIVATION', employeeStatus: 'PENDING', movement: 'ALTA' });
  // The company administrator does not answer for the insurer.
  expect((await company.post(`/api/admin/employees/${before.id}/accept`, {})).status).toBe(403);
  const accepted = await staff.post(`/api/admin/employees/${before.id}/accept`, {
    revision: before.revision,
  });
  expect(accepted.status).toBe(200);
  const after = EmployeeRecord.parse(await json(accepted));
  expect(after).toMatchObject({ status: 'ACTIVE', employeeStatus: 'ACTIVE' });
  expect(after.revision).toBeGreaterThan(before.revision);

  const stale = await staff.post(`/api/admin/employees/${before.id}/decline`, { revision: before.revision });
  expect(stale.status).toBe(409);
  expect((await json(stale)).errors[0]).toMatchObject({ field: 'revision', rule: 'current_revision' });
  const nothingOpen = await staff.post(`/api/admin/employees/${before.id}/accept`, {
    revision: after.revision,
  });
  expect(nothingOpen.status).toBe(409);
  expect((await json(nothingOpen)).errors[0].rule).toBe('no-open-process');
});

test('002-4.08 an activation declined is DECLINE, not insured (INACTIVE)', async () => {
  const before = await employee(2);
  const declined = await staff.post(`/api/admin/employees/${before.id}/decline`, {
    revision: before.revision,
  });
  expect(declined.status).toBe(200);
  expect(await json(declined)).toMatchObject({ status: 'DECLINE', employeeStatus: 'INACTIVE' });
});

test('002-9.05 one person cancelled within the insurer days becomes PROCESS_CANCELLATION; a date past 30 days back is refused naming effectiveDate', async () => {
  const active = await employee(1);
  const past = new Date(Date.parse(`${chileToday()}T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 10);
  const late = await staff.post(`/api/admin/employees/${active.id}/cancel`, {
    effectiveDate: past,
    reason: 'Renuncia',
  });
  expect(late.status).toBe(422);
  expect((await json(late)).errors[0]).toMatchObject({ field: 'effectiveDate', rule: '002-9.05' });
  const cancel = await staff.post(`/api/admin/employees/${active.id}/cancel`, {
    effectiveDate: chileToday(),
    reason: 'Renuncia',
    revision: active.revision,
  });
  expect(cancel.status).toBe(200);
  expect(await json(cancel)).toMatchObject({
    status: 'PROCESS_CANCELLATION',
    movement: 'BAJA',
    cancellationReason: 'Renuncia',
  });
  const pending = await employee(3);
  const notActive = await staff.post(`/api/admin/employees/${pending.id}/cancel`, {
    effectiveDate: chileToday(),
    reason: 'x',
  });
  expect(notActive.status).toBe(409);
});

test('002-6.11 a company administrator asks for one of their people to be cancelled (active process-cancellation), never answers for the insurer, and cannot reach another company', async () => {
  const pending = await employee(4);
  const accepted = await staff.post(`/api/admin/employees/${pending.id}/accept`, {
    revision: pending.revision,
  });
  expect(accepted.status).toBe(200);
  const active = EmployeeRecord.parse(await json(accepted));
  // Another company's administrator: the person does not exist for them.
  const other = await signIn(runtime.url, 'empresa@demo.cl');
  const foreign = await other.post(`/api/admin/employees/${active.id}/cancel`, {
    effectiveDate: chileToday(),
    reason: 'Renuncia',
  });
  expect(foreign.status).toBe(404);
  const cancel = await company.post(`/api/admin/employees/${active.id}/cancel`, {
    effectiveDate: chileToday(),
    reason: 'Término de contrato',
    revision: active.revision,
  });
  expect(cancel.status).toBe(200);
  expect(EmployeeRecord.parse(await json(cancel))).toMatchObject({
    status: 'PROCESS_CANCELLATION',
    employeeStatus: 'ACTIVE',
    movement: 'BAJA',
    cancellationReason: 'Término de contrato',
  });
  // The insurer's answer to that cancellation is staff's.
  expect((await company.post(`/api/admin/employees/${active.id}/accept`, {})).status).toBe(403);
  expect((await company.post(`/api/admin/employees/${active.id}/decline`, {})).status).toBe(403);
});

test('002-4.04 002-4.05 002-4.09 the list filters by movement, status, employee status, coverage group, date and name or RUT prefix', async () => {
  const page = async (filter: object) => {
    const response = await company.get(`/api/admin/employees${listQuery({ filter, range: [0, 999] })}`);
    expect(response.status).toBe(200);
    return ((await json(response)) as unknown[]).map((row) => EmployeeRecord.parse(row));
  };
  const altas = await page({ movement: 'ALTAS', policyId: POLICY });
  const bajas = await page({ movement: 'BAJAS', policyId: POLICY });
  const todas = await page({ movement: 'TODAS', policyId: POLICY });
  expect(altas.every((row) => row.movement === 'ALTA')).toBe(true);
  expect(bajas.every((row) => row.movement === 'BAJA')).toBe(true);
  expect(altas.length + bajas.length).toBe(todas.length);
  expect(altas.length).toBeGreaterThan(0);
  expect(bajas.length).toBeGreaterThan(0);
  for (const status of ['ACTIVE', 'PROCESS_ACTIVATION', 'PROCESS_CANCELLATION', 'CANCELED', 'DECLINE']) {
    expect((await page({ status, policyId: POLICY })).every((row) => row.status === status)).toBe(true);
  }
  expect((await page({ employeeStatus: 'PENDING' })).every((row) => row.employeeStatus === 'PENDING')).toBe(
    true,
  );
  expect((await page({ coverageGroup: 'G2' })).every((row) => row.coverageGroup === 'G2')).toBe(true);
  const today = chileToday();
  const dated = await page({ effectiveDateFrom: today, effectiveDateTo: today });
  expect(dated.length).toBeGreaterThan(0);
  expect(dated.every((row) => row.effectiveDate === today)).toBe(true);
  const byRut = await page({ q: person(3).legalId.slice(0, 5) });
  expect(byRut.map((row) => row.legalId)).toContain(person(3).legalId);
  expect(byRut.every((row) => row.legalId.startsWith(person(3).legalId.slice(0, 5)))).toBe(true);
  const byName = await page({ q: `proceso${lettersOf(3)}` });
  expect(byName.map((row) => row.legalId)).toEqual([person(3).legalId]);
  // Uninsured people need employee:read-uninsured, which company administrators do not hold.
  expect(
    (await company.get(`/api/admin/employees${listQuery({ filter: { uninsured: true } })}`)).status,
  ).toBe(403);
  const uninsured = await json(
    await staff.get(`/api/admin/employees${listQuery({ filter: { uninsured: true } })}`),
  );
  expect(uninsured.every((row: EmployeeRecord) => row.employeeStatus === 'INACTIVE')).toBe(true);
});
