import type { Page } from 'playwright-core';
import { signIn } from '../../admin-console/e2e/support/console';
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
});
