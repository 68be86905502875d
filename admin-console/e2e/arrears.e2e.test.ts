import type { Page } from 'playwright-core';
import { ArrearsDetail } from '@cubre/schemas/arrears/records';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { reminderHarness } from '../../services/test/arrears/support/reminderHarness';
import {
  subscriptionWriter,
  type SubscriptionWriter,
} from '../../services/test/arrears/support/subscriptionEvents';
import { CONSOLE_DESKTOP, ConsoleApi, choose, screenshot, signIn } from './support/console';

/**
 * The console's Morosidad page (issue 15) in a real browser. The contracts are written as the charge run
 * writes them (the subscriptions domain's events: its purchase and charge run land beside this later), with
 * the product's own clock, and the real `send-reminders` job sends their arrears mails; staff then find
 * them by stage, read the timeline and send the current stage again.
 */
const clock = () => new Date();
const session = storefrontSession({ REMINDERS_CRON: '0 0 1 1 *' }, { clock });
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

/** A contract whose charges were declined `count + 1` times, the job run after each decline. */
async function overdue(buyer: string, count: number): Promise<SubscriptionWriter> {
  const harness = reminderHarness(session.runtime, clock);
  const sub = subscriptionWriter(session.runtime.engines.eventStore, clock, buyer);
  await sub.created();
  for (let n = 0; n <= count; n++) {
    await sub.declined(n < 4 ? '2026-11' : '2026-12', n);
    await harness.run();
  }
  return sub;
}

const detail = (page: Page, term: string) =>
  page.getByRole('region', { name: 'Contrato' }).locator(`dt:text-is("${term}") + dd`);

describe("the console's arrears", () => {
  test('002-4.17 staff filter contracts by stage, read the timeline of declines and reminders, and send the stage again once', async () => {
    const behind = await overdue('rosa.mora@example.com', 4);
    const recent = await overdue('luis.mora@example.com', 0);
    const harness = reminderHarness(session.runtime, clock);
    expect((await harness.mailsAbout(behind.id)).map((mail) => mail.template)).toEqual(['mora_1', 'mora_2']);

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.getByRole('menuitem', { name: 'Morosidad' }).click();
    await page.waitForURL('**/admin/arrears**');
    const rows = page.getByRole('row').filter({ has: page.locator('[data-stage]') });
    const behindRow = rows.filter({ has: page.locator('[data-stage="mora_2"]') });
    const recentRow = rows.filter({ has: page.locator('[data-stage="mora_1"]') });
    await behindRow.first().waitFor();
    await recentRow.first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'arrears-list-desktop');

    // The stage filter asks the API for mora_2 only: the contract at mora_1 leaves the list.
    const filterForm = page.locator('form').filter({ has: page.getByRole('combobox', { name: 'Etapa' }) });
    const [listed] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/admin/arrears' &&
          (new URL(response.url()).searchParams.get('filter') ?? '').includes('"stage":"mora_2"'),
      ),
      choose(page, filterForm, 'Etapa', 'Mora 2'),
    ]);
    expect(listed.status()).toBe(200);
    await recentRow.first().waitFor({ state: 'hidden' });
    expect(await rows.filter({ has: page.locator('[data-stage="mora_1"]') }).count()).toBe(0);
    expect(await behindRow.count()).toBeGreaterThanOrEqual(1);

    await page.goto(`/admin/arrears/${behind.id}/show`);
    await page.getByRole('region', { name: 'Contrato' }).waitFor();
    expect(await detail(page, 'Conteo de mora').textContent()).toBe('4');
    expect(await detail(page, 'Etapa').textContent()).toBe('Mora 2');
    expect(await detail(page, 'Próxima acción').textContent()).toBe('Mora 3: al llegar a 8');
    const timeline = page.getByRole('region', { name: 'Historial' });
    const kinds = await timeline
      .locator('tr[data-kind]')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-kind')));
    expect(kinds).toEqual([
      'subscribed',
      'declined',
      'reminder',
      'declined',
      'declined',
      'declined',
      'declined',
      'reminder',
    ]);
    expect(await timeline.locator('tr[data-kind="reminder"]').last().textContent()).toContain(
      'Aviso enviado · Mora 2',
    );

    await page.getByRole('button', { name: 'Enviar de nuevo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar de nuevo el aviso de mora' });
    await dialog.getByLabel('Motivo (opcional)').fill('El cliente no encontró el correo');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'arrears-resend-desktop');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Aviso enviado', { exact: true }).waitFor();
    await timeline.locator('tr[data-kind="manual_reminder"]').waitFor();
    expect(await timeline.locator('tr[data-kind="manual_reminder"]').textContent()).toContain(
      'El cliente no encontró el correo',
    );
    // One more mail under its own key; the job run again adds none.
    await harness.run();
    expect((await harness.mailsAbout(behind.id)).map((mail) => mail.template)).toEqual([
      'mora_1',
      'mora_2',
      'mora_2',
    ]);
    const record = ArrearsDetail.parse(
      await (await api.get('admin@demo.cl', `/api/admin/arrears/${behind.id}`)).json(),
    );
    expect(record.lastReminder).toMatchObject({ template: 'mora_2', manual: true });
    expect(recent.id).not.toBe(behind.id);
  });

  test('002-4.17 back office reads a contract without the send button; an executive has no Morosidad', async () => {
    const sub = await overdue('ana.lectura@example.com', 0);
    const page = await visit();
    await signIn(page, 'backoffice@demo.cl');
    await page.goto(`/admin/arrears/${sub.id}/show`);
    await page.getByRole('region', { name: 'Historial' }).locator('tr[data-kind="reminder"]').waitFor();
    expect(await page.getByRole('button', { name: 'Enviar de nuevo' }).count()).toBe(0);

    const executive = await visit();
    await signIn(executive, 'ejecutivo@demo.cl');
    await executive.getByRole('menuitem', { name: 'Leads' }).waitFor();
    expect(await executive.getByRole('menuitem', { name: 'Morosidad' }).count()).toBe(0);
  });
});
