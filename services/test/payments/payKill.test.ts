import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  SANDBOX_JOURNAL_FILE,
  fileChargeJournal,
} from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { listQuery, signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { startChildRuntime, waitUntilReady } from '../support/childRuntime';
import { json } from '../support/http';
import { startTestRuntime } from '../support/testRuntime';
import { openSale, payWithToken, sandboxTokenOf, saleOnce } from './support/sandboxSale';

/**
 * Issue 14, "kill the process between the provider's approval and the event being stored": the real runtime
 * in a process of its own pays through the embedded sandbox (whose charges live in DATA_DIR, as a provider
 * keeps its own) and is SIGKILLed the moment the sandbox approved, before the purchase records the answer.
 * After a restart on the same folder, the scheduler's reconcile-payments job, run from the console's
 * "Ejecutar ahora", asks the provider by the payment's key and settles sale and payment OK; the buyer's
 * retry is answered from the record; the provider holds one charge.
 */

/** The sandbox's charges, read from its file as the provider's own ledger (never through our records). */
function providerCharges(dataDir: string): { key: string; outcome: string }[] {
  const db = new Database(join(dataDir, SANDBOX_JOURNAL_FILE), { readonly: true });
  try {
    const rows = db.prepare('SELECT idempotency_key AS key, result FROM charges').all() as {
      key: string;
      result: string;
    }[];
    return rows.map((row) => ({
      key: row.key,
      outcome: (JSON.parse(row.result) as { outcome: string }).outcome,
    }));
  } finally {
    db.close();
  }
}

/** The job run as the console reads it once finished. */
async function finishedRun(staff: Session, runId: string): Promise<JobRunRecord> {
  for (;;) {
    const response = await staff.get(`/api/admin/job-runs/${runId}`);
    if (response.status === 200) {
      const run = JobRunRecord.parse(await json(response));
      if (run.status !== 'running') return run;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('issue 14 a process SIGKILLed between the provider approving a charge and recording it: after a restart, reconciliation settles the sale OK from the provider, the retry is answered from the record, one charge', async () => {
  const dir = tempDataDir();
  try {
    // The catalogue and the buyer's sale, written by a first run of the runtime on the folder.
    const first = await startTestRuntime({ DATA_DIR: dir.path });
    await loadLeadsCatalogue(first);
    const sale = await openSale(first.url);
    await first.stop();

    const dying = await startChildRuntime({ DATA_DIR: dir.path, CUBRE_TEST_KILL_AFTER_APPROVAL: '1' });
    await waitUntilReady(dying.url);
    const token = await sandboxTokenOf(dying.url, sale);
    const key = randomUUID();
    // The buyer's pay call never gets an answer: the process dies under it.
    await expect(payWithToken(dying.url, sale.id, token, key)).rejects.toThrow();
    expect(await dying.exited).toBe('SIGKILL');
    // The provider has the money.
    const charged = providerCharges(dir.path);
    expect(charged.map((charge) => charge.outcome)).toEqual(['approved']);

    // The restart: the same folder, the provider's same records, a clock past the reconciliation's wait.
    const sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
    const restarted = await startTestRuntime(
      { DATA_DIR: dir.path },
      { paymentGateway: sandbox, clock: () => new Date(Date.now() + 5 * 60_000) },
    );
    try {
      // Nothing recorded the approval: the payment waits PENDING, as the process left it.
      const left = await saleOnce(restarted, sale.id, (read) => read.lastPayment?.state === 'PENDING');
      expect(left).toMatchObject({ state: 'PENDING', lastPayment: { state: 'PENDING' } });

      const admin = await signIn(restarted.url, 'admin@demo.cl');
      const asked = await admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {});
      expect(asked.status).toBe(202);
      const run = await finishedRun(admin, (await json(asked)).id);
      expect(run).toMatchObject({ status: 'succeeded', total: 1, done: 1, failed: 0 });

      const settled = await saleOnce(restarted, sale.id, (read) => read.state === 'OK');
      expect(settled).toMatchObject({ state: 'OK', lastPayment: { state: 'OK' } });
      // The console shows the one payment, OK, with the provider's charge.
      const payments = await json(
        await admin.get(`/api/admin/payments${listQuery({ filter: { saleId: sale.id } })}`),
      );
      expect(payments.map((payment: { state: string }) => payment.state)).toEqual(['OK']);

      // The buyer's retry under the same key is answered from the record, without a charge.
      const retried = await payWithToken(restarted.url, sale.id, token, key);
      expect(retried.status).toBe(200);
      expect((await json(retried)).payment.state).toBe('OK');
      // Another key on the paid sale is refused, not charged.
      const again = await payWithToken(
        restarted.url,
        sale.id,
        await sandboxTokenOf(restarted.url, sale),
        randomUUID(),
      );
      expect(again.status).toBe(409);
      await restarted.stop();
      await sandbox.close();
      expect(providerCharges(dir.path)).toEqual(charged);
    } finally {
      await restarted.stop().catch(() => undefined);
    }
  } finally {
    dir.remove();
  }
}, 120_000);
