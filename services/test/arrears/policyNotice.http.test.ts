import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, rulesOf, signIn, type Session } from '../identity/support';

/**
 * `PUT /api/admin/policies/{id}/arrears-notice` (issue 15, group policies' arrears reminders): whether a
 * group policy's arrears mails also go to its active insured people, set by staff holding seed 002's
 * "policy update-insurance-notification" (`admin:policy:update-insurance-notification`), recorded on the
 * policy's own stream once per change.
 */
let runtime: TestRuntime;
let admin: Session;
beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const PATH = '/api/admin/policies/sur-vida-2026/arrears-notice';
const noticeEvents = async () =>
  (await runtime.engines.eventStore.readStream('policy-sur-vida-2026'))
    .filter((event) => event.type === 'PolicyArrearsNoticeChanged')
    .map((event) => event.data.notifyEmployeesOfArrears);

test('staff turn the notice on and off; the same value again records nothing', async () => {
  expect(await noticeEvents()).toEqual([]);
  const on = await admin.put(PATH, { notifyEmployeesOfArrears: true });
  expect(on.status).toBe(200);
  expect(await json(on)).toEqual({ policyId: 'sur-vida-2026', notifyEmployeesOfArrears: true });
  expect(on.headers.get('etag')).toBeTruthy();
  expect((await admin.put(PATH, { notifyEmployeesOfArrears: true })).status).toBe(200);
  expect((await admin.put(PATH, { notifyEmployeesOfArrears: false })).status).toBe(200);
  expect(await noticeEvents()).toEqual([true, false]);
});

test('a body without a boolean is a 400 naming the field; an unknown policy a 404', async () => {
  const bad = await admin.put(PATH, { notifyEmployeesOfArrears: 'sí' });
  expect(bad.status).toBe(400);
  expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect((await json(bad)).errors[0].field).toBe('notifyEmployeesOfArrears');
  expect(await rulesOf(await admin.put(PATH, {}))).toHaveLength(1);
  const missing = await admin.put('/api/admin/policies/no-existe/arrears-notice', {
    notifyEmployeesOfArrears: true,
  });
  expect(missing.status).toBe(404);
});

test('a company user without the permission is refused and nothing is recorded', async () => {
  const company = await signIn(runtime.url, 'empresa2@demo.cl');
  const refused = await company.put(PATH, { notifyEmployeesOfArrears: true });
  expect(refused.status).toBe(403);
  expect(await noticeEvents()).toEqual([true, false]);
});

test('the policy page reads the switch back from the policy; an unknown policy is a 404', async () => {
  await admin.put(PATH, { notifyEmployeesOfArrears: true });
  const read = await admin.get(PATH);
  expect(read.status).toBe(200);
  expect(await json(read)).toEqual({ policyId: 'sur-vida-2026', notifyEmployeesOfArrears: true });
  expect((await admin.get('/api/admin/policies/no-existe/arrears-notice')).status).toBe(404);
  await admin.put(PATH, { notifyEmployeesOfArrears: false });
  expect(await json(await admin.get(PATH))).toMatchObject({ notifyEmployeesOfArrears: false });
});

test("the policy's events are in the staff's audit: its opening and each change of the notice with who made it", async () => {
  await admin.put(PATH, { notifyEmployeesOfArrears: true });
  const rows = await json(
    await admin.get(
      `/api/admin/audit${listQuery({ filter: { streamId: 'policy-sur-vida-2026' }, range: [0, 99] })}`,
    ),
  );
  const types = rows.map((row: { type: string }) => row.type);
  expect(types[types.length - 1]).toBe('PolicyCreated');
  expect(rows[0]).toEqual(
    expect.objectContaining({
      type: 'PolicyArrearsNoticeChanged',
      category: 'policy',
      actor: { kind: 'user', id: admin.user.id },
      data: { policyId: 'sur-vida-2026', notifyEmployeesOfArrears: true },
    }),
  );
  expect(types.filter((type: string) => type === 'PolicyArrearsNoticeChanged')).toHaveLength(
    (await noticeEvents()).length,
  );
  const policies = await json(
    await admin.get(`/api/admin/audit${listQuery({ filter: { category: 'policy' }, range: [0, 999] })}`),
  );
  expect(policies.length).toBeGreaterThan(0);
  expect(policies.every((row: { category: string }) => row.category === 'policy')).toBe(true);
});
