import { ProductDefinition, type Country, type ProfileInput } from '@cubre/schemas';
import { generateDemoCatalogue, loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import type { TestRuntime } from '../../support/testRuntime';
import { getJson, post, startCatalogueRuntime } from './detailRuntime';

/** The demo catalogue (about 150 products in four editions) behind the same routes. */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime((store) => loadDemoCatalogue(store));
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
});

const products = generateDemoCatalogue().products.map((product) => ProductDefinition.parse(product));
const ALL_TYPES = ['ASEGURADORA', 'ISAPRE', 'CLINICA', 'PRESTADOR', 'EPS', 'MEDICINA_PREPAGADA', 'CORREDORA'];

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += width)
    await Promise.all(items.slice(start, start + width).map(task));
}

async function cardsOf(country: Country, profile?: ProfileInput) {
  const cards: any[] = [];
  for (let page = 1; ; page++) {
    const { body } = await post(
      runtime,
      '/api/insurance/compare/metadata',
      {
        organizationTypes: ALL_TYPES,
        displayShowcase: true,
        take: 100,
        page,
        ...(profile ? { profile } : {}),
      },
      { country },
    );
    cards.push(...body.data);
    if (cards.length >= body.metaData.total) return cards;
  }
}

const profiles: Record<string, ProfileInput> = {
  family: {
    cotizante: [{ sexo: 'Femenino', edad: 38, ingreso: '1.800.000' }],
    cargas: [
      { sexo: 'Masculino', edad: 40, parentesco: 'Cónyuge' },
      { sexo: 'Masculino', edad: 9 },
      { sexo: 'Femenino' },
    ],
  },
  older: {
    cotizante: [{ sexo: 'Masculino', edad: 67 }],
    cargas: [{ sexo: 'Femenino', edad: 64, parentesco: 'Cónyuge' }],
  },
  pets: {
    cotizante: [{ edad: 30 }],
    mascota: [
      { especie: 'Perro', edad: 2 },
      { especie: 'Gato', edad: 9 },
    ],
  },
  company: { cotizante: [{ edad: 45 }], cantidadEmpleados: 25, cantidadGuardias: 6 },
};

test('000-7.09 card price == calculatePrice total for every demo product, edition and profile', async () => {
  let compared = 0;
  for (const country of ['CL', 'PE', 'CO', 'INT'] as const)
    for (const [name, profile] of Object.entries(profiles)) {
      const cards = await cardsOf(country, profile);
      await inBatches(cards, 8, async (card) => {
        const answer = await post(runtime, `/api/insurance/${card.productCode}/calculatePrice`, { profile });
        const where = { country, profile: name, code: card.productCode };
        if (answer.status === 422) return;
        expect({ ...where, status: answer.status }).toEqual({ ...where, status: 200 });
        expect({ ...where, value: answer.body.data.price.value }).toEqual({
          ...where,
          value: card.price.value,
        });
        expect({ ...where, total: answer.body.data.breakdown.total }).toEqual({
          ...where,
          total: card.price.value,
        });
        compared++;
      });
    }
  expect(compared).toBeGreaterThan(400);
}, 60_000);

test('000-7.05 every demo product answers every resource and coverage call, never a server error', async () => {
  const statuses = new Set<number>();
  await inBatches(products, 6, async (product) => {
    const id = encodeURIComponent(product.code);
    const paths = [
      `/api/insurance/product/${encodeURIComponent(product.url)}`,
      ...[
        'conditions',
        'seo',
        'descriptions',
        'features',
        'inFeatures',
        'faq',
        'extraBenefits',
        'exclusions',
        'coverageOrganizations',
        'topAmountsAndDeductibles',
        'calculatePrice',
      ].map((resource) => `/api/insurance/${id}/${resource}`),
      `/api/insurance/coverages/${id}/resume`,
    ];
    for (const path of paths) statuses.add((await getJson(runtime, path)).status);
    const providers = (await getJson(runtime, `/api/insurance/coverages/${id}/coverageOrganization`)).body
      .data;
    for (const provider of providers) {
      const at = await getJson(
        runtime,
        `/api/insurance/${id}/coverageOrganization/${provider.organizationCode}/coverages`,
      );
      statuses.add(at.status);
    }
    for (const tag of (await getJson(runtime, `/api/insurance/coverages/${id}/resume`)).body.data.tags)
      for (const coverage of tag.coverages)
        statuses.add(
          (await getJson(runtime, `/api/insurance/${id}/benefit/${coverage.benefitId}/coverages`)).status,
        );
  });
  expect([...statuses]).toEqual([200]);
}, 60_000);

test('001-9.08 no demo SEO description is longer than 170 characters', async () => {
  await inBatches(products, 10, async (product) => {
    const { description } = (await getJson(runtime, `/api/insurance/${product.code}/seo`)).body.data;
    expect(Array.from(description).length).toBeLessThanOrEqual(170);
  });
});

test('000-5.30 demo international plans: free choice abroad by where they cover; never a QPCL code in a network list', async () => {
  const lists = async (code: string) =>
    (await getJson(runtime, `/api/insurance/${code}/coverageOrganizations`)).body.lists;
  const codes = (list: { organizationCode: string }[]) => list.map((o) => o.organizationCode);
  const byUnit = (unit: string) => products.find((p) => p.country === 'INT' && p.price.unit === unit)!.code;
  expect(codes((await lists(byUnit('USD/USA'))).libreEleccion)).toEqual(['QPCL-3']);
  expect(codes((await lists(byUnit('USD/LATAM'))).libreEleccion)).toEqual(['QPCL-2']);
  expect(codes((await lists(byUnit('USD/MUNDO'))).libreEleccion)).toEqual(['QPCL-2', 'QPCL-3']);
  await inBatches(products, 10, async (product) => {
    const { preferente, internacional, libreEleccion } = await lists(product.code);
    expect([...codes(preferente), ...codes(internacional)].filter((c) => c.startsWith('QPCL'))).toEqual([]);
    if (product.country === 'CL' && product.modality === 'Libre Elección')
      expect(codes(libreEleccion)).toEqual(['QPCL-1']);
  });
});

test('000-5.32 demo life products: their cap lists are their indemnities; no other list has one', async () => {
  let lifeCaps = 0;
  await inBatches(products, 10, async (product) => {
    const groups = (await getJson(runtime, `/api/insurance/${product.code}/topAmountsAndDeductibles`)).body
      .data;
    const names: string[] = groups.flatMap((g: { topAmounts: { name: string }[] }) =>
      g.topAmounts.map((t) => t.name),
    );
    const life = product.productType === 'SEGURO VIDA';
    if (life) lifeCaps += names.length;
    expect({ code: product.code, other: names.filter((n) => n.includes('Indemnización') !== life) }).toEqual({
      code: product.code,
      other: [],
    });
  });
  expect(lifeCaps).toBeGreaterThan(0);
});
