import { contractingLeadId } from '@cubre/services/leads/ids';
import { seriousViolations } from './support/axe';
import { screenshot } from './support/browser';
import {
  BUYER,
  CARDS,
  DEPENDANTS,
  FAMILY,
  HEALTH_TYPES_FILTER,
  adminGet,
  bodiesOf,
  buyFromComparator,
  fillBuyer,
  fillCard,
  fillDependants,
  payButton,
  recordCalls,
  saleIdOf,
} from './support/purchase';
import { storefrontSession } from './support/session';

/**
 * A family bought online in a real browser (issue 14): the FAMILY profile (holder 35, Cónyuge 33, a son of
 * 4) buys a health product at the card's family price, naming each dependant in 'Datos personales' and
 * answering the health declaration of 'Estado de salud' for the three of them.
 */
const session = storefrontSession();
const visit = session.visit;
const DETAIL = 'Hipertensión controlada';

describe('a family buys a health product online (issue 14)', () => {
  test("002-2.08 002-5.01 002-5.03 002-5.15 002-5.21 the family's dependants (a wrong RUT told beside its field), the health declaration, payment and 'Compra exitosa!' at the card's price; the lead's steps in order", async () => {
    const page = await visit();
    const calls = recordCalls(page);
    const { code, cardPrice } = await buyFromComparator(page, FAMILY, HEALTH_TYPES_FILTER);
    const steps = page.getByTestId('purchase').locator('.MuiStepLabel-label');
    expect(await steps.allTextContents()).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
      'Compra exitosa!',
    ]);

    // Datos personales: each carga with the kinship and age the profile priced (one Cónyuge, two adults).
    const dependants = page.getByTestId('purchase-dependants');
    await dependants.waitFor();
    expect(await page.locator('[data-testid=dependant-0] > legend').textContent()).toBe('Cónyuge, 33 años');
    expect(await page.locator('[data-testid=dependant-1] > legend').textContent()).toBe('Hijo, 4 años');
    expect(await page.getByTestId('purchase-family-problem').count()).toBe(0);
    await fillBuyer(page);
    await fillDependants(page, [DEPENDANTS[0]!, { ...DEPENDANTS[1]!, rut: '22.222.222-3' }]);
    await page.getByRole('button', { name: 'Continuar al estado de salud' }).click();
    const sonRut = page.getByTestId('dependant-1').getByLabel('RUT');
    await page
      .locator('[data-testid=dependant-1] input[name="dependants.1.rut"][aria-invalid=true]')
      .waitFor();
    expect(await page.getByTestId('dependant-1').textContent()).toContain('RUT inválido');
    expect(await page.getByTestId('dependant-0').getByLabel('RUT').getAttribute('aria-invalid')).toBe(
      'false',
    );
    expect(await page.getByTestId('purchase-health').count()).toBe(0);
    // A birth date of another age than the profile's is told beside it too.
    await page.getByTestId('dependant-0').getByLabel('Fecha de nacimiento').fill('2000-01-01');
    await sonRut.fill(DEPENDANTS[1]!.rut);
    await page.getByRole('button', { name: 'Continuar al estado de salud' }).click();
    await page
      .locator('[data-testid=dependant-0] input[name="dependants.0.fechaNacimiento"][aria-invalid=true]')
      .waitFor();
    expect(await page.getByTestId('dependant-0').textContent()).toContain('no es la del perfil cotizado');
    await page
      .getByTestId('dependant-0')
      .getByLabel('Fecha de nacimiento')
      .fill(DEPENDANTS[0]!.fechaNacimiento);
    await page.getByRole('button', { name: 'Continuar al estado de salud' }).click();

    // Estado de salud: holder, Cónyuge (pregnancy asked) and son (not asked).
    const health = page.getByTestId('purchase-health');
    await health.waitFor();
    expect(await page.getByTestId('purchase').getAttribute('data-step')).toBe('Estado de salud');
    expect(await health.locator('[data-testid^=health-] > legend').allTextContents()).toEqual([
      'Titular',
      'Cónyuge, 33 años',
      'Hijo, 4 años',
    ]);
    for (const [index, asked] of [
      [0, 0],
      [1, 1],
      [2, 0],
    ])
      expect(await page.locator(`input[name="health.${index}.pregnant"]`).count()).toBe(asked ? 2 : 0);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing answered: each question says so beside it.
    await health.getByRole('button', { name: 'Continuar al pago' }).click();
    await health.getByText('campo requerido').first().waitFor();
    const holder = page.getByTestId('health-0');
    await holder.locator('input[name="health.0.preexisting"][value=yes]').check();
    await holder.getByLabel('¿Cuál o cuáles?').fill(DETAIL);
    await holder.getByLabel('Peso (kg)').fill('82,5');
    await holder.getByLabel('Estatura (cm)').fill('178');
    const spouse = page.getByTestId('health-1');
    await spouse.locator('input[name="health.1.preexisting"][value=no]').check();
    await spouse.locator('input[name="health.1.pregnant"][value=no]').check();
    await spouse.getByLabel('Peso (kg)').fill('61');
    await spouse.getByLabel('Estatura (cm)').fill('165');
    const son = page.getByTestId('health-2');
    await son.locator('input[name="health.2.preexisting"][value=no]').check();
    await son.getByLabel('Peso (kg)').fill('17');
    await son.getByLabel('Estatura (cm)').fill('104');
    await screenshot(page, 'purchase-health-desktop');
    await health.getByRole('button', { name: 'Continuar al pago' }).click();

    await page.getByTestId('purchase-payment').waitFor();
    await fillCard(page, CARDS.approved);
    await payButton(page).click();
    await page.getByTestId('purchase-success').waitFor();
    expect(((await page.getByTestId('purchase-price').textContent()) ?? '').trim()).toBe(cardPrice);

    // The sale started once, with the family and its declaration; the price is never the page's.
    const [started] = bodiesOf(calls, /^\/api\/compra-online\/ventas$/);
    expect(started).toMatchObject({
      productCode: code,
      profile: FAMILY,
      dependants: DEPENDANTS,
      health: [
        { preexisting: true, preexistingDetail: DETAIL, weightKg: 82.5, heightCm: 178 },
        { preexisting: false, pregnant: false, weightKg: 61, heightCm: 165 },
        { preexisting: false, weightKg: 17, heightCm: 104 },
      ],
    });
    expect(started).not.toHaveProperty('amount');
    expect(bodiesOf(calls, /^\/api\/compra-online\/ventas$/)).toHaveLength(1);
    // The lead followed the steps in order; 'Compra exitosa!' is the server's.
    expect(bodiesOf(calls, /^\/api\/compra-online\/pasos$/).map((body) => body.step)).toEqual([
      'Datos personales',
      'Estado de salud',
      'Pago',
      'Confirmación',
    ]);

    // The buyer's view of the sale and the tab's storage keep no personal or health data.
    const saleId = await saleIdOf(page);
    const view = await (await fetch(`${session.runtime.url}/api/compra-online/ventas/${saleId}`)).text();
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    for (const secret of [DETAIL, DEPENDANTS[0]!.nombre, DEPENDANTS[1]!.rut, BUYER.email]) {
      expect(view).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
    // Staff read the family and the declaration on the sale's record.
    const record = await adminGet<{
      state: string;
      dependants: { nombre: string; parentesco: string }[];
      health: { preexistingDetail: string | null }[];
    }>(session.runtime.url, `/api/admin/sales/${saleId}`);
    expect(record.state).toBe('OK');
    expect(record.dependants.map((d) => [d.nombre, d.parentesco])).toEqual([
      [DEPENDANTS[0]!.nombre, 'Cónyuge'],
      [DEPENDANTS[1]!.nombre, 'Hijo'],
    ]);
    expect(record.health.map((answers) => answers.preexistingDetail)).toEqual([DETAIL, null, null]);
    const { session: purchaseSession } = JSON.parse(
      (await page.evaluate((key) => sessionStorage.getItem(key), `compra-online:${code}`)) ?? '{}',
    ) as { session: string };
    const lead = await adminGet<{ contracting: { step: string } }>(
      session.runtime.url,
      `/api/admin/leads/${contractingLeadId(purchaseSession)}`,
    );
    expect(['Confirmación', 'Compra exitosa!']).toContain(lead.contracting.step);
  });
});
