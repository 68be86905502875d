import { randomUUID } from 'node:crypto';
import pino from 'pino';
import {
  GROUP_EMPLOYEES_COLLECTION,
  type GroupEmployeeDocument,
} from '@cubre/projections/groupInsurance/documents';
import { sendReminders } from '@cubre/services/arrears';
import { SmtpSink } from '../../mail/support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from '../../mail/support/mailRuntime';
import { subscriptionWriter, type SubscriptionWriter } from './subscriptionEvents';

/**
 * A contract paying a demo company's group policy (transportes-sur's sur-vida-2026, 90 people in mixed
 * states), on a runtime whose mail goes to an SMTP server on loopback: the set-up of the arrears suites
 * about group policies (the job's stages, staff's "Enviar de nuevo").
 */
export const GROUP_POLICY = 'sur-vida-2026';
/** The demo company's user, who reads every stage. */
export const EMPLOYER = 'empresa2@demo.cl';
/** Who bought the contract: a group stage never goes to them. */
export const BUYER = 'compras@transportes-sur.example';

export interface GroupPolicyContract {
  sink: SmtpSink;
  runtime: MailTestRuntime;
  contract: SubscriptionWriter;
}

/** Started before the file's tests (its SubscriptionCreated written), stopped after them. */
export function groupPolicyContractForSuite(started: (suite: GroupPolicyContract) => void) {
  let suite: GroupPolicyContract | undefined;
  beforeAll(async () => {
    const sink = new SmtpSink();
    await sink.start();
    const runtime = await startMailRuntime(sink.port);
    const contract = subscriptionWriter(runtime.engines.eventStore, () => new Date(), BUYER);
    await contract.created({
      groupPolicyId: GROUP_POLICY,
      product: {
        code: 'VIDA-COLECTIVO',
        name: 'Vida colectivo',
        organization: { code: 'Austral-Vida', name: 'Austral Vida' },
      },
    });
    suite = { sink, runtime, contract };
    started(suite);
  }, 60_000);
  afterAll(async () => {
    await suite?.runtime.dispose();
    await suite?.sink.stop();
  });
}

/** Every projection has applied every stored event (the demo roster included). */
export async function settled(runtime: MailTestRuntime): Promise<void> {
  const head = await runtime.engines.eventStore.headPosition();
  const visible = await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: '' },
    undefined,
    30_000,
  );
  if (!visible) throw new Error('the projections did not catch up');
}

/** One run of the `send-reminders` job, as the scheduler runs it once the read models caught up. */
export async function runReminders(runtime: MailTestRuntime): Promise<{ sent: number; failures: string[] }> {
  await settled(runtime);
  const failures: string[] = [];
  const { sent } = await sendReminders(
    {
      eventStore: runtime.engines.eventStore,
      readStore: runtime.engines.readStore,
      mail: runtime.mail.requester,
      clock: () => new Date(),
      logger: pino({ level: 'silent' }),
    },
    {
      runId: randomUUID(),
      setTotal: async () => {},
      progress: async () => {},
      itemFailed: async (key, reason) => {
        failures.push(`${key}: ${reason}`);
      },
    },
  );
  return { sent, failures };
}

/** The policy's insured holders with an e-mail, as the roster read model holds them. */
export async function holdersWithMail(runtime: MailTestRuntime): Promise<GroupEmployeeDocument[]> {
  const all = await runtime.engines.readStore
    .collection<GroupEmployeeDocument>(GROUP_EMPLOYEES_COLLECTION)
    .find({ policyId: GROUP_POLICY });
  return all.filter((person) => person.insuredType === 'TITULAR' && person.person.email);
}
