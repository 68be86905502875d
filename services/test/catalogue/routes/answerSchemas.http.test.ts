import type { z } from 'zod';
import { ComparatorProvider, ComparatorSummary, ComparatorView } from '@cubre/schemas/catalogue/comparator';
import { CoverageOrganizationView, TopsAndDeductiblesView } from '@cubre/schemas/catalogue/detailViews';
import { ContactInformation, RegionOption } from '@cubre/schemas/site';
import { OrganizationView } from '@cubre/schemas/catalogue/organization';
import { ProductView } from '@cubre/schemas/catalogue/productView';
import { CompareAnswer } from '@cubre/schemas/catalogue/resultCard';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import type { TestRuntime } from '../../support/testRuntime';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { loadDetailFixture } from '../support/catalogueFixture';
import { getJson, post, startCatalogueRuntime } from './detailRuntime';

/**
 * Issue 12, "each shape written once": the storefront reads the API's answers with the types of
 * schemas/src/catalogue (resultCard.ts, productView.ts, comparator.ts, organization.ts), which the server's
 * views are typed with. Here the real answers over HTTP, with the demo catalogue of every edition, are
 * exactly those shapes: nothing missing, nothing of another type, and no field the schema does not name
 * (parsing strips unknown keys, so an answer that parses to itself has none).
 */
const CATALOGUES = [
  ['the demo catalogue', (store: EventStore) => loadDemoCatalogue(store), false],
  // The test fixture has isapre plans (the demo has none): their cards carry `plan`.
  ['the test fixture with isapre plans', loadDetailFixture, true],
] as const;

const EDITIONS = ['CL', 'PE', 'CO', 'INT'] as const;
const ALL_TYPES = ['ASEGURADORA', 'ISAPRE', 'CLINICA', 'PRESTADOR', 'EPS', 'MEDICINA_PREPAGADA', 'CORREDORA'];

/** The answer is the schema's shape, to the last field. */
function expectShape(schema: z.ZodType, answer: unknown) {
  const parsed = schema.safeParse(answer);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(parsed.data).toEqual(answer);
}

async function ok(runtime: TestRuntime, path: string, country: string) {
  const { status, body } = await getJson(runtime, path, { country });
  expect([path, status]).toEqual([path, 200]);
  return body as { data: unknown };
}

describe.each(CATALOGUES)(
  '%s: the catalogue answers are the shapes the storefront reads',
  (_name, load, hasPlans) => {
    let runtime: TestRuntime;
    let cardsSeen = 0;
    beforeAll(async () => {
      runtime = await startCatalogueRuntime(load);
    }, 60_000);
    afterAll(async () => {
      await runtime.dispose();
    });

    for (const country of EDITIONS) {
      test(`${country}: comparators, their pages, their cards with and without a profile`, async () => {
        const list = (await ok(runtime, '/api/comparator', country)).data as ComparatorSummary[];
        expect(list.length).toBeGreaterThan(0);
        for (const summary of list) {
          expectShape(ComparatorSummary, summary);
          const view = (
            await ok(runtime, `/api/comparator?baseUrl=${encodeURIComponent(summary.baseUrl)}`, country)
          ).data;
          expectShape(ComparatorView, view);
        }
        for (const profile of [
          undefined,
          { cotizante: [{ sexo: 'Femenino', edad: 38, ingreso: '1.800.000' }] },
        ]) {
          const { status, body } = await post(
            runtime,
            '/api/insurance/compare/metadata',
            {
              organizationTypes: ALL_TYPES,
              displayShowcase: true,
              take: 100,
              page: 1,
              ...(profile ? { profile } : {}),
            },
            { country },
          );
          expect(status).toBe(200);
          cardsSeen += (body as CompareAnswer).data.length;
          expectShape(CompareAnswer, body);
        }
      }, 60_000);
    }

    test('every organization type and a product of each kind there is', async () => {
      expect(cardsSeen).toBeGreaterThan(0);
      let organizations = 0;
      for (const type of ALL_TYPES) {
        const list = (await ok(runtime, `/api/organization/seguros/tipo/${type}`, 'CL')).data as unknown[];
        for (const organization of list) expectShape(OrganizationView, organization);
        organizations += list.length;
      }
      expect(organizations).toBeGreaterThan(5);

      const cardsOf = async (organizationTypes: string[]) =>
        (
          (
            await post(
              runtime,
              '/api/insurance/compare/metadata',
              { organizationTypes, displayShowcase: true, take: 20, page: 1 },
              { country: 'CL' },
            )
          ).body as CompareAnswer
        ).data;
      const plan = (await cardsOf(['ISAPRE'])).find((card) => card.plan !== undefined);
      const product = (await cardsOf(['ASEGURADORA'])).find((card) => card.plan === undefined);
      expect([Boolean(product), Boolean(plan)]).toEqual([true, hasPlans]);
      for (const card of [plan, product]) {
        if (!card) continue;
        expectShape(
          ProductView,
          (await getJson(runtime, `/api/insurance/product/${encodeURIComponent(card.url)}`)).body,
        );
        const resource = (name: string) =>
          ok(runtime, `/api/insurance/${encodeURIComponent(card.productCode)}/${name}`, 'CL');
        const tops = (await resource('topAmountsAndDeductibles')).data as unknown[];
        for (const group of tops) expectShape(TopsAndDeductiblesView, group);
        const providers = (await resource('coverageOrganizations')).data as unknown[];
        for (const provider of providers) expectShape(CoverageOrganizationView, provider);
      }
      for (const summary of (await ok(runtime, '/api/comparator', 'CL')).data as ComparatorSummary[]) {
        const clinics = (await ok(runtime, `/api/comparator/${summary.code}/coverageOrganizations`, 'CL'))
          .data as unknown[];
        for (const clinic of clinics) expectShape(ComparatorProvider, clinic);
      }
    }, 60_000);

    test("the request form's regions and the footer's contact channels", async () => {
      const regions = (await ok(runtime, '/api/regiones', 'CL')).data as unknown[];
      expect(regions).toHaveLength(16);
      for (const region of regions) expectShape(RegionOption, region);
      expectShape(ContactInformation, (await getJson(runtime, '/api/contactInformations')).body);
    });
  },
);
