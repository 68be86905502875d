import type { ProfileInput } from '@cubre/schemas';
import { BenefitCoverages, CoverageResumeAnswer } from '@cubre/schemas/catalogue/coverageResume';
import { CalculatePriceAnswer } from '@cubre/schemas/catalogue/priceBreakdown';
import type { z } from 'zod';
import type { TestRuntime } from '../../support/testRuntime';
import { getJson, post, startCatalogueRuntime } from './detailRuntime';

/**
 * Issue 12, "each shape written once": the storefront reads calculatePrice and the coverage calls with the
 * types of schemas/src/catalogue (priceBreakdown.ts, coverageResume.ts), which the server's views return.
 * The compiler keeps the views in step; this holds that what goes over the wire is that shape too (no value
 * of another type slipped in through a cast, no field unnamed), for plans and products, with and without a
 * profile. The other catalogue answers are checked the same way in answerSchemas.http.test.ts.
 */
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const family: ProfileInput = {
  cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: 2_000_000 }],
  cargas: [{ sexo: 'Masculino', edad: 43, parentesco: 'Cónyuge' }],
};
const codesOf = async (body: Record<string, unknown>): Promise<string[]> =>
  (
    await post(runtime, '/api/insurance/compare/metadata', { take: 100, displayShowcase: true, ...body })
  ).body.data.map((card: { productCode: string }) => card.productCode);
/**
 * The answer is the schema's shape to the last field: nothing missing, nothing of another type, and no field
 * the schema does not name (parsing strips unknown keys, so an answer that parses to itself has none).
 */
function expectShape(code: string, schema: z.ZodType, body: unknown) {
  const parsed = schema.safeParse(body);
  expect([code, parsed.success ? [] : parsed.error.issues]).toEqual([code, []]);
  expect(parsed.data).toEqual(body);
}

describe('issue 12 the catalogue answers are the shapes schemas/ publishes', () => {
  test('calculatePrice, POST with a profile and GET without, is CalculatePriceAnswer: an isapre or a product breakdown told by kind', async () => {
    const codes = [
      ...(await codesOf({ organizationTypes: ['ISAPRE'], profile: family })).slice(0, 5),
      ...(await codesOf({ organizationTypes: ['ASEGURADORA', 'CLINICA'], profile: family })),
    ];
    const kinds = new Set<string>();
    const bases = new Set<string>();
    for (const code of codes) {
      const id = encodeURIComponent(code);
      for (const answer of [
        await post(runtime, `/api/insurance/${id}/calculatePrice`, { profile: family }),
        await getJson(runtime, `/api/insurance/${id}/calculatePrice`),
      ]) {
        if (answer.status === 422) continue;
        expect([code, answer.status]).toEqual([code, 200]);
        expectShape(code, CalculatePriceAnswer, answer.body);
        const { breakdown } = (answer.body as CalculatePriceAnswer).data;
        kinds.add(breakdown.kind);
        if (breakdown.kind === 'product') bases.add(breakdown.basis);
      }
    }
    expect([...kinds].sort()).toEqual(['isaprePlan', 'product']);
    expect([...bases].sort()).toEqual(['colectivo', 'desde', 'porPersona']);
  });

  test('the coverage resume and a benefit’s coverages are CoverageResumeAnswer and BenefitCoverages', async () => {
    const codes = [
      ...(await codesOf({ organizationTypes: ['ISAPRE'] })).slice(0, 3),
      ...(await codesOf({ organizationTypes: ['ASEGURADORA', 'CLINICA'] })),
    ];
    let benefits = 0;
    for (const code of codes) {
      const id = encodeURIComponent(code);
      const resume = await getJson(runtime, `/api/insurance/coverages/${id}/resume`);
      expect([code, resume.status]).toEqual([code, 200]);
      expectShape(code, CoverageResumeAnswer, resume.body);
      const first = (resume.body as CoverageResumeAnswer).data.tags[0]?.coverages[0];
      if (!first) continue;
      const benefit = await getJson(runtime, `/api/insurance/${id}/benefit/${first.benefitId}/coverages`);
      expect([code, benefit.status]).toEqual([code, 200]);
      expectShape(code, BenefitCoverages, benefit.body.data);
      benefits++;
    }
    expect(benefits).toBeGreaterThan(3);
  });
});
