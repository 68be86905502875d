import type { Page } from 'playwright-core';
import { signIn } from '../../admin-console/e2e/support/console';
import { mailIdOf, mailStream } from '@cubre/services/mail';
import { storefrontSession } from './support/session';

/**
 * Issue 12, "Security headers and framing", in a real browser: the storefront and the console run whole
 * under the Content-Security-Policy (every visit of every browser test fails on a violation: see
 * support/browser.ts), and the policy is enforced, not only sent: a script injected inline does not run.
 */
const session = storefrontSession();

/** Injects an inline script the way an XSS would; answers whether it ran. */
const inlineScriptRan = (page: Page) =>
  page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });

describe('the Content-Security-Policy in a real browser (issue 12)', () => {
  test('the storefront works under it: comparator, profile, detail; an injected inline script is refused', async () => {
    const page = await session.visit();
    const [document] = await Promise.all([
      page.waitForResponse((response) => response.request().resourceType() === 'document'),
      page.goto('/Comparar/Seguros-de-Salud'),
    ]);
    expect(document.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    await page.getByTestId('open-profile').click();
    await page.getByTestId('profile-form').waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByTestId('result-card')
      .first()
      .getByRole('button', { name: /^Ver detalle/ })
      .click();
    await page.getByRole('dialog').getByRole('tabpanel').getByRole('table').first().waitFor();
    expect(await inlineScriptRan(page)).toBe(false);
    expect(session.expectedProblems(page, /script-src/).length).toBeGreaterThan(0);
  });

  test('the console works under it: sign-in and the dashboard; an injected inline script is refused', async () => {
    const page = await session.visit();
    await signIn(page, 'supervisor@demo.cl');
    await page.goto('/admin/leads');
    await page.getByPlaceholder('RUT, correo o nombre').waitFor();
    expect(await inlineScriptRan(page)).toBe(false);
    expect(session.expectedProblems(page, /script-src/).length).toBeGreaterThan(0);
  });

  test("a customer reminder's unsubscribe page works under it: follow the link, confirm, read the confirmation; no later reminder goes out", async () => {
    const runtime = session.runtime;
    const email = 'rodrigo.paz@example.com';
    const request = (key: string, template: 'mora_1' | 'mora_2') =>
      runtime.mail.requester.request(
        {
          key,
          to: { email, name: 'Rodrigo Paz' },
          template,
          locale: 'es',
          country: 'CL',
          data: { producto: 'Plan Salud Total', monto: '$ 45.990' },
          subject: { kind: 'subscription', id: 'sub-e2e' },
        },
        { actor: { kind: 'system', id: 'arrears' }, correlationId: 'e2e', causationId: null },
      );
    expect(await request('arrears:sub-e2e:2026-11:mora_1', 'mora_1')).toBe('requested');
    await runtime.mail.dispatcher.idle();
    const events = await runtime.engines.eventStore.readStream(
      mailStream(mailIdOf('arrears:sub-e2e:2026-11:mora_1')),
    );
    const rendered = events.find((event) => event.type === 'MailRendered')!.data as { unsubscribe: string };
    // MAIL_PUBLIC_URL is the site's address; this test's site runs on its own port.
    const link = `${runtime.url}${new URL(rendered.unsubscribe).pathname}${new URL(rendered.unsubscribe).search}`;

    const page = await session.visit();
    await page.goto(link);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.textContent('main')).toContain('Confirma que no quieres recibir más recordatorios');
    await page.getByRole('button', { name: 'Confirmar baja' }).click();
    await page.getByText('Listo: no recibirás más recordatorios de Cubre en esta dirección.').waitFor();

    expect(await request('arrears:sub-e2e:2026-12:mora_2', 'mora_2')).toBe('requested');
    await runtime.mail.dispatcher.idle();
    const later = await runtime.engines.eventStore.readStream(
      mailStream(mailIdOf('arrears:sub-e2e:2026-12:mora_2')),
    );
    expect(later.map((event) => event.type)).toEqual(['MailRequested', 'MailSuppressed']);
  });
});
