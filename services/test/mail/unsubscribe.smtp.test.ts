import type { MailRequest } from '@cubre/schemas/mail/mailRequest';
import { ARREARS_METADATA, reminderMail } from './support/reminderMail';
import { MAIL_SUPPRESSION_CATEGORY } from '@cubre/schemas/mail/suppression';
import { mailIdOf, mailStream } from '@cubre/services/mail';
import { recipientHashOf } from '@cubre/services/mail/unsubscribeLinks';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { SmtpSink, readMessage } from './support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from './support/mailRuntime';

/**
 * Issue 15, "an unsubscribe line where the law asks for one": the customer reminders carry a signed
 * one-click link (RFC 8058) beside the desk's mailbox; following it asks to confirm, confirming (or a mail
 * client's one-click POST) puts the address on the suppression list, and no later reminder to it is sent.
 * Staff mails are not affected; only a link we signed counts; the address never reaches the log.
 */
const metadata = ARREARS_METADATA;
const CUSTOMER = 'valentina.munoz@example.com';
const mail = reminderMail({ email: CUSTOMER, name: 'Valentina Muñoz' }, 'sub-9');

let sink: SmtpSink;
let runtime: MailTestRuntime;
beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  runtime = await startMailRuntime(sink.port);
});
afterAll(async () => {
  await runtime.dispose();
  await sink.stop();
});

const outbox = () => runtime.engines.readStore.collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION);
const suppressions = async (email: string) =>
  runtime.engines.eventStore.readStream(`${MAIL_SUPPRESSION_CATEGORY}-${recipientHashOf(email)}`);

/** Sends one request and returns what arrived (or null when nothing did). */
async function send(request: MailRequest) {
  const before = sink.received.length;
  expect(await runtime.mail.requester.request(request, metadata)).toBe('requested');
  await runtime.mail.dispatcher.idle();
  await runtime.settled();
  return sink.received.length > before ? readMessage(sink.received[before]!.raw) : null;
}

/** The link as the mail gives it, on this test's server (MAIL_PUBLIC_URL is https://cubre.test). */
const local = (link: string) => link.replace('https://cubre.test', runtime.url);

let link = '';

test('the reminder carries a one-click https link first and the desk mailbox after it, in the headers and the footer', async () => {
  const message = await send(mail('arrears:sub-9:2026-11:mora_1'));
  const mailId = mailIdOf('arrears:sub-9:2026-11:mora_1');
  const header = message!.headers['list-unsubscribe']!;
  const match =
    /^<(https:\/\/cubre\.test\/api\/correo\/baja\/([0-9a-f-]+)\?firma=[\w-]+)>, <mailto:baja@cubre\.test\?subject=BAJA%20\2>$/.exec(
      header,
    );
  expect(match?.[2]).toBe(mailId);
  link = match![1]!;
  expect(message!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(message!.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  expect(message!.text).toContain(link);
});

test('following the link asks to confirm and records nothing (a link scanner unsubscribes nobody)', async () => {
  const response = await fetch(local(link));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html).toContain('<html lang="es">');
  expect(html).toContain('Confirma que no quieres recibir más recordatorios');
  expect(html).toMatch(
    /<form method="post" action="\/api\/correo\/baja\/[0-9a-f-]+\?firma=[\w-]+&amp;desde=pagina">/,
  );
  expect(html).not.toContain(CUSTOMER);
  expect(await suppressions(CUSTOMER)).toEqual([]);
});

test('a link whose signature is not ours is refused and records nothing', async () => {
  const forged = local(link).replace(/firma=[\w-]+/, 'firma=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  const page = await fetch(forged, { headers: { Accept: 'text/html' } });
  expect([page.status, page.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
  expect(await page.text()).toContain('Este enlace de baja no es válido');
  const api = await fetch(forged);
  expect([api.status, api.headers.get('content-type')]).toEqual([
    404,
    'application/problem+json; charset=utf-8',
  ]);
  const posted = await fetch(forged, { method: 'POST' });
  expect(posted.status).toBe(404);
  expect(posted.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const other = local(link).replace(/baja\/[0-9a-f-]+/, `baja/${mailIdOf('arrears:sub-10:2026-11:mora_1')}`);
  expect((await fetch(other, { method: 'POST' })).status).toBe(404);
  expect(await suppressions(CUSTOMER)).toEqual([]);
});

test("a mail client's one-click POST unsubscribes the address once; a second POST records nothing more", async () => {
  const oneClick = () =>
    fetch(local(link), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
  const response = await oneClick();
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('no recibirás más recordatorios');
  expect((await oneClick()).status).toBe(200);
  const events = await suppressions(CUSTOMER);
  expect(events).toHaveLength(1);
  expect(events[0]!.data).toMatchObject({ recipientHash: recipientHashOf(CUSTOMER), via: 'one-click' });
  // The event log names no address.
  expect(JSON.stringify(events)).not.toContain(CUSTOMER);
});

test('no later reminder reaches the address, whatever its case: the outbox says suppressed', async () => {
  for (const [key, email] of [
    ['arrears:sub-9:2026-12:mora_2', CUSTOMER],
    ['resume:sub-9:retomar_contratacion_1', 'Valentina.Munoz@Example.com'],
  ] as const) {
    const template = key.endsWith('mora_2') ? 'mora_2' : 'retomar_contratacion_1';
    expect(await send(mail(key, { template, to: { email, name: 'Valentina Muñoz' } }))).toBeNull();
    const events = await runtime.engines.eventStore.readStream(mailStream(mailIdOf(key)));
    expect(events.map((event) => event.type)).toEqual(['MailRequested', 'MailSuppressed']);
    expect(await outbox().findOne({ _id: mailIdOf(key) })).toMatchObject({
      status: 'suppressed',
      dueAt: null,
    });
  }
  // The dispatcher's run finds nothing due for them: they are never tried again.
  const run = await runtime.mail.dispatcher.dispatchDue();
  expect(run.sent).toBe(0);
});

test('staff mails to the same address still go: the opt-out covers the customer reminders only', async () => {
  const message = await send(
    mail('lead-assigned:lead-9:1', {
      template: 'lead_assigned',
      data: { lead: 'lead-9', enlace: 'https://cubre.test/admin/#/leads/lead-9' },
      subject: { kind: 'lead', id: 'lead-9' },
    }),
  );
  expect(message).not.toBeNull();
  expect(message!.headers['list-unsubscribe']).toBeUndefined();
});

test('no address and no link signature reach the log', () => {
  expect(runtime.logged()).not.toContain(CUSTOMER);
  expect(runtime.logged().toLowerCase()).not.toContain('valentina.munoz@example.com');
  expect(runtime.logged()).not.toContain(new URL(link).searchParams.get('firma')!);
});
