import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { reconcilePendingPayments } from '@cubre/services/payments';
import { paySale } from '@cubre/services/payments/purchase';
import { fileChargeJournal } from '@cubre/services/payments/gateway/sandbox/chargeJournal';
import type { ChargeRequest, ChargeResult } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox/sandboxGateway';
import { TokenVault } from '@cubre/services/payments/gateway/sandbox/tokenVault';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { openSale, payWithToken, saleOnce, sandboxTokenOf, visitorMetadata } from './support/sandboxSale';

/**
 * Issue 14: a process stopped between the provider's approval and our record of it. The payment was
 * requested (PENDING) before the provider was asked; the provider (the sandbox, whose charges live in
 * DATA_DIR like a provider's own records) approved; the process died before recording the answer. After a
 * restart, reconciliation asks the provider by the payment's key and settles payment and sale: the money
 * is not lost, and nothing is charged twice.
 */

/** A sandbox that approves and then "dies": the answer never reaches the code that would record it. */
class DyingSandbox extends SandboxGateway {
  charged = 0;
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    const result = await super.charge(request);
    if (result.outcome === 'approved') this.charged++;
    throw new Error('process killed after the provider approved');
  }
}

test('a payment approved by the provider but never recorded is settled OK after a restart, charged once', async () => {
  const dir = tempDataDir();
  const dying = new DyingSandbox(new TokenVault(), fileChargeJournal(dir.path));
  let runtime: TestRuntime = await startTestRuntime({ DATA_DIR: dir.path }, { paymentGateway: dying });
  await loadLeadsCatalogue(runtime);
  const sale = await openSale(runtime.url);
  const token = await sandboxTokenOf(runtime.url, sale);
  const key = randomUUID();
  const died = await payWithToken(runtime.url, sale.id, token, key);
  expect(died.status).toBe(500);
  expect(dying.charged).toBe(1);
  // The provider's records are private like everything in DATA_DIR.
  const journalFiles = readdirSync(dir.path).filter((name) => name.startsWith('sandbox-gateway.sqlite'));
  expect(journalFiles.length).toBeGreaterThan(0);
  for (const name of journalFiles)
    expect([name, statSync(join(dir.path, name)).mode & 0o777]).toEqual([name, 0o600]);
  const before = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
  expect(before.state).toBe('PENDING');
  await runtime.stop();
  await dying.close();

  // The restart, on the same data folder and the same provider records.
  const sandbox = new SandboxGateway(new TokenVault(), fileChargeJournal(dir.path));
  runtime = await startTestRuntime({ DATA_DIR: dir.path }, { paymentGateway: sandbox });
  try {
    const { readStore, eventStore } = runtime.engines;
    const deps = {
      eventStore,
      readStore,
      gateway: sandbox,
      clock: () => new Date(Date.now() + 5 * 60_000),
      logger: pino({ level: 'silent' }),
    };
    expect(await reconcilePendingPayments(deps)).toEqual({ looked: 1, settled: 1 });
    // A second scheduler, or a rerun: nothing left, nothing written again.
    const head = await eventStore.headPosition();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: `sale-${sale.id}` },
      ['payments'],
      10_000,
    );
    const written = (await eventStore.readStream(`sale-${sale.id}`)).length;
    expect(await reconcilePendingPayments(deps)).toEqual({ looked: 0, settled: 0 });
    expect((await eventStore.readStream(`sale-${sale.id}`)).length).toBe(written);

    const after = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(after).toMatchObject({ state: 'OK', lastPayment: { state: 'OK' } });
    // The buyer's retry with the same key is answered from the record, not charged again.
    const retried = await payWithToken(runtime.url, sale.id, token, key);
    expect(retried.status).toBe(200);
    expect((await json(retried)).payment.state).toBe('OK');
    expect(dying.charged).toBe(1);
  } finally {
    await runtime.dispose();
  }
});

test('a payment the provider never charged is settled FAIL, and the sale may be paid again', async () => {
  const dir = tempDataDir();
  const runtime = await startTestRuntime({ DATA_DIR: dir.path });
  try {
    await loadLeadsCatalogue(runtime);
    const { eventStore, readStore } = runtime.engines;
    const sale = await openSale(runtime.url);
    // A payment requested whose charge never reached the provider (the process died before asking).
    const neverAsked = {
      name: 'sandbox' as const,
      charge: () => new Promise<never>(() => {}),
    };
    void paySale(
      eventStore,
      neverAsked as never,
      pino({ level: 'silent' }),
      { saleId: sale.id, token: 'sbx_never_used_token', method: null, idempotencyKey: randomUUID() },
      visitorMetadata(),
    );
    await saleOnce(runtime, sale.id, (read) => read.lastPayment?.state === 'PENDING');
    const sandbox = new SandboxGateway();
    const result = await reconcilePendingPayments({
      eventStore,
      readStore,
      gateway: sandbox,
      clock: () => new Date(Date.now() + 5 * 60_000),
      logger: pino({ level: 'silent' }),
    });
    expect(result).toEqual({ looked: 1, settled: 1 });
    const head = await eventStore.headPosition();
    await runtime.runner!.waitUntilVisible(
      { globalPosition: head, streamId: `sale-${sale.id}` },
      ['payments'],
      10_000,
    );
    const after = await json(await fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
    expect(after).toMatchObject({ state: 'FAIL', lastPayment: { state: 'FAIL', catalogueCode: '3001' } });
    const paid = await payWithToken(runtime.url, sale.id, await sandboxTokenOf(runtime.url, sale));
    expect((await json(paid)).sale.state).toBe('OK');
  } finally {
    await runtime.dispose();
  }
});
