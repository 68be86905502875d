import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { rulesOf, signIn, type Session } from '../identity/support';

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
