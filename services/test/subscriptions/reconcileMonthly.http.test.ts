import { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { paymentIdOf } from '@cubre/services/payments/purchase';
import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import type { ChargeResult, ChargeSubscriptionRequest } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { subscriptionStream } from '@cubre/services/subscriptions/subscriptionDecider';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { signIn } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { APPROVED_CARD, buySubscription, saleState, settled, subscriptionOfSale } from './support';

/**
 * Issue 15 with issue 14's crash window: a monthly sale's pay call stopped after the provider approved its
 * first period and before we recorded it. The payment stays PENDING; after a restart the scheduler's
 * reconcile-payments job finds the charge approved under the payment's key, settles the sale, and records
 * the Subscription from the provider's subscription the payment opened before its charge, as the pay call
 * would have: once, and without charging again.
 */

/** A sandbox whose subscription charge is approved and then "dies" before its answer is recorded. */
class DyingSandbox extends SandboxGateway {
  approved = 0;
  override async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    const result = await super.chargeSubscription(request);
    if (result.outcome === 'approved') this.approved++;
    throw new Error('process killed after the provider approved');
  }
}

/** "Ejecutar ahora" of reconcile-payments as an administrator, until its run shows finished. */
async function reconcileNow(runtime: TestRuntime): Promise<JobRunRecord> {
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const asked = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
  expect(asked.status).toBe(202);
  const { id } = await json(asked);
  for (;;) {
    const response = await admin.get(`/api/admin/job-runs/${id}`);
    if (response.status === 200) {
      const run = JobRunRecord.parse(await json(response));
      if (run.status !== 'running') return run;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('002-4.02 a monthly sale whose first payment was left PENDING gets its Subscription (SUCCESS) when reconciliation finds the payment approved, once, charged once', async () => {
  const dir = tempDataDir();
  const dying = new DyingSandbox(new TokenVault(), fileChargeJournal(dir.path));
  let runtime = await startTestRuntime({ DATA_DIR: dir.path }, { paymentGateway: dying });
  await loadLeadsCatalogue(runtime);
  const bought = await buySubscription(runtime.url, APPROVED_CARD);
  expect(bought.paid.status).toBe(500);
  expect(dying.approved).toBe(1);
  expect(await saleState(runtime.url, bought.sale.id)).toBe('PENDING');
  await runtime.stop();
  await dying.close();

  // The restart on the same data folder and provider records, once the payment is old enough to reconcile.
  const sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
  const later = () => new Date(Date.now() + 5 * 60_000);
  runtime = await startTestRuntime({ DATA_DIR: dir.path }, { paymentGateway: sandbox, clock: later });
  try {
    expect(await reconcileNow(runtime)).toMatchObject({ status: 'succeeded', done: 1 });
    await settled(runtime);
    expect(await saleState(runtime.url, bought.sale.id)).toBe('OK');
    const subscription = await subscriptionOfSale(runtime, bought.sale.id);
    expect(subscription).toMatchObject({ status: 'SUCCESS', saleId: bought.sale.id });
    const created = (
      await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id))
    ).filter((event) => event.type === 'SubscriptionCreated');
    expect(created).toHaveLength(1);
    const { gatewaySubscriptionId, firstPaymentId } = created[0]!.data as {
      gatewaySubscriptionId: string;
      firstPaymentId: string;
    };
    expect(firstPaymentId).toBe(paymentIdOf(bought.sale.id, bought.key));
    // The provider charged its first period once: reconciliation asked, it did not charge again.
    expect(sandbox.subscriptionChargesApproved()).toBe(0);
    const journal = fileChargeJournal(dir.path);
    expect(journal.subscription(gatewaySubscriptionId)).toMatchObject({ active: true, charges: 1 });
    journal.close();

    // A rerun finds nothing pending and records nothing again.
    expect(await reconcileNow(runtime)).toMatchObject({ status: 'succeeded', done: 0 });
    await settled(runtime);
    expect((await runtime.engines.eventStore.readStream(subscriptionStream(subscription._id))).length).toBe(
      1,
    );
  } finally {
    await runtime.dispose();
    await sandbox.close();
  }
}, 120_000);
