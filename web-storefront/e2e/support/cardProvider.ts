import type { Page, Request, Route } from 'playwright-core';
import { CARDS, bodiesOf, fillCard, payButton, recordCalls, saleIdOf } from './purchase';

/**
 * What the browser tests of a card provider's tokenizer share (Kushki's kushki.js, Mercado Pago's card
 * token call): the provider's API answered in the browser across origins, the page's CSP violations, the
 * sale as the page and the server see it, and the refused-at-tokenization path.
 */

/** One call the page made to the provider's API. */
export type ProviderCall = { method: string; url: URL; headers: Record<string, string>; body: any };
type Answer = (status: number, body: unknown) => Promise<void>;

/**
 * Answers the provider's API (`origin`) in the browser as a cross-origin API does: the CORS preflight, then
 * each call recorded and handed to `answer` with a JSON reply. Returns every call, in order.
 */
export async function answerProvider(
  page: Page,
  origin: string,
  answer: (call: ProviderCall, json: Answer, calls: ProviderCall[]) => Promise<void>,
): Promise<ProviderCall[]> {
  const calls: ProviderCall[] = [];
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  await page.route(`${origin}/**`, async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      await route.fulfill({ status: 204, headers: { ...cors, 'access-control-allow-methods': 'GET, POST' } });
      return;
    }
    const call: ProviderCall = {
      method: request.method(),
      url: new URL(request.url()),
      headers: await request.allHeaders(),
      body: request.postData() ? JSON.parse(request.postData()!) : undefined,
    };
    calls.push(call);
    const json: Answer = (status, body) =>
      route.fulfill({ status, headers: cors, contentType: 'application/json', body: JSON.stringify(body) });
    await answer(call, json, calls);
  });
  return calls;
}

/** The provider's POST calls to one path (its token calls). */
export const postsTo = (calls: ProviderCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.pathname === path);

/** CSP violations the page reports (the session's init script logs them; they also fail the test). */
export function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(message.text());
  });
  return violations;
}

/** The sale the page started (its POST …/ventas answer): what it tells the page of the tokenizer. */
export async function startedSaleOf(ours: Request[]) {
  const saleCall = ours.find(
    (call) => call.method() === 'POST' && /\/ventas$/.test(new URL(call.url()).pathname),
  );
  return (await (await saleCall!.response())!.json()) as {
    cardTokenizer: unknown;
    amount: { amount: number };
  };
}

/** The page's sale as our API answers it now. */
export async function saleAnswerOf(baseUrl: string, page: Page): Promise<Record<string, unknown>> {
  const saleId = await saleIdOf(page);
  return (await (await fetch(`${baseUrl}/api/compra-online/ventas/${saleId}`)).json()) as Record<
    string,
    unknown
  >;
}

/**
 * The card refused at the provider's tokenization: 'Datos Inválidos' with the catalogue's `message` beside
 * the number, nothing sent to our payment call; the approved card typed instead then pays, with one more
 * token call (`tokenCalls` counts them) and one payment call.
 */
export async function refusedAtTokenThenPaid(
  page: Page,
  { refusedCard, message, tokenCalls }: { refusedCard: string; message: string; tokenCalls: () => number },
) {
  const ours = recordCalls(page);
  await fillCard(page, refusedCard);
  await payButton(page).click();
  const refusal = page.getByTestId('purchase-refusal');
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain('Datos Inválidos');
  const form = page.getByTestId('purchase-payment');
  await form.getByText(message).waitFor();
  expect(tokenCalls()).toBe(1);
  expect(bodiesOf(ours, /\/pagos$/)).toEqual([]);

  await form.getByLabel('Número de tarjeta').fill(CARDS.approved);
  await payButton(page).click();
  await page.getByTestId('purchase-success').waitFor();
  expect(tokenCalls()).toBe(2);
  expect(bodiesOf(ours, /\/pagos$/)).toHaveLength(1);
}

/** Nothing the server stored holds the approved card's number (the event log, every stream). */
export async function expectNoCardStored(eventStore: {
  readAll(options: { after: number; maxCount: number }): Promise<unknown[]>;
}) {
  const stored = await eventStore.readAll({ after: 0, maxCount: 1_000_000 });
  expect(JSON.stringify(stored)).not.toContain(CARDS.approved);
}
