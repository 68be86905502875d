import type { Page, Response } from 'playwright-core';
import { storefrontSession } from './support/session';

/**
 * An open storefront stays fresh (seed 001 §4, 002 §9): the server turns the version check on
 * (STOREFRONT_VERSION_CHECK) and runs another version (9.9.9) than this build embeds (the root
 * package.json's, as `npm test` builds it); and a tab kept open for over 10 hours reloads at its next
 * navigation.
 */
// The site module reads QP_VERSION when the runtime starts (beforeAll): a deploy of a newer build.
process.env.QP_VERSION = '9.9.9';
const session = storefrontSession({ STOREFRONT_VERSION_CHECK: 'true' });
const visit = session.visit;

async function waitForCards(page: Page) {
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
  await page.getByTestId('result-card').first().waitFor();
}
/** The page documents the visit loaded (a reload loads one more). */
function documentsOf(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame())
      documents.push(request.url());
  });
  return documents;
}
/** The n-th answer of GET /api/qp-version in this visit. */
function versionCheck(page: Page, n: number): Promise<Response> {
  let seen = 0;
  return new Promise((resolve) => {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/qp-version' && ++seen === n) resolve(response);
    });
  });
}

describe('an open storefront stays fresh', () => {
  test('001-4.21 001-4.22 a build the server no longer runs reloads once, the count in local storage; the reloaded page stays', async () => {
    const page = await visit();
    const documents = documentsOf(page);
    const second = versionCheck(page, 2);
    await page.goto('/Comparar/Isapres?order=lowerPrice');
    expect(await page.locator('meta[name="cubre-version-check"]').getAttribute('content')).toBe('1');
    // The first page met 9.9.9 and reloaded; the reloaded one asked again, met it again, and stays.
    const answer = await second;
    expect(await answer.json()).toEqual({ 'qp-version': '9.9.9' });
    await waitForCards(page);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('versionReloads'))) ?? 'null')).toEqual(
      {
        version: '9.9.9',
        reloads: 1,
      },
    );
    expect(documents).toHaveLength(2);
    expect(new URL(documents[1]!).search).toBe('?order=lowerPrice');
    // A later navigation inside the app loads no page again.
    await page.getByTestId('order').selectOption('higherPrice');
    await page.waitForURL((url) => url.searchParams.get('order') === 'higherPrice');
    await waitForCards(page);
    expect(documents).toHaveLength(2);
  });

  test('001-4.20 a page loaded more than 10 hours ago reloads at its next navigation, on the new address', async () => {
    const page = await visit();
    // The version check already made its reload on this device: it stays, so only the session's age reloads.
    await page.addInitScript(() =>
      localStorage.setItem('versionReloads', JSON.stringify({ version: '9.9.9', reloads: 1 })),
    );
    await page.clock.install();
    const documents = documentsOf(page);
    await page.goto('/Comparar/Isapres');
    await waitForCards(page);
    expect(documents).toHaveLength(1);

    await page.clock.fastForward('09:59:00');
    await page.getByTestId('order').selectOption('lowerPrice');
    await page.waitForURL((url) => url.searchParams.get('order') === 'lowerPrice');
    await waitForCards(page);
    expect(documents).toHaveLength(1);

    await page.clock.fastForward('00:01:01');
    const [reloaded] = await Promise.all([
      page.waitForEvent('domcontentloaded'),
      page.getByTestId('order').selectOption('higherPrice'),
    ]);
    expect(reloaded).toBe(page);
    await waitForCards(page);
    expect(documents).toHaveLength(2);
    expect(new URL(documents[1]!).searchParams.get('order')).toBe('higherPrice');
  });
});
