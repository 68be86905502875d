import type { Page } from 'playwright-core';
import { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import type { ChargeResult, ChargeSubscriptionRequest } from '@cubre/services/payments/gateway/port';
import { SandboxGateway } from '@cubre/services/payments/gateway/sandbox';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { buySubscription } from '../../services/test/subscriptions/support';
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
