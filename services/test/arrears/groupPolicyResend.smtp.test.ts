import { randomUUID } from 'node:crypto';
import { json } from '../support/http';
import { listQuery, signIn, type Session } from '../identity/support';
import type { SmtpSink } from '../mail/support/smtpSink';
import type { MailTestRuntime } from '../mail/support/mailRuntime';
import {
  BUYER,
  EMPLOYER,
  GROUP_POLICY as POLICY,
  groupPolicyContractForSuite,
  holdersWithMail,
  runReminders,
  settled,
} from './support/groupPolicyContract';
import type { SubscriptionWriter } from './support/subscriptionEvents';

/**
 * Staff's "Enviar de nuevo" on a group policy's contract (issue 15, services/src/arrears/README.md): it
 * goes to whom the automatic stage goes (the company's users and, with the policy's notice on, its active
 * insured holders), never to the contract's buyer, through the real dispatcher to an SMTP server on
 * loopback; before the job it takes the stage, so the job sends nobody the stage again; after it, it goes
 * under its own key, once per Idempotency-Key; audited with who sent it.
 */
let sink: SmtpSink;
let runtime: MailTestRuntime;
let contract: SubscriptionWriter;
let admin: Session;
groupPolicyContractForSuite((started) => ({ sink, runtime, contract } = started));
beforeAll(async () => {
  admin = await signIn(runtime.url, 'admin@demo.cl');
});

/** Every mail asked for so far sent: the addresses the SMTP server received, each with its count. */
async function delivered(): Promise<Map<string, number>> {
  await runtime.mail.dispatcher.idle();
  await runtime.mail.dispatcher.dispatchDue();
  const counts = new Map<string, number>();
  for (const message of sink.received) for (const to of message.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}

const resend = (key: string) =>
  admin.post(
    `/api/admin/arrears/${contract.id}/recordatorios`,
    { reason: 'La empresa lo pidió' },
    {
      'Idempotency-Key': key,
    },
  );

async function activeHolders(): Promise<string[]> {
  return (await holdersWithMail(runtime))
    .filter((p) => p.employeeStatus === 'ACTIVE')
    .map((p) => p.person.email!.toLowerCase());
}

test('002-4.17 a manual send on a group contract before the job reaches the company and its active holders, not the buyer; the job then sends the stage to nobody again; audited', async () => {
  await contract.declined('2026-11', 0);
  expect(
    (await admin.put(`/api/admin/policies/${POLICY}/arrears-notice`, { notifyEmployeesOfArrears: true }))
      .status,
  ).toBe(200);
  await settled(runtime);
  const holders = await activeHolders();
  expect(holders.length).toBeGreaterThan(0);

  expect((await resend(randomUUID())).status).toBe(201);
  const first = await delivered();
  expect(first.get(EMPLOYER)).toBe(1);
  for (const holder of holders) expect(first.get(holder)).toBe(1);
  expect(first.has(BUYER)).toBe(false);
  expect(first.size).toBe(1 + holders.length);

  const { sent, failures } = await runReminders(runtime);
  expect(failures).toEqual([]);
  expect(sent).toBe(0);
  expect(await delivered()).toEqual(first);

  const audit = await json(
    await admin.get(`/api/admin/audit${listQuery({ filter: { streamId: `arrears-${contract.id}` } })}`),
  );
  expect(audit).toEqual([
    expect.objectContaining({
      type: 'ArrearsReminderResent',
      actor: { kind: 'user', id: admin.user.id },
      data: expect.objectContaining({ stage: 'mora_1', takesAutomatic: true }),
    }),
  ]);
});

test('002-4.17 a manual send after the stage went out reaches the same people once more, once per Idempotency-Key', async () => {
  const before = await delivered();
  const key = randomUUID();
  expect((await resend(key)).status).toBe(201);
  expect((await resend(key)).status).toBe(200);
  const after = await delivered();
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [address, count] of before) expect(after.get(address)).toBe(count + 1);
});
