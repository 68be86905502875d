import type { Locator, Page } from 'playwright-core';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, newPerson, signIn } from './support/console';
import { startDemoSale } from './support/sales';
import { bornYearsAgo, FAMILY } from '../../services/test/payments/support/family';

/**
 * A family's sale in the console (issue 14): the holder and each dependant with kinship, sex, age and birth
 * date, and the health declaration ('Estado de salud', 002-2.08), on the sale's page of staff who read
 * every sale (payment:read); never in the list.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(60_000);

const DEPENDANTS = [
  { nombre: 'Ana Pérez Soto', rut: '11.111.111-1', fechaNacimiento: bornYearsAgo(33) },
  { nombre: 'Tomás Ovalle Pérez', rut: '22.222.222-2', fechaNacimiento: bornYearsAgo(4) },
];
const DETAIL = 'Diabetes tipo 2 controlada';
const HEALTH = [
  { preexisting: true, preexistingDetail: DETAIL, weightKg: 82.5, heightCm: 178 },
  { preexisting: false, pregnant: true, weightKg: 61, heightCm: 165 },
  { preexisting: false, weightKg: 17, heightCm: 104 },
];

/** A complementary health product of the demo catalogue sold online with a price for the family. */
async function startFamilySale(person: ReturnType<typeof newPerson>) {
  const sale = await startDemoSale(
    session.runtime,
    (product) => product.insuranceType === 'SEGURO COMPLEMENTARIO',
    { ...person, profile: FAMILY, dependants: DEPENDANTS, health: HEALTH },
  );
  if (!sale) throw new Error('no complementary product of the demo catalogue is sold online with a price');
  return sale;
}

const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  return page;
}

describe("a family's sale in the console (issue 14)", () => {
  test('002-2.08 002-6.06 staff with payment:read read the insured persons and the health declaration on the sale page; the list never carries the declaration', async () => {
    const person = newPerson('Camilo Ovalle Riquelme');
    const sale = await startFamilySale(person);
    const listed = await (
      await api.get(
        'admin@demo.cl',
        `/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ id: [sale.id] }))}`,
      )
    ).json();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(DETAIL);

    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    await page.goto(`/admin/sales/${sale.id}/show`);
    const buyer = page.getByRole('region', { name: 'Comprador' });
    await detail(buyer, 'Comprador').waitFor();
    const family = page.getByRole('region', { name: 'Asegurados y declaración de salud' });
    await family.waitFor();
    const rows = family.getByRole('row');
    expect(await rows.count()).toBe(4);
    const texts = await rows.allTextContents();
    expect(texts[1]).toContain(person.nombre);
    expect(texts[1]).toContain(`Sí: ${DETAIL}`);
    expect(texts[2]).toContain(DEPENDANTS[0]!.nombre);
    expect(texts[2]).toContain('Cónyuge · Femenino · 33');
    expect(texts[2]).toContain(DEPENDANTS[0]!.fechaNacimiento);
    expect(texts[2]).toContain('61');
    expect(texts[3]).toContain('Hijo · Masculino · 4');
    // An executive holds no payment:read: no sale, so no declaration.
    expect((await api.get('ejecutivo@demo.cl', `/api/admin/sales/${sale.id}`)).status).toBe(403);
  });
});
