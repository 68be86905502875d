import type { Page } from 'playwright-core';
import { recordCalls } from './purchase';
import { cspViolations } from './cardProvider';

/**
 * The purchase through a page of Transbank (Webpay Plus's payment, Oneclick's card inscription) in a real
 * browser: what the page did on the way, watched from before the comparator.
 */
export function watchPurchase(page: Page) {
  return { violations: cspViolations(page), calls: recordCalls(page) };
}

/**
 * From the payment step to Transbank's page and back: no card field on ours; the button sends the buyer
 * through Transbank's page (a stand-in) and its return to 'Compra exitosa!' at the card's price; no CSP
 * violation on the way; the start call made once, with an Idempotency-Key; no card token sent.
 */
export async function payThroughTransbank(
  page: Page,
  watched: ReturnType<typeof watchPurchase>,
  expected: { button: string; code: string; cardPrice: string; start: RegExp },
): Promise<void> {
  const button = page.getByTestId('purchase-payment').getByRole('button', { name: expected.button });
  await button.waitFor();
  // No card data in our page at all: Transbank's page takes the card.
  expect(await page.locator('input[autocomplete^=cc-]').count()).toBe(0);

  await button.click();
  await page.waitForURL(`**/Compra-Online/${encodeURIComponent(expected.code)}`, { waitUntil: 'commit' });
  const success = page.getByTestId('purchase-success');
  await success.waitFor();
  expect(await success.textContent()).toContain('Compra exitosa!');
  expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(expected.cardPrice);

  expect(watched.violations).toEqual([]);
  const started = watched.calls.filter((call) => call.method() === 'POST' && expected.start.test(call.url()));
  expect(started).toHaveLength(1);
  expect(started[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(watched.calls.some((call) => /\/pagos$|sandbox-gateway/.test(call.url()))).toBe(false);
}
