import { randomUUID } from 'node:crypto';
import { arrearsMailKey } from '@cubre/schemas/arrears';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { policyAggregate, policyStream } from '@cubre/services/groupInsurance/policyDecider';
import { unsubscribeRecipient } from '@cubre/services/mail/suppression';
import { type SmtpSink, readMessage } from '../mail/support/smtpSink';
import type { MailTestRuntime } from '../mail/support/mailRuntime';
import {
  EMPLOYER,
  GROUP_POLICY as POLICY,
  groupPolicyContractForSuite,
  holdersWithMail,
  runReminders,
  settled,
} from './support/groupPolicyContract';
import type { SubscriptionWriter } from './support/subscriptionEvents';

/**
 * Issue 15, "for group policies to the employer and, where the policy says, to the employee": a contract
 * that pays a demo company's group policy (`groupPolicyId`, transportes-sur's sur-vida-2026, 90 people in
 * mixed states) falls into arrears; the `send-reminders` job sends each stage to the company's users and,
 * once the policy's `notifyEmployeesOfArrears` is on, to each of its active insured holders, once per
 * contract, stage and recipient, through the real dispatcher to an SMTP server on loopback (the suppression
 * list respected).
 */
let sink: SmtpSink;
let runtime: MailTestRuntime;
let contract: SubscriptionWriter;
groupPolicyContractForSuite((started) => ({ sink, runtime, contract } = started));

/** One run of the job, as the scheduler runs it, then every mail it asked for sent. */
async function remind() {
  const { sent, failures } = await runReminders(runtime);
  expect(failures).toEqual([]);
  await runtime.mail.dispatcher.idle();
  await runtime.mail.dispatcher.dispatchDue();
  return sent;
}

/** The outbox's mail of each Message-ID the SMTP server received. */
async function outboxByMessageId() {
  await settled(runtime);
  const outbox = await runtime.engines.readStore
    .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
    .find({ 'subject.id': contract.id });
  return new Map(outbox.map((mail) => [mail.messageId, mail]));
}

/** What arrived, per recipient address: the templates, in order (read by Message-ID from the outbox). */
async function arrived(): Promise<Map<string, string[]>> {
  const outbox = await outboxByMessageId();
  const byAddress = new Map<string, string[]>();
  for (const message of sink.received) {
    const template = outbox.get(readMessage(message.raw).headers['message-id']!)?.template ?? '?';
    for (const to of message.to) byAddress.set(to, [...(byAddress.get(to) ?? []), template]);
  }
  return byAddress;
}

/** The policy's people by employee status, as the roster read model holds them. */
async function people() {
  const holders = await holdersWithMail(runtime);
  return {
    active: holders.filter((person) => person.employeeStatus === 'ACTIVE').map((p) => p.person.email!),
    notActive: holders.filter((person) => person.employeeStatus !== 'ACTIVE').map((p) => p.person.email!),
  };
}

async function setNotice(on: boolean) {
  await handleCommand(
    runtime.engines.eventStore,
    policyAggregate,
    policyStream(POLICY),
    { type: 'SetArrearsNotice', policyId: POLICY, notifyEmployeesOfArrears: on },
    {
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'user', id: 'backoffice' },
      receivedAt: new Date().toISOString(),
    },
  );
}

test('002-4.17 a group policy in arrears: mora_1 goes to the company’s user, not to its insured people while the policy says nothing', async () => {
  await contract.declined('2026-11', 0);
  expect(await remind()).toBe(1);
  const mail = await arrived();
  expect([...mail.keys()]).toEqual([EMPLOYER]);
  expect(mail.get(EMPLOYER)).toEqual(['mora_1']);
  // The employer reads the buyer's words about the policy, with the amount due.
  const message = readMessage(sink.received[0]!.raw);
  expect(message.text).toContain('Vida colectivo');
  expect(message.text).toContain('12.990');
  // A rerun sends nothing again.
  expect(await remind()).toBe(0);
  expect(sink.received).toHaveLength(1);
});

test('002-4.17 with the policy’s notice on, mora_2 reaches the company and every active insured holder once, never an unsubscribed or inactive one', async () => {
  await setNotice(true);
  const { active, notActive } = await people();
  expect(active.length).toBeGreaterThan(10);
  expect(notActive.length).toBeGreaterThan(0);
  const unsubscribed = active[0]!;
  await unsubscribeRecipient(runtime.engines.eventStore, {
    email: unsubscribed,
    mailId: randomUUID(),
    via: 'page',
    now: new Date(),
  });
  for (const count of [1, 2, 3, 4]) await contract.declined('2026-11', count);
  // Two runs at once and a third after: each recipient's stage is requested once whoever asks.
  await Promise.all([remind(), remind()]);
  await remind();

  const mail = await arrived();
  expect(mail.get(EMPLOYER)).toEqual(['mora_1', 'mora_2']);
  for (const email of active.slice(1)) expect(mail.get(email)).toEqual(['mora_2']);
  expect(mail.has(unsubscribed)).toBe(false);
  for (const email of notActive) expect(mail.has(email)).toBe(false);
  expect(sink.received).toHaveLength(1 + 1 + active.length - 1);
  // The stage is recorded once on the contract's stream.
  const recorded = await runtime.engines.eventStore.readStream(`arrears-${contract.id}`);
  expect(recorded.map((event) => event.data.stage)).toEqual(['mora_1', 'mora_2']);

  // An insured person reads that their employer's premium is overdue: no amount, no pay button.
  const employeeMail = sink.received.find((message) => message.to.includes(active[1]!))!;
  const { text, headers } = readMessage(employeeMail.raw);
  expect(text).toContain(
    'Tu empleador no ha pagado la prima de la póliza colectiva Vida colectivo (POL-2002)',
  );
  expect(text).not.toContain('12.990');
  expect(text).not.toContain('Pagar ahora');
  // Each recipient's mail has its own key under the stage's: no address or RUT in it.
  const key = (await outboxByMessageId()).get(headers['message-id']!)!.key;
  expect(key).toMatch(
    new RegExp(`^${arrearsMailKey(contract.id, '2026-11', 'mora_2')}:asegurado:[0-9a-f]{24}$`),
  );
});

test('002-4.17 with the notice off again, mora_3 goes to the company only', async () => {
  await setNotice(false);
  const before = sink.received.length;
  for (const count of [5, 6, 7, 8]) await contract.declined('2026-12', count);
  await remind();
  const added = sink.received.slice(before);
  expect(added.map((message) => message.to)).toEqual([[EMPLOYER]]);
  expect((await arrived()).get(EMPLOYER)).toEqual(['mora_1', 'mora_2', 'mora_3']);
});
