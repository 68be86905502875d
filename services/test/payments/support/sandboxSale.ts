import { randomUUID } from 'node:crypto';
import type { CommandMetadata } from '@cubre/schemas';
import { json } from '../../support/http';
import { postJson, type TestRuntime } from '../../support/testRuntime';
import { startSaleOf } from './purchaseFixture';

/**
 * A sale paid through the sandbox gateway, step by step, for the suites that stop a process somewhere in
 * between (saleSettlement, reconciliation): each step is the storefront's own call, so a test only writes
 * what it does differently.
 */

/** The sandbox's cards: approved, and declined for insufficient funds. */
export const SANDBOX_APPROVED = '5451951574925480';
export const SANDBOX_DECLINED = '4349001210846432';

/** A new online sale of `productCode` for the suites' buyer, as the public API answers it. */
export const openSale = async (url: string, productCode = 'VIDA-L') =>
  json(await startSaleOf(url, { productCode }));

/** The sandbox's token of `number` for the sale's amount (POST /api/sandbox-gateway/tokens). */
export async function sandboxTokenOf(
  url: string,
  sale: { amount: { amount: number; currency: string } },
  number = SANDBOX_APPROVED,
): Promise<string> {
  const response = await postJson(`${url}/api/sandbox-gateway/tokens`, {
    card: { name: 'Camila Rojas', number, expiryMonth: '12', expiryYear: '30', cvv: '123' },
    totalAmount: sale.amount.amount,
    currency: sale.amount.currency,
  });
  return (await json(response)).token;
}

/** POST /api/compra-online/ventas/{id}/pagos with the token, under `key` (a new one unless a retry's). */
export const payWithToken = (url: string, saleId: string, token: string, key: string = randomUUID()) =>
  postJson(`${url}/api/compra-online/ventas/${saleId}/pagos`, { token }, { 'Idempotency-Key': key });

/** The metadata of an anonymous buyer's command, for a test that calls paySale itself. */
export const visitorMetadata = (): CommandMetadata => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'visitor', id: 'anonymous' },
  receivedAt: new Date().toISOString(),
});

/** The public sale once the payments read model shows what `shows` looks for, or the last one read. */
export async function saleOnce(
  runtime: TestRuntime,
  id: string,
  shows: (sale: { state: string; lastPayment?: { state: string } }) => boolean,
) {
  const read = async () => json(await fetch(`${runtime.url}/api/compra-online/ventas/${id}`));
  let sale = await read();
  for (let i = 0; i < 50 && !shows(sale); i++) {
    await runtime.runner!.waitUntilVisible(
      { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: `sale-${id}` },
      ['payments'],
      1000,
    );
    sale = await read();
  }
  return sale;
}
