import { randomUUID } from 'node:crypto';
import { ARREARS_METADATA, reminderMail } from './support/reminderMail';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { mailIdOf, mailStream, messageIdOf } from '@cubre/services/mail';
import { MailDomainEvent, mailDecider } from '@cubre/services/mail/mailDecider';
import { recordMailRequest } from '@cubre/services/mail/requester';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { SmtpSink, readMessage } from './support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from './support/mailRuntime';

/**
 * Issue 15, "Jobs and mail": mails go through a real SMTP server on loopback (smtp-server) and the test
 * reads what arrived. Exactly once per key; SMTP down is retried with backoff and delivered once when it
 * comes back; no address ever reaches a log line.
 */
const metadata = ARREARS_METADATA;
const CUSTOMER = 'camila.rojas@example.com';
const mail = reminderMail({ email: CUSTOMER, name: 'Camila Rojas' }, 'sub-1');

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
const typesOf = async (key: string) =>
  (await runtime.engines.eventStore.readStream(mailStream(mailIdOf(key)))).map((event) => event.type);

test('002-4.17 a requested mora_1 arrives at the SMTP server with its headers, subject, text, HTML and the Message-ID of its key', async () => {
  const key = `arrears:sub-1:2026-11:mora_1`;
  const before = sink.received.length;
  expect(await runtime.mail.requester.request(mail(key), metadata)).toBe('requested');
  await sink.waitFor(before + 1);
  await runtime.mail.dispatcher.idle();
  const arrived = sink.received[before]!;
  expect(arrived.to).toEqual([CUSTOMER]);
  expect(arrived.from).toBe('no-responder@cubre.test');
  const message = readMessage(arrived.raw);
  expect(message.headers['message-id']).toBe(messageIdOf(mailIdOf(key), 'cubre.test'));
  expect(message.headers.to).toContain(CUSTOMER);
  expect(message.headers.subject).toBe('Tu pago de Plan Salud Total está pendiente');
  expect(message.headers['list-unsubscribe']).toContain('mailto:baja@cubre.test');
  expect(message.text).toContain('Monto pendiente: $ 45.990.');
  expect(message.text).toContain('Pagar ahora: https://cubre.test/pagar/sub-1');
  expect(message.html).toContain('<html lang="es">');
  expect(message.html).toContain('href="https://cubre.test/pagar/sub-1"');
  expect(message.html).toContain('#0b5394');

  await runtime.settled();
  const doc = await outbox().findOne({ _id: mailIdOf(key) });
  expect(doc).toMatchObject({
    status: 'sent',
    attempts: 1,
    template: 'mora_1',
    subjectLine: 'Tu pago de Plan Salud Total está pendiente',
    messageId: messageIdOf(mailIdOf(key), 'cubre.test'),
    dueAt: null,
  });
  expect(doc!.html!.trim()).toBe(message.html.replace(/\r\n/g, '\n').trim());
});

test('the same key requested twice, and the job run after it, sends one mail', async () => {
  const key = `arrears:sub-2:2026-11:mora_1`;
  const before = sink.received.length;
  const answers = await Promise.all([
    runtime.mail.requester.request(mail(key), metadata),
    runtime.mail.requester.request(mail(key), { ...metadata, correlationId: 'another' }),
  ]);
  expect(answers.sort()).toEqual(['already-requested', 'requested']);
  await sink.waitFor(before + 1);
  await runtime.mail.dispatcher.idle();
  await runtime.settled();
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0 });
  expect(await runtime.mail.requester.request(mail(key), metadata)).toBe('already-requested');
  await runtime.mail.dispatcher.idle();
  const ids = sink.received.map((received) => readMessage(received.raw).headers['message-id']);
  expect(ids.filter((id) => id === messageIdOf(mailIdOf(key), 'cubre.test'))).toHaveLength(1);
  expect(await typesOf(key)).toEqual(['MailRequested', 'MailRendered', 'MailClaimed', 'MailSent']);
});

test('two dispatchers on one due mail: one claim wins, one mail leaves', async () => {
  // Requested without the scheduler's kick (as from an api-only process), then two runs at once.
  const key = `arrears:sub-3:2026-11:mora_2`;
  const before = sink.received.length;
  await recordMailRequest(
    runtime.engines.eventStore,
    () => new Date('2026-11-26T12:00:00Z'),
    mail(key, { template: 'mora_2' }),
    metadata,
  );
  await runtime.settled();
  const outcomes = await Promise.all([
    runtime.mail.dispatcher.dispatchOne(mailIdOf(key)),
    runtime.mail.dispatcher.dispatchOne(mailIdOf(key)),
  ]);
  expect(outcomes.sort()).toEqual(['sent', 'skipped']);
  await sink.waitFor(before + 1);
  expect(sink.received.length).toBe(before + 1);
});

test('SMTP down: the mail fails with backoff, is not retried before its time, and arrives once when the server is back', async () => {
  const key = `arrears:sub-4:2026-11:mora_3`;
  runtime.setNow('2026-11-26T13:00:00.000Z');
  await sink.stop();
  await runtime.mail.requester.request(mail(key, { template: 'mora_3' }), metadata);
  await runtime.mail.dispatcher.idle();
  await runtime.settled();
  let doc = await outbox().findOne({ _id: mailIdOf(key) });
  expect(doc).toMatchObject({
    status: 'failed',
    attempts: 1,
    lastErrorKind: 'connection',
    retryAt: '2026-11-26T13:01:00.000Z',
    givenUp: false,
  });

  // Still down a minute later: the second attempt fails and waits twice as long (base·2^(n−1)).
  runtime.setNow('2026-11-26T13:01:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ failed: 1, sent: 0 });
  await runtime.settled();
  doc = await outbox().findOne({ _id: mailIdOf(key) });
  expect(doc).toMatchObject({ attempts: 2, retryAt: '2026-11-26T13:03:00.000Z' });

  // The server is back, but the retry is not due yet: nothing is sent before its time.
  await sink.start();
  const before = sink.received.length;
  runtime.setNow('2026-11-26T13:02:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toEqual({
    sent: 0,
    failed: 0,
    skipped: 0,
    suppressed: 0,
  });

  runtime.setNow('2026-11-26T13:03:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 1 });
  await sink.waitFor(before + 1);
  await runtime.settled();
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0 });
  const arrived = sink.received.slice(before).map((received) => readMessage(received.raw));
  expect(arrived).toHaveLength(1);
  expect(arrived[0]!.headers['message-id']).toBe(messageIdOf(mailIdOf(key), 'cubre.test'));
  expect(await typesOf(key)).toEqual([
    'MailRequested',
    'MailRendered',
    'MailClaimed',
    'MailFailed',
    'MailClaimed',
    'MailFailed',
    'MailClaimed',
    'MailSent',
  ]);
});

test('a process killed after the server accepted: the lease runs out and the resend carries the same Message-ID', async () => {
  const key = `arrears:sub-5:2026-11:mora_1`;
  runtime.setNow('2026-11-26T14:00:00.000Z');
  const before = sink.received.length;
  await recordMailRequest(
    runtime.engines.eventStore,
    () => new Date('2026-11-26T14:00:00Z'),
    mail(key),
    metadata,
  );
  // The "killed" dispatcher: it claimed and the server accepted, but MailSent was never recorded.
  const stream = mailStream(mailIdOf(key));
  await handleCommand(
    runtime.engines.eventStore,
    { decider: mailDecider, eventSchema: MailDomainEvent },
    stream,
    {
      type: 'ClaimMail',
      claimId: 'dead',
      now: '2026-11-26T14:00:00.000Z',
      leaseUntil: '2026-11-26T14:10:00.000Z',
      rendered: { mailId: mailIdOf(key), subject: 'x', text: 'x', html: '<p>x</p>', unsubscribe: null },
    },
    { ...metadata, commandId: randomUUID(), receivedAt: '2026-11-26T14:00:00.000Z' },
  );
  await runtime.settled();
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 0 });
  runtime.setNow('2026-11-26T14:10:00.000Z');
  expect(await runtime.mail.dispatcher.dispatchDue()).toMatchObject({ sent: 1 });
  await sink.waitFor(before + 1);
  expect(readMessage(sink.received[before]!.raw).headers['message-id']).toBe(
    messageIdOf(mailIdOf(key), 'cubre.test'),
  );
  expect((await typesOf(key)).slice(-4)).toEqual(['MailClaimed', 'MailFailed', 'MailClaimed', 'MailSent']);
});

test('no e-mail address reaches a log line', () => {
  const logged = runtime.logged();
  expect(logged).toContain('mail sent');
  expect(logged).toContain('mail failed; retried later');
  expect(logged).not.toContain(CUSTOMER);
  expect(logged).not.toMatch(/[A-Za-z0-9._%+-]+@example\.com/);
});
