import {
  ComparatorDefinition,
  INSURANCE_TYPES,
  InsuranceTypeDefinition,
  OrganizationDefinition,
  ProductDefinition,
  type Country,
} from '@cubre/schemas';
import {
  DEMO_REFERENCE_DATE,
  DEMO_SEED,
  FEATURES,
  generateDemoCatalogue,
  loadDemoCatalogue,
} from '@cubre/services/catalogue/demo';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { tempDataDir } from '../../../platform/test/support/tempDir';

const catalogue = generateDemoCatalogue();
const products = catalogue.products.map((product) => ProductDefinition.parse(product));
const organizations = new Map(
  catalogue.organizations.map((organization) => [organization.code, organization]),
);
const typeNames = new Set(INSURANCE_TYPES.map((type) => type.name));
const featureCodes = new Set(Object.values(FEATURES).map((feature) => feature.code));
const ofType = (type: string) => products.filter((product) => product.insuranceType === type);
const inCountry = (country: Country) => products.filter((product) => product.country === country);

describe('the demo catalogue', () => {
  test('is deterministic: two generations are deep-equal; another seed varies it', () => {
    expect(generateDemoCatalogue()).toEqual(generateDemoCatalogue(DEMO_SEED));
    expect(generateDemoCatalogue(DEMO_SEED + 1).products).not.toEqual(catalogue.products);
  });

  test('every definition passes its schema', () => {
    for (const organization of catalogue.organizations) OrganizationDefinition.parse(organization);
    for (const type of catalogue.insuranceTypes) InsuranceTypeDefinition.parse(type);
    for (const comparator of catalogue.comparators) ComparatorDefinition.parse(comparator);
    expect(products).toHaveLength(catalogue.products.length);
  });

  test('codes are unique: products, organizations, comparators, and each URL within its organization', () => {
    const unique = (values: string[]) => expect(new Set(values).size).toBe(values.length);
    unique(products.map((product) => product.code));
    unique(catalogue.organizations.map((organization) => organization.code));
    unique(catalogue.comparators.map((comparator) => comparator.code));
    unique(catalogue.comparators.map((comparator) => comparator.baseUrl));
    unique(products.map((product) => `${product.organizationCode}/${product.url}`));
  });

  test("referential integrity: every product's organization, type, providers and features exist", () => {
    for (const product of products) {
      const owner = organizations.get(product.organizationCode);
      expect({ product: product.code, owner: owner?.code }).toEqual({
        product: product.code,
        owner: product.organizationCode,
      });
      expect(owner!.country === product.country || owner!.country === 'INT').toBe(true);
      expect(typeNames.has(product.insuranceType)).toBe(true);
      for (const provider of product.careProviders)
        expect(['CLINICA', 'PRESTADOR']).toContain(organizations.get(provider)?.type);
      for (const tops of product.topsAndDeductibles)
        for (const code of tops.coverageOrganizations) expect(organizations.has(code)).toBe(true);
      for (const feature of product.features) expect(featureCodes.has(feature)).toBe(true);
    }
    for (const comparator of catalogue.comparators) {
      for (const type of comparator.insuranceTypes) expect(typeNames.has(type)).toBe(true);
      for (const feature of comparator.features ?? []) expect(featureCodes.has(feature.code)).toBe(true);
    }
  });

  test('000-1.01 spread: 120 to 200 products over every country and every type a comparator compares', () => {
    expect(products.length).toBeGreaterThanOrEqual(120);
    expect(products.length).toBeLessThanOrEqual(200);
    for (const country of ['CL', 'PE', 'CO', 'INT'] as const)
      expect(inCountry(country).length).toBeGreaterThanOrEqual(10);
    const compared = new Set(catalogue.comparators.flatMap((comparator) => comparator.insuranceTypes));
    compared.delete('PLAN ISAPRE'); // the isapre comparator compares the imported isapre plans
    for (const type of compared)
      expect({ type, products: ofType(type).length > 0 }).toEqual({ type, products: true });
    const units = (country: Country) => new Set(inCountry(country).map((product) => product.price.unit));
    expect([...units('CL')]).toEqual(expect.arrayContaining(['UF', 'CLP', 'USD/Año', 'USD/MUNDO']));
    expect([...units('PE')]).toEqual(expect.arrayContaining(['PEN', 'USD']));
    expect([...units('CO')]).toEqual(['COP']);
    expect([...units('INT')]).toEqual(
      expect.arrayContaining(['USD/Año', 'USD/MUNDO', 'USD/USA', 'USD/LATAM', 'USD/V']),
    );
    expect(inCountry('INT').every((product) => product.coverageCountries.length > 0)).toBe(true);
    for (const productType of [
      'SEGURO_MASCOTAS',
      'SEGURO COLECTIVO',
      'SCTR',
      'colectivo',
      'SEGURO INTERNACIONAL',
      'SEGURO VIDA',
      'Medicina Prepagada',
    ])
      expect(products.some((product) => product.productType === productType)).toBe(true);
  });

  test('prices fall in the ranges of their markets', () => {
    const amounts = (list: typeof products) =>
      list.flatMap((product) => [product.price.amount!, ...product.price.byAge.map((band) => band.amount)]);
    const within = (list: typeof products, min: number, max: number) => {
      expect(list.length).toBeGreaterThan(0);
      for (const value of amounts(list)) expect(value >= min && value <= max).toBe(true);
    };
    const chilean = (type: string) => ofType(type).filter((product) => product.country === 'CL');
    within(chilean('SEGURO COMPLEMENTARIO'), 0.3, 1.2);
    within(chilean('SEGURO DENTAL'), 0.2, 0.5);
    within(chilean('SEGURO MASCOTAS'), 0.25, 0.8);
    within(
      inCountry('PE').filter((product) => product.price.unit === 'PEN' && product.insuranceType !== 'SCTR'),
      10,
      400,
    );
    within(inCountry('CO'), 80_000, 600_000);
    expect(chilean('SEGURO COMPLEMENTARIO').every((product) => product.price.byAge.length > 1)).toBe(true);
    // 000-9.02: guards are priced in UF per person per month; the ×12 is the pricing engine's
    within(ofType('SEGURO GUARDIAS'), 0.08, 0.25);
  });

  test('000-3.07 000-3.08 coverages use several amount kinds; tops and deductibles several periods', () => {
    const kinds = new Set(products.flatMap((p) => p.coverages.flatMap((c) => c.amounts.map((a) => a.kind))));
    expect(kinds.size).toBeGreaterThanOrEqual(15);
    const periods = new Set(
      products.flatMap((p) =>
        p.topsAndDeductibles.flatMap((t) =>
          [...t.topAmounts, ...t.deductibles].map((amount) => amount.period),
        ),
      ),
    );
    expect([...periods]).toEqual(
      expect.arrayContaining(['evento', 'anual', 'mensual', 'semestral', 'vitalicio']),
    );
  });

  test('000-3.11 000-3.12 offers: percent and amount discounts with instalments, stock exhausted and left, gift card', () => {
    const offers = products.flatMap((product) => product.offers);
    const has = (predicate: (offer: (typeof offers)[number]) => boolean) =>
      expect(offers.some(predicate)).toBe(true);
    has((o) => o.type === 'DISCOUNT' && o.unitCode === 'PERCENT' && o.parceledDiscounts.length > 0);
    has((o) => o.type === 'DISCOUNT' && o.unitCode === 'AMOUNT' && o.parceledDiscounts.length > 0);
    has((o) => o.type === 'STOCK' && o.count === 0);
    has((o) => o.type === 'STOCK' && o.count > 0);
    has((o) => o.type === 'GIFTCARD' && o.amountClp === 20_000);
    has((o) => o.type === 'PARCELED');
    has((o) => o.type === 'AGGREGATE');
  });

  test('000-4.27 some products are younger than 2 months at the reference date, most are older', () => {
    const twoMonthsBefore = new Date(`${DEMO_REFERENCE_DATE}T00:00:00Z`);
    twoMonthsBefore.setUTCMonth(twoMonthsBefore.getUTCMonth() - 2);
    const cut = twoMonthsBefore.toISOString().slice(0, 10);
    const recent = products.filter((product) => product.availableFrom > cut);
    expect(recent.length).toBeGreaterThanOrEqual(10);
    expect(products.length - recent.length).toBeGreaterThan(recent.length);
    expect(products.every((product) => product.availableFrom <= DEMO_REFERENCE_DATE)).toBe(true);
  });

  test('flags and channels: a few exclusive and promoted, some sold online, popularity and recommendation vary', () => {
    const count = (predicate: (product: (typeof products)[number]) => boolean) =>
      products.filter(predicate).length;
    expect(count((p) => p.exclusive)).toBeGreaterThan(0);
    expect(count((p) => p.exclusive)).toBeLessThan(products.length / 5);
    expect(count((p) => p.isPromoted)).toBeGreaterThan(0);
    expect(count((p) => p.salesChannels.includes('ONLINE'))).toBeGreaterThan(20);
    expect(new Set(products.map((p) => p.requestCount)).size).toBeGreaterThan(100);
    expect(new Set(products.map((p) => p.recommendation)).size).toBeGreaterThan(30);
    expect(
      products.every((p) => p.conditions.length > 0 && p.exclusions.length > 0 && p.faq.length > 0 && p.seo),
    ).toBe(true);
  });

  test('000-5.01 000-5.23 collective products name their minimum of employees; in Colombia at least 10', () => {
    const collective = ofType('SEGURO COLECTIVO');
    expect(collective.every((product) => (product.minEmployeeQuantity ?? 0) >= 1)).toBe(true);
    const colombian = collective.filter((product) => product.country === 'CO');
    expect(colombian.length).toBeGreaterThan(0);
    expect(colombian.every((product) => product.minEmployeeQuantity === 10)).toBe(true);
  });

  test('000-2.08 the clinics of the current slugs are organizations of type CLINICA, some selling insurance', () => {
    const slugs = [
      'Clinica-Alemana-de-Santiago',
      'Clinica-Red-Salud-Providencia',
      'Clinica-Red-Salud-Magallanes',
      'Clinica-Red-Salud-Elqui',
      'Clinica-Indisa',
      'Clinica-Santa-Maria',
      'Centro-Medico-Red-de-Salud-UC-Christus',
      'Clinica-Davila',
      'Clinica-MEDS',
      'Clinica-Andes-Salud-Concepcion',
      'Clinica-Las-Condes',
      'Clinica-San-Carlos-de-Apoquindo',
      'Clinica-Universidad-de-Los-Andes',
    ];
    for (const slug of slugs)
      expect(organizations.get(slug)).toMatchObject({ type: 'CLINICA', url: slug, country: 'CL' });
    expect(
      products.filter((product) => organizations.get(product.organizationCode)?.type === 'CLINICA').length,
    ).toBeGreaterThan(3);
    expect(
      products.filter((product) => organizations.get(product.organizationCode)?.type === 'ISAPRE').length,
    ).toBeGreaterThan(0);
  });

  test('000-9.01 comparators at their routes: 20 results a page, 15 on landings', () => {
    const byUrl = new Map(catalogue.comparators.map((comparator) => [comparator.baseUrl, comparator]));
    for (const url of [
      'Comparar/Seguros-de-Salud',
      'Comparar/Isapres',
      'Comparar/Seguro-Complementario-Empresa',
      'Comparar/Seguros-Mascotas',
      'Comparar/Seguros-de-Salud/Dental',
      'Guardias',
      'Comparar/Accidentes-Personales',
      'Comparar/Seguros-de-Vida',
      'Comparar/Seguros-Internacionales',
    ]) {
      const comparator = byUrl.get(url);
      expect(comparator).toMatchObject({ pageSize: 20 });
      expect(comparator!.features!.length).toBeGreaterThan(0);
      expect(comparator!.faq!.length).toBeGreaterThan(0);
      expect(comparator!.blockZones!.length).toBeGreaterThan(0);
      expect(comparator!.whyUs!.length).toBeGreaterThan(0);
      expect(comparator!.benefits!.length).toBeGreaterThan(0);
    }
    expect(byUrl.get('Comparar/Seguros-Mascotas')!.productType).toBe('SEGURO_MASCOTAS');
    expect(byUrl.get('Complementario')!.pageSize).toBe(15);
  });
});

describe('loading the demo catalogue', () => {
  const dir = tempDataDir('cubre-demo-');
  const store = openSqliteEventStore({ dataDir: dir.path });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });
  const now = new Date('2026-11-01T12:00:00Z');

  test('defines every entry through the catalogue commands; a second load records nothing', async () => {
    const first = await loadDemoCatalogue(store, { now });
    expect(first.kinds).toEqual({
      organization: { defined: catalogue.organizations.length, revised: 0, unchanged: 0 },
      insuranceType: { defined: INSURANCE_TYPES.length, revised: 0, unchanged: 0 },
      product: { defined: catalogue.products.length, revised: 0, unchanged: 0 },
      comparator: { defined: catalogue.comparators.length, revised: 0, unchanged: 0 },
    });
    const product = catalogue.products[0]!;
    const [event] = await store.readStream(`product-${product.code}`);
    expect(event).toMatchObject({
      type: 'ProductDefined',
      data: { definition: ProductDefinition.parse(product) },
    });

    const head = await store.headPosition();
    const second = await loadDemoCatalogue(store, { now });
    expect(Object.values(second.kinds).every((counts) => counts.defined === 0 && counts.revised === 0)).toBe(
      true,
    );
    expect(await store.headPosition()).toBe(head);
  });
});
