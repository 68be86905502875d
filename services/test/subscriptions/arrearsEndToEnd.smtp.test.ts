import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { json } from '../support/http';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { signIn, type Session } from '../identity/support';
import { SmtpSink, readMessage } from '../mail/support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from '../mail/support/mailRuntime';
import { BUYER, STARTS_DECLINING, buySubscription, saleState, settled, subscriptionOfSale } from './support';

/**
 * Issue 15, "What it must show", end to end on the embedded runtime with a clock the test moves: a monthly
 * subscription bought with the sandbox's card that starts declining; the scheduler's own jobs (charge run,
 * reminders), started as an administrator's "Ejecutar ahora" does, charge it day after day; the overdue count
 * grows, the sale turns OVERDUE, and mora_1, mora_2 and mora_3 each arrive once at a real SMTP server.
 */
let sink: SmtpSink;
let runtime: MailTestRuntime;
let admin: Session;

beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  runtime = await startMailRuntime(sink.port, '2027-07-20T15:00:00.000Z');
  await loadLeadsCatalogue(runtime);
  admin = await signIn(runtime.url, 'admin@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime?.dispose();
  await sink?.stop();
});

/** Runs a job now through the console's command and waits for the run to finish. */
async function runJob(job: string): Promise<void> {
  // The previous run's finish is recorded a moment before this process lets the job go (a 409 meanwhile).
  let asked = await admin.post(`/api/admin/scheduler/jobs/${job}/runs`, {});
  for (let tries = 0; asked.status === 409 && tries < 1000; tries++) {
    asked = await admin.post(`/api/admin/scheduler/jobs/${job}/runs`, {});
  }
  expect(asked.status).toBe(202);
  const { id } = await json(asked);
  for (;;) {
    await settled(runtime);
    const run = await json(await admin.get(`/api/admin/job-runs/${id}`));
    if (run.status === 'succeeded') break;
    if (run.status !== 'running') throw new Error(`${job} run ${id}: ${JSON.stringify(run)}`);
  }
}

/** One day of the scheduler: the charge run, then the reminders (twice: a rerun sends nothing again). */
async function day(instant: string): Promise<void> {
  runtime.setNow(instant);
  // A session of that day: yesterday's token has expired on the moved clock.
  admin = await signIn(runtime.url, 'admin@demo.cl');
  await runJob('charge-subscriptions');
  await runJob('send-reminders');
  await runJob('send-reminders');
  await runtime.mail.dispatcher.idle();
}

const buyersMail = () =>
  sink.received
    .filter((message) => message.to.includes(BUYER.email))
    .map((message) => readMessage(message.raw));

test('002-4.17 002-3.30 a card that starts declining: the count grows, the sale turns OVERDUE, and mora_1, mora_2, mora_3 arrive once each at the SMTP server', async () => {
  const bought = await buySubscription(runtime.url, STARTS_DECLINING);
  expect(bought.paid.body.sale.state).toBe('OK');
  const { _id: subscriptionId, nextOperationDate } = await subscriptionOfSale(runtime, bought.sale.id);
  expect(nextOperationDate).toBe('2027-08-01');

  await day('2027-08-01T12:00:00.000Z');
  expect(await subscriptionOfSale(runtime, bought.sale.id)).toMatchObject({
    status: 'DECLINED',
    overdueCount: 0,
  });
  expect(await saleState(runtime.url, bought.sale.id)).toBe('OVERDUE');

  const counts: number[] = [0];
  for (let date = 2; date <= 24; date++) {
    await day(`2027-08-${String(date).padStart(2, '0')}T12:00:00.000Z`);
    const { overdueCount } = await subscriptionOfSale(runtime, bought.sale.id);
    if (overdueCount !== null && overdueCount !== counts[counts.length - 1]) counts.push(overdueCount);
  }
  // Retried on the soft schedule: the count reached 8 (mora_3) before the retries ran out.
  expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  expect(await saleState(runtime.url, bought.sale.id)).toBe('OVERDUE');

  // What the customer received, as the SMTP server got it: one mail per stage, in order.
  await runtime.mail.dispatcher.idle();
  const received = buyersMail();
  const outbox = await runtime.engines.readStore
    .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
    .find({ 'subject.id': subscriptionId });
  expect(outbox.map((mail) => mail.template).sort()).toEqual(['mora_1', 'mora_2', 'mora_3']);
  expect(outbox.every((mail) => mail.status === 'sent' && mail.attempts === 1)).toBe(true);
  const arrived = (template: string) =>
    received.filter(
      (message) =>
        message.headers['message-id'] === outbox.find((mail) => mail.template === template)!.messageId,
    );
  for (const template of ['mora_1', 'mora_2', 'mora_3']) expect(arrived(template)).toHaveLength(1);
  expect(received).toHaveLength(3);
  expect(received.every((message) => message.headers['list-unsubscribe']?.includes('mailto:'))).toBe(true);
}, 300_000);
