import { nextOperationDate, operationDayOf, retroactiveDaysOf } from '@cubre/services/insurers';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { InsurerRecord } from '@cubre/schemas/insurers/settings';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { fixtureCommandOptions, ORGANIZATIONS } from '../support/catalogueOrganizations';
import { createActiveUser, listQuery, rulesOf, signIn, type Session } from '../identity/support';

/**
 * Insurers' operation day and retroactive days (issue 15; seed 002 §4, §9, §6): the console's `insurers`
 * lists the catalogue's insurer organizations with their settings (defaults until set), each setting is
 * changed under its own permission, pinned to the revision read, audited, and read by other domains
 * through operationDayOf / retroactiveDaysOf.
 */
let runtime: TestRuntime;
let admin: Session;
const options = fixtureCommandOptions('insurers-test');

beforeAll(async () => {
  runtime = await startTestRuntime();
  const store = runtime.engines.eventStore;
  for (const organization of [ORGANIZATIONS.andes, ORGANIZATIONS.consalud, ORGANIZATIONS.davila]) {
    await defineCatalogueEntry(store, 'organization', organization, options());
  }
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await store.headPosition(), streamId: 'organization-x' },
    ['catalogue'],
    10_000,
  );
  admin = await signIn(runtime.url, 'admin@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

const ANDES = ORGANIZATIONS.andes.code;
const CONSALUD = ORGANIZATIONS.consalud.code;

test('002-9.04 002-9.05 every insurer organization is listed with the seed defaults until set: activation 30 back and 45 forward, cancellation 30 and 30; a clinic is no insurer', async () => {
  const response = await admin.get(`/api/admin/insurers${listQuery({ sort: ['id', 'ASC'] })}`);
  expect(response.status).toBe(200);
  const rows = (await json(response)).map((row: unknown) => InsurerRecord.parse(row));
  expect(rows.map((row: InsurerRecord) => row.id)).toEqual([CONSALUD, ANDES].sort());
  for (const row of rows) {
    expect(row).toMatchObject({
      activationDaysBack: 30,
      activationDaysForward: 45,
      cancellationDaysBack: 30,
      cancellationDaysForward: 30,
      retroactiveDaysAreDefault: true,
      operationDay: 31,
      operationDayIsDefault: true,
      revision: -1,
    });
  }
  expect(await retroactiveDaysOf(runtime.engines.readStore)(CONSALUD)).toEqual({
    activationDaysBack: 30,
    activationDaysForward: 45,
    cancellationDaysBack: 30,
    cancellationDaysForward: 30,
  });
  expect((await admin.get(`/api/admin/insurers/${ORGANIZATIONS.davila.code}`)).status).toBe(404);
  expect((await admin.get('/api/admin/insurers/Nadie')).status).toBe(404);
  const isapres = await json(
    await admin.get(`/api/admin/insurers${listQuery({ filter: { type: 'ISAPRE' } })}`),
  );
  expect(isapres.map((row: InsurerRecord) => row.id)).toEqual([CONSALUD]);
});

test('002-4.19 the operation day an insurer sets is what operationDayOf answers, and the next operation date follows it', async () => {
  const before = await json(await admin.get(`/api/admin/insurers/${ANDES}`));
  const set = await admin.put(`/api/admin/insurers/${ANDES}/dia-de-corte`, {
    operationDay: 20,
    revision: before.revision,
  });
  expect(set.status).toBe(200);
  expect(set.headers.get('etag')).toBe('"0"');
  expect(await json(set)).toMatchObject({
    id: ANDES,
    operationDay: 20,
    operationDayIsDefault: false,
    revision: 0,
  });
  // The same day again is no change: nothing recorded, the revision stays.
  const again = await admin.put(`/api/admin/insurers/${ANDES}/dia-de-corte`, { operationDay: 20 });
  expect((await json(again)).revision).toBe(0);
  const day = await operationDayOf(runtime.engines.readStore)(ANDES);
  expect(day).toBe(20);
  expect(await operationDayOf(runtime.engines.readStore)(CONSALUD)).toBe(31);
  // On or before the day: the 1st of next month; past it: the 1st of the month after.
  expect(nextOperationDate('2026-11-20', day)).toBe('2026-12-01');
  expect(nextOperationDate('2026-11-21', day)).toBe('2027-01-01');
  // A day past a month's last day is that month's last day: February has no 31st.
  expect(nextOperationDate('2027-02-28', 31)).toBe('2027-03-01');
  expect(nextOperationDate('2027-02-28', 27)).toBe('2027-04-01');

  const audit = await json(
    await admin.get(`/api/admin/audit${listQuery({ filter: { streamId: `insurerSettings-${ANDES}` } })}`),
  );
  expect(audit).toEqual([
    expect.objectContaining({ type: 'InsurerOperationDaySet', actor: { kind: 'user', id: admin.user.id } }),
  ]);
});

test('an insurer sets its own retroactive days (002-9.04 002-9.05 per insurer); a stale revision is 409, bad days a 400 naming the field', async () => {
  const days = {
    activationDaysBack: 10,
    activationDaysForward: 60,
    cancellationDaysBack: 5,
    cancellationDaysForward: 15,
  };
  const before = await json(await admin.get(`/api/admin/insurers/${CONSALUD}`));
  const set = await admin.put(`/api/admin/insurers/${CONSALUD}/dias-retroactivos`, days, {
    'If-Match': `"${before.revision}"`,
  });
  expect(set.status).toBe(200);
  expect(await json(set)).toMatchObject({ ...days, retroactiveDaysAreDefault: false, operationDay: 31 });
  expect(await retroactiveDaysOf(runtime.engines.readStore)(CONSALUD)).toEqual(days);

  const stale = await admin.put(`/api/admin/insurers/${CONSALUD}/dias-retroactivos`, {
    ...days,
    revision: -1,
  });
  expect(stale.status).toBe(409);
  expect(stale.headers.get('content-type')).toContain('application/problem+json');

  const bad = await admin.put(`/api/admin/insurers/${CONSALUD}/dias-retroactivos`, {
    ...days,
    activationDaysBack: -1,
    cancellationDaysForward: 1.5,
  });
  expect(bad.status).toBe(400);
  const problem = await json(bad);
  expect(problem.errors.map((error: { field: string }) => error.field).sort()).toEqual([
    'activationDaysBack',
    'cancellationDaysForward',
  ]);
  const badDay = await admin.put(`/api/admin/insurers/${CONSALUD}/dia-de-corte`, { operationDay: 32 });
  expect(badDay.status).toBe(400);
  expect((await json(badDay)).errors[0].field).toBe('operationDay');
  expect((await admin.put('/api/admin/insurers/Nadie/dia-de-corte', { operationDay: 5 })).status).toBe(404);
});

test('002-6.10 the admin insurer permissions are enforced: read, update-cutting-day and update-retroactive-days each on their own (403 without)', async () => {
  const supervisor = await signIn(runtime.url, 'supervisor@demo.cl');
  expect((await supervisor.get('/api/admin/insurers')).status).toBe(403);
  expect(
    (await supervisor.put(`/api/admin/insurers/${ANDES}/dia-de-corte`, { operationDay: 5 })).status,
  ).toBe(403);

  // A role given reading and the cutting day, not the retroactive days.
  const role = await json(await admin.get('/api/admin/roles/GERENTE'));
  const granted = await admin.put(
    '/api/admin/roles/GERENTE',
    { ...role, permissions: [...role.permissions, 'admin:insurer:read', 'admin:insurer:update-cutting-day'] },
    { 'If-Match': `"${role.revision}"` },
  );
  expect(granted.status).toBe(200);
  const { session: manager } = await createActiveUser(admin, { roles: ['GERENTE'] });
  expect((await manager.get('/api/admin/insurers')).status).toBe(200);
  const current = await json(await manager.get(`/api/admin/insurers/${ANDES}`));
  expect(
    (
      await manager.put(`/api/admin/insurers/${ANDES}/dia-de-corte`, {
        operationDay: 5,
        revision: current.revision,
      })
    ).status,
  ).toBe(200);
  const refused = await manager.put(`/api/admin/insurers/${ANDES}/dias-retroactivos`, {
    activationDaysBack: 1,
    activationDaysForward: 1,
    cancellationDaysBack: 1,
    cancellationDaysForward: 1,
  });
  expect(refused.status).toBe(403);
  expect(await rulesOf(refused)).toEqual(['FORBIDDEN']);
});
