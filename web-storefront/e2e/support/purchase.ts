import type { Locator, Page, Request } from 'playwright-core';

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
/** One insured, a man of 35: a purchase is priced for a profile (002-2.08), never at the card's 'Desde'. */
export const ONE_PERSON = { cotizante: [{ sexo: 'Masculino', edad: 35 }], cargas: [] };
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
  profile: { cotizante: unknown[]; cargas: unknown[] } = ONE_PERSON,
  filters: Record<string, string> = {},
): Promise<{ code: string; cardPrice: string; cardLabel: string }> {
  const query = new URLSearchParams(filters);
  query.set('perfil', Buffer.from(JSON.stringify(profile)).toString('base64'));
  const search = `?${query}`;
  await page.goto(`/Comparar/Seguros-de-Salud${search}`);
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
  const dialog = await openDetail(page, card.getByRole('button', { name: 'Contratar online' }));
  await dialog.getByTestId('buy-online').click();
  // The route, not the page's load event (a slow resource on a loaded machine held `load` past 30 s).
  await page.waitForURL(`**/Compra-Online/${encodeURIComponent(code)}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('purchase').waitFor();
  return { code, cardPrice, cardLabel };
}

/**
 * Opens a card's detail dialog and waits for its price for the profile. A click that a loaded machine lost
 * (the list re-laid out between Playwright's hit check and the click: no dialog) is given once more; a dialog
 * without 'Contratar online' fails with what the dialog shows, so a red run says why (a CI run timed out
 * here once, with nothing to read).
 */
export async function openDetail(page: Page, button: Locator): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await button.click();
  try {
    await dialog.waitFor({ timeout: 10_000 });
  } catch {
    // A dialog still on its way (a slow lazy chunk) puts its backdrop over the button: this click then fails.
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    await dialog.waitFor();
  }
  await dialog.locator('[data-testid=detail-price][aria-busy=false]').waitFor({ timeout: 30_000 });
  try {
    await dialog.getByTestId('buy-online').waitFor({ timeout: 10_000 });
  } catch {
    throw new Error(`the detail shows no 'Contratar online': ${(await dialog.innerText()).slice(0, 600)}`);
  }
  return dialog;
}

/** The comparator's filter to the health types that ask 'Estado de salud' (HEALTH_DECLARATION_TYPES). */
export const HEALTH_TYPES_FILTER = {
  insuranceTypes: 'SEGURO COMPLEMENTARIO,SEGURO CATASTROFICO,SEGURO INTEGRAL',
};

/** The answer to the page's report of a lead step (to wait for it before a reload cuts it off). */
export const stepPosted = (page: Page, step: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/compra-online/pasos' &&
      (JSON.parse(response.request().postData() ?? '{}') as { step?: string }).step === step,
  );

/** A birth date `age` years old today in Chile (ten days past the birthday), as a date input takes it. */
export function bornYearsAgo(age: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - age, m - 1, d - 10)).toISOString().slice(0, 10);
}

/** The FAMILY's dependants as the buyer names them: born the ages the profile priced. */
export const DEPENDANTS = [
  { nombre: 'Ana Pérez', rut: '11.111.111-1', fechaNacimiento: bornYearsAgo(33) },
  { nombre: 'Tomás Rojas', rut: '22.222.222-2', fechaNacimiento: bornYearsAgo(4) },
];

/** The holder's contact fields of Datos personales. */
export async function fillBuyer(page: Page) {
  const form = page.getByTestId('purchase-personal');
  await form.getByLabel('Nombre completo').first().fill(BUYER.nombre);
  await form.getByLabel('RUT').first().fill(BUYER.rut);
  await form.getByLabel('Correo electrónico').fill(BUYER.email);
  await form.getByLabel('Teléfono').fill(BUYER.telefono);
}

/** Each dependant the form asks (the profile's cargas), named with `dependants`. */
export async function fillDependants(page: Page, dependants = DEPENDANTS) {
  const count = await page.getByTestId('purchase-personal').locator('[data-testid^=dependant-]').count();
  for (let index = 0; index < count; index += 1) {
    const box = page.getByTestId(`dependant-${index}`);
    await box.getByLabel('Nombre completo').fill(dependants[index]!.nombre);
    await box.getByLabel('RUT').fill(dependants[index]!.rut);
    await box.getByLabel('Fecha de nacimiento').fill(dependants[index]!.fechaNacimiento);
  }
}

/** A health declaration with nothing to declare (pregnancy 'No' where asked), weight and height given. */
export async function fillHealth(page: Page) {
  const form = page.getByTestId('purchase-health');
  const count = await form.locator('[data-testid^=health-]').count();
  for (let index = 0; index < count; index += 1) {
    const box = page.getByTestId(`health-${index}`);
    await box.locator(`input[name="health.${index}.preexisting"][value=no]`).check();
    const pregnant = box.locator(`input[name="health.${index}.pregnant"][value=no]`);
    if ((await pregnant.count()) > 0) await pregnant.check();
    await box.getByLabel('Peso (kg)').fill('70');
    await box.getByLabel('Estatura (cm)').fill('170');
  }
}

/**
 * Datos personales (the dependants too, for a family profile), then 'Estado de salud' where the product
 * asks it, to the payment step.
 */
export async function fillPersonalData(page: Page) {
  await fillBuyer(page);
  await fillDependants(page);
  await page
    .getByTestId('purchase-personal')
    .getByRole('button', { name: /^Continuar al (pago|estado de salud)$/ })
    .click();
  const next = page.locator('[data-testid=purchase-payment], [data-testid=purchase-health]');
  await next.first().waitFor();
  if ((await page.getByTestId('purchase-health').count()) > 0) {
    await fillHealth(page);
    await page.getByTestId('purchase-health').getByRole('button', { name: 'Continuar al pago' }).click();
  }
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
