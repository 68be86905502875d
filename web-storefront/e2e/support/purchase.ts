import type { Page, Request } from 'playwright-core';

/** Helpers of the purchase's browser tests (issue 14): the way from a card to the payment, and the checks. */

export const CARDS = { approved: '5451951574925480', insufficientFunds: '4349001210846432' };
/** A family of three (the compare test's): the cards come priced for it, 'para 3 personas'. */
export const FAMILY = {
  cotizante: [{ sexo: 'Masculino', edad: 35 }],
  cargas: [
    { sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
    { sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
  ],
};
export const BUYER = {
  nombre: 'Camila Rojas',
  rut: '12.345.678-5',
  email: 'camila.rojas@example.com',
  telefono: '+56 9 8765 4321',
};

/** Every call the page made to our API, with its body: the card number must reach the tokenizer only. */
export function recordCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
  });
  return calls;
}
export const bodiesOf = (calls: Request[], path: RegExp) =>
  calls
    .filter((call) => call.method() === 'POST' && path.test(new URL(call.url()).pathname))
    .map((call) => JSON.parse(call.postData() ?? 'null') as Record<string, unknown>);

/**
 * From the health comparator: the first card sold online with a price, its price as the card writes it,
 * then its 'Contratar online' (the detail) and the detail's own 'Contratar online' to the purchase page.
 */
export async function buyFromComparator(
  page: Page,
  profile?: typeof FAMILY,
): Promise<{ code: string; cardPrice: string; cardLabel: string }> {
  const perfil = profile
    ? `?perfil=${encodeURIComponent(Buffer.from(JSON.stringify(profile)).toString('base64'))}`
    : '';
  await page.goto(`/Comparar/Seguros-de-Salud${perfil}`);
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
  const card = page
    .getByTestId('result-card')
    .filter({ has: page.getByRole('button', { name: 'Contratar online' }) })
    .filter({ has: page.getByTestId('price').filter({ hasText: '$' }) })
    .first();
  const code = (await card.getAttribute('data-code')) ?? '';
  const cardPrice = ((await card.getByTestId('price').textContent()) ?? '').trim();
  const cardLabel = ((await card.getByTestId('price-label').textContent()) ?? '').trim();
  expect(cardPrice).toMatch(/\$\d/);
  await card.getByRole('button', { name: 'Contratar online' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('buy-online').click();
  await page.waitForURL(`**/Compra-Online/${encodeURIComponent(code)}`);
  await page.getByTestId('purchase').waitFor();
  return { code, cardPrice, cardLabel };
}

/** The answer to the page's report of a lead step (to wait for it before a reload cuts it off). */
export const stepPosted = (page: Page, step: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/compra-online/pasos' &&
      (JSON.parse(response.request().postData() ?? '{}') as { step?: string }).step === step,
  );

export async function fillPersonalData(page: Page) {
  const form = page.getByTestId('purchase-personal');
  await form.getByLabel('Nombre completo').fill(BUYER.nombre);
  await form.getByLabel('RUT').fill(BUYER.rut);
  await form.getByLabel('Correo electrónico').fill(BUYER.email);
  await form.getByLabel('Teléfono').fill(BUYER.telefono);
  await form.getByRole('button', { name: 'Continuar al pago' }).click();
  await page.getByTestId('purchase-payment').waitFor();
}

export async function fillCard(page: Page, number: string, card: { cvv?: string; year?: string } = {}) {
  const form = page.getByTestId('purchase-payment');
  await form.getByLabel('Nombre del titular').fill(BUYER.nombre);
  await form.getByLabel('Número de tarjeta').fill(number);
  await form.getByLabel('Mes (MM)').fill('12');
  await form.getByLabel('Año (AA)').fill(card.year ?? '30');
  await form.getByLabel('CVV').fill(card.cvv ?? '123');
}

export const payButton = (page: Page) =>
  page.getByTestId('purchase-payment').getByRole('button', { name: /^Pagar/ });

/** The sale's id the page answered (the success screen carries it). */
export const saleIdOf = async (page: Page) =>
  (await page.getByTestId('purchase-success').getAttribute('data-sale')) ?? '';

/** A GET of the console's API signed in as the demo administrator. */
export async function adminGet<T>(base: string, path: string): Promise<T> {
  const signIn = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.cl', password: 'Demo.2026!' }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const answer = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

/** The sale's payments as the console lists them. */
export const adminPaymentsOf = (base: string, saleId: string) =>
  adminGet<{ id: string; state: string }[]>(
    base,
    `/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ saleId }))}`,
  );
