import { rutCheckDigit } from '@cubre/schemas/identification';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { SmtpSink, readMessage } from './support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from './support/mailRuntime';

/**
 * Issue 15: the console's `mail-outbox` resource (permissions, filters, one mail with its rendered words,
 * "Reintentar"), and the lead mails: the assignment notice (CODE001 when it fails for good, 002-8.06) and
 * the LLAMADA / REUNION reminders at their time (002-3.25), through a real SMTP server on loopback.
 */
let sink: SmtpSink;
let runtime: MailTestRuntime;
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  runtime = await startMailRuntime(sink.port);
  await loadLeadsCatalogue(runtime);
  for (const who of ['admin', 'ejecutivo', 'ejecutivo2']) {
    const answer = await json(
      await postJson(`${runtime.url}/token`, { email: `${who}@demo.cl`, password: 'Demo.2026!' }),
    );
    tokens[who] = answer.token;
    users[who] = answer.user.id;
  }
});
afterAll(async () => {
  await runtime.dispose();
  await sink.stop();
});

const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
const get = (who: string | null, path: string) =>
  fetch(`${runtime.url}${path}`, { headers: who ? as(who) : {} });
const list = async (filter: Record<string, unknown>) => {
  const response = await get(
    'admin',
    `/api/admin/mail-outbox?filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(response.status).toBe(200);
  return (await json(response)) as Record<string, unknown>[];
};

let counter = 0;
async function newLead(): Promise<string> {
  counter++;
  const number = String(16543210 + counter);
  const response = await postJson(`${runtime.url}/api/solicitarplans`, {
    productCode: 'COMP-L',
    nombre: 'Marta Núñez',
    rut: `${number}-${rutCheckDigit(number)}`,
    email: `marta${counter}@example.com`,
    telefono: '+56 9 1234 5678',
    region: 13,
    profile: { cotizante: [{ sexo: 'Femenino', edad: 38 }] },
    price: 0.85,
  });
  expect(response.status).toBe(201);
  return (await json(response)).id as string;
}
const assign = (leadId: string, executive: string) =>
  postJson(`${runtime.url}/api/admin/leads/${leadId}/assign`, { executiveId: users[executive] }, as('admin'));

/** Waits for the projector (the reactor asks the mail), then for the kicked sends. */
async function quiet() {
  await runtime.settled();
  await runtime.mail.dispatcher.idle();
  await runtime.settled();
}

test('the outbox is read with admin:unsent-notification:read: 401 without a token, 403 without the permission', async () => {
  expect((await get(null, '/api/admin/mail-outbox')).status).toBe(401);
  const forbidden = await get('ejecutivo', '/api/admin/mail-outbox');
  expect(forbidden.status).toBe(403);
  expect(forbidden.headers.get('content-type')).toContain('application/problem+json');
  const retry = await postJson(
    `${runtime.url}/api/admin/mail-outbox/00000000-0000-5000-8000-000000000000/retry`,
    {},
    as('ejecutivo'),
  );
  expect(retry.status).toBe(403);
  expect((await get('admin', '/api/admin/mail-outbox')).status).toBe(200);
});

test('002-8.06 an assignment sends lead_assigned to the executive; the outbox lists and shows it, filtered', async () => {
  const leadId = await newLead();
  const before = sink.received.length;
  expect((await assign(leadId, 'ejecutivo')).status).toBe(200);
  await sink.waitFor(before + 1);
  await quiet();
  const arrived = sink.received[before]!;
  expect(arrived.to).toEqual(['ejecutivo@demo.cl']);
  const message = readMessage(arrived.raw);
  expect(message.headers.subject).toBe(`Se te asignó el lead ${leadId}`);
  expect(message.text).toContain(`https://cubre.test/admin/leads/${leadId}/show`);
  expect(message.headers['list-unsubscribe']).toBeUndefined();

  const rows = await list({ template: 'lead_assigned', subjectKind: 'lead', subjectId: leadId });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'sent', to: { email: 'ejecutivo@demo.cl' }, attempts: 1 });
  expect(rows[0]).not.toHaveProperty('html');
  expect(await list({ status: 'failed', subjectId: leadId })).toHaveLength(0);
  expect(await list({ template: 'mora_1', subjectId: leadId })).toHaveLength(0);
  expect(
    await list({ requestedAt_gte: '2026-11-26', requestedAt_lte: '2026-11-26', subjectId: leadId }),
  ).toHaveLength(1);
  expect(await list({ requestedAt_gte: '2026-11-27', subjectId: leadId })).toHaveLength(0);

  const shown = await json(await get('admin', `/api/admin/mail-outbox/${rows[0]!.id as string}`));
  expect(shown.html).toContain('<html lang="es">');
  expect(shown.text).toContain(leadId);
  expect(shown.subjectLine).toBe(`Se te asignó el lead ${leadId}`);
});

test('a filter outside its values is a 400 naming the filter and rule, never a 500', async () => {
  const response = await get(
    'admin',
    `/api/admin/mail-outbox?filter=${encodeURIComponent('{"status":"lost"}')}`,
  );
  expect(response.status).toBe(400);
  expect((await json(response)).errors).toEqual([
    expect.objectContaining({ field: 'filter.status', rule: 'enum' }),
  ]);
  const date = await get(
    'admin',
    `/api/admin/mail-outbox?filter=${encodeURIComponent('{"requestedAt_gte":"ayer"}')}`,
  );
  expect((await json(date)).errors).toEqual([
    expect.objectContaining({ field: 'filter.requestedAt_gte', rule: 'format' }),
  ]);
  expect((await get('admin', '/api/admin/mail-outbox/not-a-uuid')).status).toBe(400);
  expect((await get('admin', '/api/admin/mail-outbox/00000000-0000-5000-8000-000000000000')).status).toBe(
    404,
  );
});

test('002-8.06 an assignment notice that fails for good is CODE001; "Reintentar" sends it once and clears it', async () => {
  const leadId = await newLead();
  runtime.setNow('2026-11-26T15:00:00.000Z');
  await sink.stop();
  expect((await assign(leadId, 'ejecutivo2')).status).toBe(200);
  await quiet();
  const [first] = await list({ template: 'lead_assigned', subjectId: leadId });
  expect(first).toMatchObject({ status: 'failed', attempts: 1, givenUp: false, assignmentCode: null });
  // MAIL_MAX_ATTEMPTS is 3 in this runtime: two more failures and it is given up.
  runtime.setNow('2026-11-26T15:01:00.000Z');
  await runtime.mail.dispatcher.dispatchDue();
  // The job reads the outbox: it must show the second failure before the third try is due there.
  await runtime.settled();
  runtime.setNow('2026-11-26T15:03:00.000Z');
  await runtime.mail.dispatcher.dispatchDue();
  await runtime.settled();
  const [givenUp] = await list({ givenUp: true, subjectId: leadId });
  expect(givenUp).toMatchObject({
    status: 'failed',
    attempts: 3,
    givenUp: true,
    assignmentCode: 'CODE001',
    dueAt: null,
  });
  runtime.setNow('2026-11-26T15:30:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0, failed: 0 });

  await sink.start();
  const before = sink.received.length;
  const retried = await postJson(
    `${runtime.url}/api/admin/mail-outbox/${givenUp!.id as string}/retry`,
    {},
    as('admin'),
  );
  expect(retried.status).toBe(200);
  expect((await json(retried)).retries).toEqual([{ by: users.admin, at: '2026-11-26T15:30:00.000Z' }]);
  await sink.waitFor(before + 1);
  await quiet();
  const [sent] = await list({ subjectId: leadId, template: 'lead_assigned' });
  expect(sent).toMatchObject({ status: 'sent', attempts: 4, assignmentCode: null });
  // Sent is sent: another retry is refused and nothing leaves twice.
  const again = await postJson(
    `${runtime.url}/api/admin/mail-outbox/${givenUp!.id as string}/retry`,
    {},
    as('admin'),
  );
  expect(again.status).toBe(409);
  await runtime.mail.dispatcher.idle();
  expect(sink.received.length).toBe(before + 1);
});

test('002-3.25 a scheduled LLAMADA reminds its executive by e-mail at the reminder time, once', async () => {
  runtime.setNow('2026-11-26T16:00:00.000Z');
  const leadId = await newLead();
  expect((await assign(leadId, 'ejecutivo')).status).toBe(200);
  await quiet();
  const before = sink.received.length;
  const scheduled = await postJson(
    `${runtime.url}/api/admin/leads/${leadId}/events`,
    { type: 'LLAMADA', at: '2026-11-27T14:00:00.000Z', remindAt: '2026-11-27T13:30:00.000Z', note: 'Zoom' },
    as('ejecutivo'),
  );
  expect(scheduled.status).toBe(201);
  await quiet();
  const [reminder] = await list({ template: 'lead_reminder', subjectId: leadId });
  expect(reminder).toMatchObject({ status: 'requested', notBefore: '2026-11-27T13:30:00.000Z' });
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0 });
  expect(sink.received.length).toBe(before);

  runtime.setNow('2026-11-27T13:30:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 1 });
  await sink.waitFor(before + 1);
  const message = readMessage(sink.received[before]!.raw);
  expect(sink.received[before]!.to).toEqual(['ejecutivo@demo.cl']);
  expect(message.headers.subject).toContain('Recordatorio: llamada con Marta Núñez');
  expect(message.text).toContain('Nota: Zoom');
  await runtime.settled();
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0 });
});

test('no e-mail address of the executives or the customers reaches a log line', () => {
  const logged = runtime.logged();
  expect(logged).toContain('mail sent');
  expect(logged).not.toContain('ejecutivo@demo.cl');
  expect(logged).not.toContain('ejecutivo2@demo.cl');
  expect(logged).not.toMatch(/marta\d+@example\.com/);
});
