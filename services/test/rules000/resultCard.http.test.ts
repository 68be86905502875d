import { PROGRESS_COLLECTION } from '@cubre/platform/projections/projection';
import { json } from '../support/http';
import type { TestRuntime } from '../support/testRuntime';
import {
  ALL_ORGANIZATION_TYPES,
  COMPLEMENTARIO_DESCRIPTION,
  TODAY,
  allCards,
  compare,
  getJson,
  insuranceTypes,
  organizations,
  products,
  startRulesRuntime,
} from './fixture';

/**
 * Seed 000 §3 "Insurance item (result card)" and §7-§8 of the comparison call, over HTTP against the real
 * runtime: every field the rules name, with the value the catalogue gave it.
 */
let runtime: TestRuntime;
/** The runtime's clock: the product-list failure moves it past the catalogue snapshot's check interval. */
let now = TODAY;
beforeAll(async () => {
  runtime = await startRulesRuntime({}, () => now);
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const typeOf = (name: string) => insuranceTypes.find((type) => type.name === name)!;
const organizationOf = (code: string) => organizations.find((org) => org.code === code)!;
const byCode = (cards: any[]): Record<string, any> =>
  Object.fromEntries(cards.map((card) => [card.productCode, card]));

async function chileCards(profile?: Record<string, unknown>) {
  return byCode(
    await allCards(runtime, {
      organizationTypes: ALL_ORGANIZATION_TYPES,
      ...(profile ? { profile } : {}),
    }),
  );
}

describe('000 §3 the result card', () => {
  test('000-3.01 an item has id, displayName/name, productCode, url, isNew, exclusive, isPromoted, distance; insuranceType and organization in full', async () => {
    const cards = await chileCards();
    const comp = cards['R-COMP'];
    expect(comp).toMatchObject({
      id: 'R-COMP',
      displayName: 'Complementario Sur Preferente',
      name: 'Complementario Sur Preferente',
      productCode: 'R-COMP',
      url: 'Complementario-Sur-Preferente',
      // Available from 2025-08-20: less than 2 months before the suite's day.
      isNew: true,
      exclusive: true,
      isPromoted: true,
    });
    const complementario = typeOf('SEGURO COMPLEMENTARIO');
    expect(comp.insuranceType).toEqual({
      name: 'SEGURO COMPLEMENTARIO',
      displayName: complementario.displayName,
      description: COMPLEMENTARIO_DESCRIPTION,
      color: complementario.color,
      upperType: { name: 'SEGUROS DE SALUD', displayName: 'Seguros de Salud' },
    });
    expect(comp.organization).toMatchObject({
      displayName: 'Aseguradora Sur',
      metadata: {
        image: '/images/organizations/Aseguradora-Sur.svg',
        url: 'Aseguradora-Sur',
        typeAlias: 'Compañía de seguros',
      },
    });

    // The neighbour differs in each: old, not exclusive nor promoted, a type without a description, an
    // organization without a logo. The fields are there all the same, null where the catalogue has none.
    const le = cards['R-LE'];
    expect(le).toMatchObject({
      id: 'R-LE',
      displayName: 'Catastrófico Andes Libre Elección',
      name: 'Catastrófico Andes Libre Elección',
      url: 'R-LE',
      isNew: false,
      exclusive: false,
      isPromoted: false,
    });
    const catastrofico = typeOf('SEGURO CATASTROFICO');
    expect(le.insuranceType).toEqual({
      name: 'SEGURO CATASTROFICO',
      displayName: catastrofico.displayName,
      description: null,
      color: catastrofico.color,
      upperType: catastrofico.upperType,
    });
    const andes = organizationOf('Seguros-Andes');
    expect(le.organization).toMatchObject({
      displayName: andes.displayName,
      metadata: { image: null, url: andes.url, typeAlias: andes.typeAlias },
    });

    // An isapre plan is an item too.
    const plan = cards['R-MAT'];
    expect(plan).toMatchObject({ id: 'R-MAT', productCode: 'R-MAT', isNew: false, exclusive: false });
    expect(plan.insuranceType).toMatchObject({ name: 'PLAN ISAPRE', description: null });
    expect(plan.organization).toMatchObject({ displayName: 'Consalud', metadata: { url: 'Consalud' } });

    // distance is the affinity score (0 to 10), the affinity its percent (000-9.05).
    for (const card of Object.values(cards)) {
      expect(card.distance).toBeGreaterThanOrEqual(0);
      expect(card.distance).toBeLessThanOrEqual(10);
      expect(card.affinity).toMatch(new RegExp(`^${Math.round(card.distance * 10)}%`));
    }
  });

  test('000-3.02 insuranceMetadata: isPopular, isMapEnabled, salesChannel, hasOffer, modality, coverage_ratio, product_type, logo, minEmployeeQuantity and minsubscribers', async () => {
    const cards = await chileCards();
    expect(cards['R-COMP'].insuranceMetadata).toMatchObject({
      // Requests above the popularity threshold; clinics to show on a map; an offer on.
      isPopular: true,
      isMapEnabled: true,
      salesChannel: ['ONLINE', 'EJECUTIVO'],
      hasOffer: true,
      modality: 'Preferente',
      coverage_ratio: '80% de reembolso',
      product_type: '',
      logo: '/images/organizations/Aseguradora-Sur.svg',
      minEmployeeQuantity: null,
      minsubscribers: null,
    });
    expect(cards['R-LE'].insuranceMetadata).toMatchObject({
      // One request short of popular; no clinics; its only offer is a Cyber stock already exhausted.
      isPopular: false,
      isMapEnabled: false,
      salesChannel: ['EJECUTIVO'],
      hasOffer: false,
      modality: 'Libre Elección',
      product_type: '',
      logo: null,
    });
    expect(cards['R-LE'].insuranceMetadata).not.toHaveProperty('coverage_ratio');
    expect(cards['R-EMP'].insuranceMetadata).toMatchObject({
      product_type: 'SEGURO COLECTIVO',
      minEmployeeQuantity: 8,
      minsubscribers: 8,
    });
    expect(cards['R-VIDA'].insuranceMetadata.product_type).toBe('SEGURO VIDA');
  });

  test('000-3.03 insuranceMetadata also carries metadata_colectivo, aporte_inicial, temporalidad, cubre_hasta_los, refund, beneficio_tributario, coberturas_adicionales and its tooltip, fondos_disponibles, price_detail', async () => {
    const cards = await chileCards();
    expect(cards['R-EMP'].insuranceMetadata.metadata_colectivo).toEqual([
      { key: 'reembolso_hospitalario', categoria: 'Hospitalario', tipo: '%', value: '90' },
      { key: 'tope_dental', categoria: 'Dental', tipo: 'UF', value: '15' },
    ]);
    expect(cards['R-VIDA'].insuranceMetadata).toMatchObject({
      aporte_inicial: '5 UF',
      temporalidad: 'Anual renovable',
      cubre_hasta_los: '80 años',
      beneficio_tributario: 'APV régimen A',
      fondos_disponibles: 'Conservador, Moderado, Agresivo',
    });
    expect(cards['R-COMP'].insuranceMetadata).toMatchObject({
      refund: 'Reembolso en 48 horas',
      coberturas_adicionales: 'Dental y óptica',
      coberturas_adicionales_tooltip: 'Incluidas sin costo en el plan familiar',
      price_detail: { label: 'Desde', age_range: '18 a 65 años' },
    });
    // price_detail says who a profile's price covers.
    const priced = await chileCards({ cotizante: [{ sexo: 'Femenino', edad: 40 }], cargas: [{ edad: 35 }] });
    expect(priced['R-COMP'].insuranceMetadata.price_detail).toMatchObject({
      label: 'para 2 personas',
      age_range: '18 a 65 años',
    });
    // The product's own metadata is what the card carries, no other product's.
    expect(cards['R-VIDA'].insuranceMetadata).not.toHaveProperty('metadata_colectivo');
    expect(cards['R-EMP'].insuranceMetadata).not.toHaveProperty('aporte_inicial');
    // The detail's descriptions list the collective facts too.
    const descriptions = (await getJson(runtime, '/api/insurance/R-EMP/descriptions')).body.data.items;
    expect(descriptions).toContainEqual({
      key: 'metadata_colectivo.tope_dental',
      label: 'Dental: tope_dental',
      value: '15',
    });
  });

  test('000-3.04 price: minPrice/value, unit code, convertionTo, paymentMode, label, tooltip, modal, suffix, arePricesDefined; priceRange {from, unit}; priceSuffix', async () => {
    const cards = await chileCards();
    // Without a profile: the cheapest age band, 'Desde'.
    expect(cards['R-COMP'].price).toMatchObject({
      value: 0.4,
      minPrice: 0.4,
      unit: { code: 'UF' },
      convertionTo: 'CLP',
      paymentMode: 'mensual',
      label: 'Desde',
      tooltip: 'Precio desde: ingresa tu perfil para ver el precio exacto.',
      modal: { title: 'Detalle del precio', calculatePrice: '/api/insurance/R-COMP/calculatePrice' },
      suffix: '/mes',
      arePricesDefined: false,
    });
    expect(cards['R-COMP'].priceRange).toEqual({ from: 0.4, unit: 'UF' });
    expect(cards['R-COMP'].priceSuffix).toBe('/mes');

    // With a profile: 40 → 0.7 and 35 → 0.7, priced for both.
    const profile = { cotizante: [{ sexo: 'Femenino', edad: 40 }], cargas: [{ edad: 35 }] };
    const priced = (await chileCards(profile))['R-COMP'];
    expect(priced.price.value).toBeCloseTo(1.4, 9);
    expect(priced.price.minPrice).toBe(priced.price.value);
    expect(priced.price).toMatchObject({
      label: '',
      tooltip: 'Precio para 2 personas según el perfil ingresado.',
      arePricesDefined: true,
    });
    expect(priced.priceRange).toEqual({ from: priced.price.value, unit: 'UF' });
    // The modal's call answers the breakdown of that very price.
    const breakdown = await fetch(`${runtime.url}${priced.price.modal.calculatePrice}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ profile }),
    });
    expect(breakdown.status).toBe(200);
    expect((await json(breakdown)).data.price.value).toBeCloseTo(priced.price.value, 9);

    // A collective price is per employee, and says so.
    expect(cards['R-EMP'].price).toMatchObject({
      value: 0.6,
      suffix: '/mes p/empl',
      tooltip: expect.stringMatching(/^Precio por trabajador/),
    });
    expect(cards['R-EMP'].priceSuffix).toBe('/mes p/empl');

    // No price: 'Consultar', nothing to explain nor to break down.
    expect(cards['R-LE'].price).toMatchObject({
      value: null,
      minPrice: null,
      tooltip: null,
      modal: null,
      arePricesDefined: false,
    });
    expect(cards['R-LE'].priceRange).toEqual({ from: null, unit: 'UF' });

    // Soles are shown as they are: nothing to convert.
    const peru = byCode(
      await allCards(runtime, { organizationTypes: ALL_ORGANIZATION_TYPES }, { country: 'PE' }),
    );
    expect(peru['R-EPS'].price).toMatchObject({ value: 95, unit: { code: 'PEN' }, convertionTo: null });
    expect(peru['R-EPS'].priceRange).toEqual({ from: 95, unit: 'PEN' });
  });
});

describe('000 §7 the comparison call', () => {
  const body = { organizationTypes: ALL_ORGANIZATION_TYPES, order: 'lowerPrice', take: 3 };
  /** The Chilean cards of the fixture: R-COMP, R-LE, R-EMP, R-VIDA and the plans R-MAT, R-FREE. */
  const CHILEAN = products.filter((p) => (p.country ?? 'CL') === 'CL').length + 2;

  test('000-7.03 /api/insurance/compare/metadata answers metaData.uuid, metaData.total and data, over POST and over GET', async () => {
    const post = await compare(runtime, { ...body, uuid: 'rules-000-7-03' });
    expect(post.status).toBe(200);
    expect(post.body.metaData).toMatchObject({ uuid: 'rules-000-7-03', total: CHILEAN });
    expect(post.body.data).toHaveLength(3);

    const query = new URLSearchParams({
      organizationTypes: JSON.stringify(ALL_ORGANIZATION_TYPES),
      order: 'lowerPrice',
      take: '3',
      uuid: 'rules-000-7-03',
    });
    const get = await getJson(runtime, `/api/insurance/compare/metadata?${query}`);
    expect(get.status).toBe(200);
    expect(get.body.metaData).toMatchObject({ uuid: 'rules-000-7-03', total: CHILEAN });
    // The same query over GET is the same answer.
    expect(get.body.data).toEqual(post.body.data);

    // Without a uuid the server names the result set; a second page is the same set's.
    const first = await compare(runtime, body);
    expect(first.body.metaData.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const second = await compare(runtime, { ...body, page: 2 });
    expect(second.body.metaData).toMatchObject({ uuid: first.body.metaData.uuid, total: CHILEAN });
    const codes = [...first.body.data, ...second.body.data].map((card: any) => card.productCode);
    expect(new Set(codes).size).toBe(6);
    // A narrower query counts what it finds.
    const plans = await compare(runtime, { organizationTypes: ['ISAPRE'] });
    expect(plans.body.metaData.total).toBe(2);
    expect(plans.body.data.map((card: any) => card.productCode).sort()).toEqual(['R-FREE', 'R-MAT']);
  });
});

describe('000 §8 the product list fails', () => {
  test("000-8.06 a failing product list answers empty data and 'Problema en endpoint para obtener lista de productos'", async () => {
    const progress = runtime.engines.readStore.collection(PROGRESS_COLLECTION);
    const findOne = progress.findOne.bind(progress);
    // The catalogue's read store fails when the comparison reads it (the catalogue snapshot checks the
    // store again once its interval has passed: the clock moves on).
    const failing = jest.spyOn(progress, 'findOne').mockImplementation(async (filter) => {
      if (filter['_id'] === 'catalogue') throw new Error('read store unavailable');
      return findOne(filter);
    });
    try {
      now = new Date(now.getTime() + 5_000);
      const post = await compare(runtime, { organizationTypes: ALL_ORGANIZATION_TYPES });
      // Within an interval the snapshot it holds answers: the GET comes once the next check is due.
      now = new Date(now.getTime() + 5_000);
      const get = await getJson(runtime, '/api/insurance/compare/metadata?organizationTypes=ISAPRE');
      for (const answer of [post, get]) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({
          data: [],
          message: 'Problema en endpoint para obtener lista de productos',
          errors: [
            {
              field: 'request',
              rule: 'product_list',
              message: 'Problema en endpoint para obtener lista de productos',
            },
          ],
        });
      }
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
    // Once the store answers again, so does the list.
    now = new Date(now.getTime() + 5_000);
    const recovered = await compare(runtime, { organizationTypes: ['ISAPRE'] });
    expect(recovered.status).toBe(200);
    expect(recovered.body.metaData.total).toBe(2);
  });
});
