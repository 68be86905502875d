import type { Page } from 'playwright-core';
import { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { SubscriptionDetail } from '@cubre/schemas/subscriptions/records';
import type { ChargeResult, ChargeSubscriptionRequest } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { buySubscription } from '../../services/test/subscriptions/support';
import { formatMoney } from '../src/payments/amounts';
import { CONSOLE_DESKTOP, ConsoleApi, DEMO_PRODUCT, signIn } from './support/console';

/**
 * Issue 15 in a real browser: the Programador's progress bar while a charge run goes on. Monthly
 * subscriptions bought with the sandbox's approved card come due (the product's clock moved past their next
 * operation date); the sandbox answers each period's charge slowly and the run takes one item at a time, so
 * the run is seen running, its bar and counts moving, then finished with every subscription charged once.
 */
const SUBSCRIPTIONS = 6;
const CHARGE_MS = 700;

/** The embedded sandbox, answering each subscription charge after CHARGE_MS (a provider's latency). */
class SlowSandbox extends SandboxGateway {
  override async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    await new Promise((resolve) => setTimeout(resolve, CHARGE_MS));
    return super.chargeSubscription(request);
  }
}

let daysLater = 0;
const sandbox = new SlowSandbox();
const hooks: RuntimeHooks = {
  clock: () => new Date(Date.now() + daysLater * 86_400_000),
  paymentGateway: sandbox,
};
// Nothing runs on its own here: every run is the test's.
const session = storefrontSession(
  { CHARGE_SUBSCRIPTIONS_CRON: '0 0 1 1 *', JOB_ITEM_CONCURRENCY: '1' },
  hooks,
);
const api = new ConsoleApi(() => session.runtime.url);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(20_000);
  return page;
}

test('issue 15 "Ejecutar ahora" on the charge run: the Programador shows it running with its progress bar and counts, then finished with every due subscription charged once', async () => {
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const bought = await buySubscription(session.runtime.url, '5451951574925480', DEMO_PRODUCT);
    expect(bought.paid.status).toBe(201);
  }
  const approvedAtPurchase = sandbox.subscriptionChargesApproved();
  // To the day after their next operation date (the same for all: bought the same day from one insurer),
  // so each is due for one period: the run's total is then its items.
  // (Read as back office: the administrator's API token is made after the clock moves, valid then.)
  const [first] = (await (await api.get('backoffice@demo.cl', '/api/admin/subscriptions')).json()) as {
    nextChargeOn: string;
  }[];
  const due = new Date(`${first!.nextChargeOn}T12:00:00Z`).getTime();
  daysLater = Math.ceil((due - Date.now()) / 86_400_000) + 1;

  const page = await visit();
  await signIn(page, 'admin@demo.cl');
  await page.getByRole('menuitem', { name: 'Programador' }).click();
  await page.waitForURL('**/admin/scheduler-jobs**');
  const row = page.getByRole('row').filter({ hasText: 'charge-subscriptions' });
  await row.waitFor();
  const [asked] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/admin/scheduler/jobs/charge-subscriptions/runs',
    ),
    row.getByRole('button', { name: 'Ejecutar ahora charge-subscriptions' }).click(),
  ]);
  expect(asked.status()).toBe(202);
  const { id } = await asked.json();

  // While it runs: the bar and the counts, as the page polls.
  const bar = row.getByRole('progressbar', { name: 'Avance' });
  await bar.waitFor();
  expect(await row.textContent()).toMatch(/\d+ listos · 0 fallidos/);
  // Then finished, the bar gone, every due subscription charged once (each of its due periods once).
  await row.locator('[data-status="succeeded"]').waitFor({ timeout: 30_000 });
  expect(await row.getByRole('progressbar').count()).toBe(0);
  const record = JobRunRecord.parse(
    await (await api.get('admin@demo.cl', `/api/admin/job-runs/${id}`)).json(),
  );
  expect(record).toMatchObject({ status: 'succeeded', failed: 0 });
  expect(record.done).toBeGreaterThanOrEqual(SUBSCRIPTIONS);
  expect(record.total).toBe(record.done);
  expect(await row.textContent()).toContain(`${record.done} listos · 0 fallidos`);
  expect(sandbox.subscriptionChargesApproved() - approvedAtPurchase).toBe(record.done);
});

test("002-9.01 a period the charge run processed keeps the provider's fee: 2 % and 0.38 % of its amount, and the net, the same in the subscription's record and on its page in the console", async () => {
  const [listed] = (await (await api.get('admin@demo.cl', '/api/admin/subscriptions')).json()) as {
    id: string;
  }[];
  const record = SubscriptionDetail.parse(
    await (await api.get('admin@demo.cl', `/api/admin/subscriptions/${listed!.id}`)).json(),
  );
  const processed = record.recurrentPayments.find((payment) => payment.state === 'processed');
  expect(processed).toBeDefined();
  const { amount } = processed!;
  // Rounded half up to the peso (schemas/src/payments/fees.ts), from the period's own amount.
  const fee = { amount: Math.round((amount.amount * 200) / 10_000), currency: amount.currency };
  const taxOnFee = { amount: Math.round((amount.amount * 38) / 10_000), currency: amount.currency };
  const net = { amount: amount.amount - fee.amount - taxOnFee.amount, currency: amount.currency };
  expect(processed).toMatchObject({ fee, taxOnFee, net });

  const page = await visit();
  await signIn(page, 'admin@demo.cl');
  await page.goto(`${session.runtime.url}/admin/subscriptions/${listed!.id}/show`);
  const table = page.getByRole('table', { name: 'Cobros recurrentes' });
  const row = table.getByRole('row').filter({ hasText: processed!.period });
  await row.waitFor();
  const headers = await table.getByRole('columnheader').allTextContents();
  const cells = await row.getByRole('cell').allTextContents();
  const cellOf = (header: string) => cells[headers.indexOf(header)];
  expect(headers).toEqual(
    expect.arrayContaining(['Monto', 'Comisión (2 %)', 'IVA de la comisión', 'Neto recibido']),
  );
  expect(cellOf('Monto')).toBe(formatMoney(amount));
  expect(cellOf('Comisión (2 %)')).toBe(formatMoney(fee));
  expect(cellOf('IVA de la comisión')).toBe(formatMoney(taxOnFee));
  expect(cellOf('Neto recibido')).toBe(formatMoney(net));
});
