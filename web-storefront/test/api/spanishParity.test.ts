/**
 * Issue 11 point 9: the storefront writes the texts the server composes ('Sin tope', 'para 3 personas',
 * a price explanation's sentences) from the structured fields of the API's answers, in the page's
 * language. In Spanish it must say exactly what the server says: this runs the real API over the demo
 * catalogue and the first real isapre plans, and compares, answer by answer.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { importIsaprePlans } from '@cubre/services/catalogue/import';
import { getJson, post, startCatalogueRuntime } from '../../../services/test/catalogue/routes/detailRuntime';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import type { CompareAnswer, ResultCard } from '../../src/api/types';
import { personsLine } from '../../src/domain/compare/compareRows';
import { coverageAmountWords, type CoverageAmount } from '../../src/domain/results/amountWords';
import { breakdownLines, type Breakdown } from '../../src/domain/results/breakdownWords';
import {
  commercialWords,
  coverageWords,
  deductibleWords,
  offerWords,
  topWords,
} from '../../src/domain/results/cardWords';
import { topsGroupName, topsText, type TopsGroup } from '../../src/domain/results/topsWords';
import { es } from '../support/words';

const EXTRACT = join(
  __dirname,
  '..',
  '..',
  '..',
  'services',
  'reference-data',
  'isapres',
  'planes-vigentes-2016-09.csv.gz',
);
const COMPARATORS = [
  'Comparar/Seguros-de-Salud',
  'Comparar/Isapres',
  'Comparar/Seguros-Mascotas',
  'Comparar/Seguro-Complementario-Empresa',
  'Comparar/Seguros-Internacionales',
  'Comparar/Seguros-de-Vida',
  'Comparar/Accidentes-Personales',
  'Guardias',
];
const PROFILES = {
  person: {
    cotizante: [{ sexo: 'Femenino', edad: 38, ingreso: 1_800_000 }],
    cargas: [
      { sexo: 'Masculino', edad: 1, parentesco: 'Hijo/Hija' },
      { sexo: 'Masculino', edad: 90, parentesco: 'Padre/Madre' },
    ],
    prevision: 'Isapre',
  },
  pet: { mascota: [{ especie: 'Perro', raza: 'Quiltro', edad: 3, parentesco: 'Mascota' }] },
  collective: { cotizante: [{ sexo: 'Masculino' }], colectivo: { cantidadempleados: 3 } },
} satisfies Record<string, object>;

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime(async (store) => {
    await loadDemoCatalogue(store);
    const lines = gunzipSync(readFileSync(EXTRACT)).toString('latin1').split(/\r?\n/).slice(0, 61);
    const slice = join(tmpdir(), `cubre-plans-${process.pid}.csv`);
    writeFileSync(slice, Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
    await importIsaprePlans(store, slice);
  });
}, 120_000);
afterAll(async () => runtime?.dispose());

const profileFor = (comparator: string): object =>
  comparator.includes('Mascotas')
    ? PROFILES.pet
    : comparator.includes('Empresa')
      ? PROFILES.collective
      : PROFILES.person;

async function cardsOf(baseUrl: string, profile: object | null): Promise<ResultCard[]> {
  const comparator = (await getJson(runtime, `/api/comparator?baseUrl=${encodeURIComponent(baseUrl)}`)).body
    .data;
  const answer = await post(runtime, '/api/insurance/compare/metadata', {
    page: 1,
    take: 40,
    organizationTypes: comparator.organizationTypes,
    comparator: baseUrl,
    productType: comparator.productType,
    ...(profile ? { profile } : {}),
  });
  expect(answer.status).toBe(200);
  return (answer.body as CompareAnswer).data;
}

describe('the storefront says in Spanish what the API says (issue 11 point 9)', () => {
  test("000-5.13 000-5.14 000-9.21 000-2.52 a card's tops, deductibles, coverage, offers, persons and plan state", async () => {
    let checked = 0;
    for (const baseUrl of COMPARATORS)
      for (const profile of [null, profileFor(baseUrl)])
        for (const card of await cardsOf(baseUrl, profile)) {
          const facts = {
            top: card.topAmount ? topWords(card, es) : null,
            deductible: card.deductible ? deductibleWords(card, es) : null,
            coverage: typeof card.coverage === 'string' ? coverageWords(card, es) : null,
            offers: card.offers.map((offer) => (offer.type === 'STOCK' ? offerWords(offer, es) : null)),
            persons: personsLine(card, es),
            commercial: card.plan ? commercialWords(card.plan, es) : null,
          };
          expect([card.productCode, facts]).toEqual([
            card.productCode,
            {
              top: card.topAmount?.text ?? null,
              deductible: card.deductible?.text ?? null,
              coverage: typeof card.coverage === 'string' ? card.coverage : null,
              // Only a STOCK offer carries the server's words; the others are worded by the storefront alone.
              offers: card.offers.map((offer) => (offer.type === 'STOCK' ? offer.text : null)),
              // The server's label counts pets as 'personas'; the card has always said 'mascotas'.
              persons: card.price.arePricesDefined
                ? (card.insuranceMetadata.price_detail?.label.replace(
                    /persona(s?)$/,
                    card.insuranceMetadata.product_type === 'SEGURO_MASCOTAS' ? 'mascota$1' : 'persona$1',
                  ) ?? null)
                : null,
              commercial: card.plan?.commercial ?? null,
            },
          ]);
          checked += 1;
        }
    expect(checked).toBeGreaterThan(100);
  }, 60_000);

  test("000-5.13 000-5.29 the detail's coverage amounts and tops groups", async () => {
    const cards = [
      ...(await cardsOf('Comparar/Seguros-de-Salud', null)),
      ...(await cardsOf('Comparar/Isapres', null)).slice(0, 5),
      ...(await cardsOf('Comparar/Seguros-de-Vida', null)),
    ];
    for (const card of cards) {
      const id = encodeURIComponent(card.productCode);
      const resume = (await getJson(runtime, `/api/insurance/coverages/${id}/resume`)).body.data as {
        tags: { coverages: { amounts: CoverageAmount[] }[] }[];
      };
      for (const amount of resume.tags.flatMap((tag) => tag.coverages.flatMap((c) => c.amounts)))
        expect([card.productCode, coverageAmountWords(amount, es)]).toEqual([card.productCode, amount.text]);
      const tops = (await getJson(runtime, `/api/insurance/${id}/topAmountsAndDeductibles`)).body
        .data as (TopsGroup & {
        topAmounts: { name: string; text: string }[];
      })[];
      for (const group of tops) {
        expect([card.productCode, topsGroupName(group, es)]).toEqual([card.productCode, group.name]);
        const server = group.topAmounts.map((top) => `${top.name}: ${top.text}`).join(' · ') || 'Sin tope';
        expect([card.productCode, topsText(group, es)]).toEqual([card.productCode, server]);
      }
    }
  }, 60_000);

  test("000-7.09 a price explanation's sentences, for plans and products, with and without persons it cannot insure", async () => {
    let checked = 0;
    for (const baseUrl of COMPARATORS)
      for (const card of (await cardsOf(baseUrl, null)).slice(0, 12)) {
        const answer = await post(
          runtime,
          `/api/insurance/${encodeURIComponent(card.productCode)}/calculatePrice`,
          {
            profile: profileFor(baseUrl),
            comparator: baseUrl,
          },
        );
        if (answer.status !== 200) continue;
        const data = answer.body.data as { breakdown: Breakdown; lines: string[] };
        expect([card.productCode, breakdownLines(data.breakdown, es)]).toEqual([
          card.productCode,
          data.lines,
        ]);
        checked += 1;
      }
    expect(checked).toBeGreaterThan(40);
  }, 60_000);
});
