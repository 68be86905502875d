import type { Page } from 'playwright-core';
import type { MailRequest } from '@cubre/schemas/mail/mailRequest';
import { mailIdOf } from '@cubre/services/mail';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { SmtpSink } from '../../services/test/mail/support/smtpSink';
import { CONSOLE_DESKTOP, ConsoleApi, choose, newPerson, screenshot, signIn } from './support/console';

/**
 * The console's Correos (issue 15) in a real browser: mails requested through the mail port go through a
 * real SMTP server on loopback (which refuses one mailbox), then staff with the outbox permission list,
 * filter and open them (the HTML in a sandboxed frame, the text) and retry the failed one; an executive
 * sees no Correos.
 */
// The second executive's mailbox "does not exist" (550): their assignment notices fail for good.
const sink = new SmtpSink(
  (address) => address.endsWith('@rechazado.test') || address === 'ejecutivo2@demo.cl',
);
const hooks: RuntimeHooks = {};
// Registered before the session's own beforeAll, which starts the runtime with these hooks.
beforeAll(async () => {
  await sink.start();
  hooks.mailEnv = {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    MAIL_FROM: 'Cubre <no-responder@cubre.test>',
  };
});
afterAll(() => sink.stop());
const session = storefrontSession({}, hooks);
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

const HOSTILE = 'Camila <img src=x onerror="alert(1)">';
const metadata = { actor: { kind: 'system' as const, id: 'e2e' }, correlationId: 'e2e', causationId: null };
const request = (key: string, email: string): MailRequest => ({
  key,
  to: { email, name: HOSTILE },
  template: 'mora_1',
  locale: 'es',
  country: 'CL',
  data: { producto: 'Plan Dental Sonrisa', monto: '$ 12.990', enlace: 'https://cubre.test/pagar' },
  subject: { kind: 'subscription', id: key },
});

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

/** Requests a mail and waits until the outbox shows it in `status`. */
async function requested(key: string, email: string, status: string) {
  await session.runtime.mail.requester.request(request(key, email), metadata);
  await session.runtime.mail.dispatcher.idle();
  const id = mailIdOf(key);
  for (let read = 0; read < 5; read++) {
    const mail = await (await api.get('admin@demo.cl', `/api/admin/mail-outbox/${id}`)).json();
    if (mail.status === status) return mail;
    await session.runtime.runner!.waitUntilVisible(
      { globalPosition: await session.runtime.engines.eventStore.headPosition(), streamId: '' },
      ['mail'],
    );
  }
  throw new Error(`${key} never reached ${status}`);
}

const detail = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);
const listAsked = (page: Page, fragment: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/admin/mail-outbox' && (url.searchParams.get('filter') ?? '').includes(fragment)
    );
  });

test('002-4.17 Correos lists the sent and the failed mail, filters them, shows the HTML sandboxed and the text, and retries the failed one', async () => {
  const sent = await requested('e2e:sub-1:2026-11:mora_1', 'camila@example.com', 'sent');
  const failed = await requested('e2e:sub-2:2026-11:mora_1', 'nadie@rechazado.test', 'failed');
  expect(failed).toMatchObject({ givenUp: true, lastErrorKind: 'rejected-permanent' });

  const page = await visit();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, 'admin@demo.cl');
  await page.getByRole('menuitem', { name: 'Correos' }).click();
  await page.waitForURL('**/admin/mail-outbox**');
  const sentRow = page.getByRole('row').filter({ hasText: 'camila@example.com' });
  const failedRow = page.getByRole('row').filter({ hasText: 'nadie@rechazado.test' });
  await sentRow.waitFor();
  await failedRow.waitFor();
  expect(await sentRow.locator('[data-status]').getAttribute('data-status')).toBe('sent');
  expect(await failedRow.locator('[data-status]').getAttribute('data-status')).toBe('failed');
  // Addresses and names stay in the console: no CSV export.
  expect(await page.getByRole('button', { name: 'Exportar' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'mail-outbox-desktop');

  const filters = page.locator('form').filter({ has: page.getByRole('combobox', { name: 'Estado' }) });
  await Promise.all([listAsked(page, '"status":"failed"'), choose(page, filters, 'Estado', 'Fallido')]);
  await sentRow.waitFor({ state: 'hidden' });
  await failedRow.waitFor();
  await Promise.all([
    listAsked(page, '"template":"lead_assigned"'),
    choose(page, filters, 'Plantilla', 'Lead asignado'),
  ]);
  await failedRow.waitFor({ state: 'hidden' });
  await Promise.all([
    listAsked(page, '"template":"mora_1"'),
    choose(page, filters, 'Plantilla', 'Mora 1 (mora_1)'),
  ]);
  await failedRow.click();
  await page.waitForURL(`**/admin/mail-outbox/${failed.id}/show`);
  expect(await detail(page, 'Intentos').textContent()).toBe('1');
  expect(await detail(page, 'Último error').textContent()).toBe('Rechazo definitivo');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await page.getByText('Se reintentará el envío.').waitFor();
  await page.getByRole('heading', { name: 'Reintentos' }).waitFor();
  const adminId = await api.userId('admin@demo.cl');
  expect(await page.getByRole('listitem').filter({ hasText: adminId }).count()).toBe(1);

  await page.goto(`/admin/mail-outbox/${sent.id}/show`);
  const frame = page.locator('iframe[title="Vista HTML"]');
  await frame.waitFor();
  expect(await frame.getAttribute('sandbox')).toBe('');
  const inside = page.frameLocator('iframe[title="Vista HTML"]');
  await inside.getByRole('link', { name: 'Pagar ahora' }).waitFor();
  // The hostile name is text inside the mail, never an element: no image, no script ran.
  await inside.getByText(`Hola ${HOSTILE},`).waitFor();
  expect(await inside.locator('img').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(await page.getByLabel('Texto').textContent()).toContain('Pagar ahora: https://cubre.test/pagar');
  expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, 'mail-show-desktop');
});

/** Waits until the mail projection has applied every stored event. */
async function settled() {
  await session.runtime.mail.dispatcher.idle();
  await session.runtime.runner!.waitUntilVisible(
    { globalPosition: await session.runtime.engines.eventStore.headPosition(), streamId: '' },
    ['mail', 'leadMail'],
  );
  await session.runtime.mail.dispatcher.idle();
  await session.runtime.runner!.waitUntilVisible(
    { globalPosition: await session.runtime.engines.eventStore.headPosition(), streamId: '' },
    ['mail'],
  );
}

test('002-8.06 a lead whose assignment notice failed for good shows CODE001 on its page; one whose notice arrived does not', async () => {
  const failing = await api.request(newPerson('Ignacio Fuenzalida Araya'));
  const fine = await api.request(newPerson('Valentina Errázuriz Soto'));
  const before = sink.received.length;
  await api.assign(failing, 'ejecutivo2@demo.cl');
  await api.assign(fine, 'ejecutivo@demo.cl');
  await sink.waitFor(before + 1);
  await settled();
  const [notice] = await (
    await api.get(
      'admin@demo.cl',
      `/api/admin/mail-outbox?filter=${encodeURIComponent(JSON.stringify({ subjectId: failing }))}`,
    )
  ).json();
  expect(notice).toMatchObject({ template: 'lead_assigned', givenUp: true, assignmentCode: 'CODE001' });

  const page = await visit();
  await signIn(page, 'admin@demo.cl');
  await page.goto(`/admin/leads/${failing}/show`);
  const alert = page.locator('[data-code="CODE001"]');
  await alert.waitFor();
  expect(await alert.textContent()).toContain('CODE001 — Error de correo');
  expect(await alert.textContent()).toContain('Esteban Ejecutivo');
  await screenshot(page, 'lead-code001-desktop');

  // The outbox answered for this lead (nothing failed) before the page is judged.
  const outboxAsked = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/admin/mail-outbox' && (url.searchParams.get('filter') ?? '').includes(fine);
  });
  await page.goto(`/admin/leads/${fine}/show`);
  expect((await outboxAsked).status()).toBe(200);
  await page.getByRole('heading', { name: 'Valentina Errázuriz Soto', exact: false }).first().waitFor();
  expect(await page.locator('[data-code="CODE001"]').count()).toBe(0);
});

test('an executive (no admin:unsent-notification:read) sees no Correos and cannot open it', async () => {
  const page = await visit();
  await signIn(page, 'ejecutivo@demo.cl');
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: 'Leads' }).waitFor();
  expect(await menu.getByRole('menuitem', { name: 'Correos' }).count()).toBe(0);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.startsWith('/api/admin/mail-outbox')) asked.push(path);
  });
  await page.goto('/admin/mail-outbox');
  await page.waitForURL('**/admin/access-denied');
  expect(asked).toEqual([]);
});
