import type { AmountKind } from '@cubre/schemas/catalogue/coverage';
import type { CoverageAmountView, CoverageView } from '@cubre/schemas/catalogue/coverageResume';
import type { CoverageOrganizationView, TopsAndDeductiblesView } from '@cubre/schemas/catalogue/detailViews';
import type { ResultCard } from '../../../src/api/types';
import {
  coverageRows,
  featureRows,
  isapreRows,
  personsLine,
  priceLine,
  priceRows,
  productRows,
  providerRows,
  textRows,
  topsRows,
  type CoverageResume,
} from '../../../src/domain/compare/compareRows';
import { wordsOf } from '../../support/words';

const words = wordsOf('es');
const { t } = words;
const english = wordsOf('en');

/** A card as the comparator answers it (services/src/catalogue/comparator/resultCard.ts). */
function card(code: string, changes: Partial<ResultCard> = {}): ResultCard {
  return {
    id: code,
    index: 0,
    displayName: `Plan ${code}`,
    name: `Plan ${code}`,
    productCode: code,
    url: code,
    newWindowUrl: `/Seguros/Org/${code}`,
    isNew: false,
    exclusive: false,
    isPromoted: false,
    distance: 0,
    affinity: '100%',
    insuranceType: {
      name: 'SEGURO DENTAL',
      displayName: 'Dental',
      color: '#0b5394',
      upperType: { name: 'SALUD', displayName: 'Salud' },
    },
    organization: {
      code: 'Org',
      displayName: 'Org Seguros',
      metadata: { url: 'Org', typeAlias: 'Aseguradora' },
    },
    insuranceMetadata: {
      isPopular: false,
      isMapEnabled: true,
      salesChannel: ['EJECUTIVO'],
      hasOffer: false,
      modality: null,
      product_type: '',
      logo: null,
      minEmployeeQuantity: null,
      minsubscribers: null,
      price_detail: {
        label: 'para 3 personas',
        age_range: '2 a 75 años',
        insured: 3,
        ages: { min: 2, max: 75 },
      },
    },
    price: {
      value: 1.311,
      minPrice: 1.311,
      unit: { code: 'UF' },
      convertionTo: 'CLP',
      paymentMode: 'mensual',
      label: '',
      tooltip: 'Precio para 3 personas según el perfil ingresado.',
      modal: { title: 'Detalle del precio', calculatePrice: `/api/insurance/${code}/calculatePrice` },
      suffix: '/mes',
      formatted: '$52.032',
      arePricesDefined: true,
      uninsurable: [],
      collective: null,
      coverageArea: null,
      uf: null,
    },
    priceRange: { from: 1.311, unit: 'UF' },
    priceSuffix: '/mes',
    coverage: '70% - 100%',
    topAmount: { text: 'UF 40', amount: 40, unit: 'UF', period: 'anual' },
    deductible: { text: 'Sin deducible', amount: 0, unit: 'UF', period: 'anual' },
    providers: 2,
    features: ['dental'],
    requirements: null,
    offers: [],
    stockExhausted: false,
    ...changes,
  };
}
/** A group of tops and deductibles as GET topAmountsAndDeductibles answers it. */
const group = (
  name: string,
  topAmounts: TopsAndDeductiblesView['topAmounts'],
  deductibles: TopsAndDeductiblesView['deductibles'],
): TopsAndDeductiblesView => ({
  name,
  source: 'producto',
  coverageOrganizations: [],
  topAmounts,
  deductibles,
  top: topAmounts[0] ?? null,
});
/** A provider as GET coverageOrganizations answers it. */
const provider = (
  organizationCode: string,
  displayName: string,
  list: CoverageOrganizationView['list'],
): CoverageOrganizationView => ({
  organizationCode,
  displayName,
  description: null,
  type: 'CLINICA',
  url: null,
  image: null,
  country: 'CL',
  list,
});
const values = (rows: { key: string; values: unknown[] }[], key: string) =>
  rows.find((row) => row.key === key)?.values;

describe('compare/compareRows: every attribute of the cards and the detail, one value per column', () => {
  test("000-4.11 the price reads as the card's, with who it is for only when the profile priced it", () => {
    const priced = card('A');
    const from = card('B', {
      price: { ...priced.price, label: 'Desde', arePricesDefined: false, formatted: '$147.642', value: 3.72 },
    });
    expect(priceLine(priced, t)).toBe('$52.032 /mes');
    expect(priceLine(from, t)).toBe('Desde $147.642 /mes');
    expect(personsLine(priced, t)).toBe('para 3 personas');
    expect(personsLine(priced, english.t)).toBe('for 3 people');
    expect(personsLine(from, t)).toBeNull();
    const rows = priceRows([priced, from, null], t);
    expect(values(rows, 'price')).toEqual(['$52.032 /mes', 'Desde $147.642 /mes', null]);
    expect(values(rows, 'persons')).toEqual(['para 3 personas', 'Sin perfil', null]);
    expect(values(rows, 'ages')).toEqual(['2 a 75 años', '2 a 75 años', null]);
    // No one uninsurable anywhere: no row for it.
    expect(values(rows, 'uninsurable')).toBeUndefined();
  });

  test('a price the catalogue does not give reads Consultar; uninsurable persons get their row', () => {
    const none = card('A', { price: { ...card('A').price, formatted: 'Consultar', value: null } });
    const someone = card('B', {
      price: {
        ...card('B').price,
        uninsurable: [{ sexo: 'Masculino', edad: 80 }],
      },
    });
    const rows = priceRows([none, someone, undefined], t);
    expect(values(rows, 'price')).toEqual(['Consultar', '$52.032 /mes', undefined]);
    expect(values(rows, 'uninsurable')).toEqual(['—', 'Masculino, 80 años', undefined]);
    expect(values(priceRows([someone], english.t), 'uninsurable')).toEqual(['Male, 80 years']);
  });

  test("the product's facts come from its card", () => {
    const online = card('A', {
      insuranceMetadata: {
        ...card('A').insuranceMetadata,
        salesChannel: ['ONLINE'],
        modality: 'Libre Elección',
      },
      coverage: { ambulatory: '80%', hospital: '100%' },
      topAmount: null,
      offers: [{ type: 'PARCELED', instalments: 12 }],
      requirements: { value: 50, unit: '%', previsionType: 'Fonasa', previousCoverage: false },
    });
    const rows = productRows([online, card('B')], words);
    expect(values(rows, 'type')).toEqual(['Dental', 'Dental']);
    expect(values(rows, 'insurer')).toEqual(['Org Seguros', 'Org Seguros']);
    expect(values(rows, 'modality')).toEqual(['Libre elección', '—']);
    expect(values(rows, 'coverage')).toEqual(['Ambulatoria 80% · Hospitalaria 100%', '70% - 100%']);
    expect(values(rows, 'top')).toEqual(['—', 'UF 40']);
    expect(values(rows, 'providers')).toEqual(['2', '2']);
    expect(values(rows, 'requirements')).toEqual(['Requiere 50% de cobertura Fonasa', '—']);
    expect(values(rows, 'offers')).toEqual(['Hasta 12 cuotas', '—']);
    expect(values(rows, 'online')).toEqual(['Sí', 'No']);
    expect(values(rows, 'deductible')).toEqual(['Sin deducible', 'Sin deducible']);
    // The same facts in English: the catalogue's names and the card's words from the dictionaries.
    const inEnglish = productRows([online, card('B')], english);
    expect(values(inEnglish, 'type')).toEqual(['Dental', 'Dental']);
    expect(values(inEnglish, 'modality')).toEqual(['Free choice', '—']);
    expect(values(inEnglish, 'coverage')).toEqual(['Outpatient 80% · Hospital 100%', '70% - 100%']);
    expect(values(inEnglish, 'deductible')).toEqual(['No deductible', 'No deductible']);
    expect(values(inEnglish, 'requirements')).toEqual(['Requires 50% of Fonasa coverage', '—']);
    expect(values(inEnglish, 'offers')).toEqual(['Up to 12 installments', '—']);
    expect(values(inEnglish, 'online')).toEqual(['Yes', 'No']);
  });

  test('one row per feature any plan has, named by the features answers or in words', () => {
    const rows = featureRows(
      [card('A', { features: ['dental', 'sin-deducible'] }), card('B', { features: ['telemedicina'] })],
      [{ data: [{ code: 'dental', name: 'Dental' }] }, undefined],
      words,
    );
    expect(rows.map((row) => [row.label, ...row.values])).toEqual([
      ['Dental', 'Sí', 'No'],
      ['Sin deducible', 'Sí', 'No'],
      ['Telemedicina', 'No', 'Sí'],
    ]);
    const inEnglish = featureRows(
      [card('A', { features: ['sin-deducible', 'nueva'] })],
      [undefined],
      english,
    );
    expect(inEnglish.map((row) => row.label)).toEqual(['No deductible', 'Nueva']);
  });

  test("an isapre plan's own fields, only when a column is a plan", () => {
    expect(isapreRows([card('A'), card('B')], t)).toEqual([]);
    const plan = card('P', {
      plan: {
        isapreCode: 1,
        commercial: 'Comercializable',
        modality: 'Prestador Preferente',
        birthCoverage: 'Reducido en parto',
        planType: 'Individual',
        restrictions: [
          { code: 1, label: 'Parto' },
          { code: 2, label: 'Psiquiatría' },
        ],
        regions: [13, 5],
        factorTable: '22',
        factorTableCode: '22',
        basePriceUf: 3.2,
        gesUf: 0.52,
        ambulatoryCoverage: 70,
        hospitalCoverage: 90,
        annualTopUf: null,
        fixedCopay: false,
      },
    });
    const rows = isapreRows([plan, card('B'), null], t);
    expect(values(rows, 'commercial')).toEqual(['Comercializable', '—', null]);
    expect(values(rows, 'birth')).toEqual(['Reducido en parto', '—', null]);
    expect(values(rows, 'regions')).toEqual(['13, 5', '—', null]);
    expect(values(rows, 'restrictions')).toEqual([
      'Parto, neonatología y obstetricia\nPsiquiatría y psicología',
      '—',
      null,
    ]);
    expect(values(rows, 'basePrice')).toEqual(['UF 3,20', '—', null]);
    expect(values(rows, 'ges')).toEqual(['UF 0,52', '—', null]);
    expect(values(rows, 'factors')).toEqual(['22', '—', null]);
    const inEnglish = isapreRows([{ ...plan, plan: { ...plan.plan!, factorTableCode: null } }], english.t);
    expect(values(inEnglish, 'commercial')).toEqual(['On sale']);
    expect(values(inEnglish, 'planModality')).toEqual(['Preferred network']);
    expect(values(inEnglish, 'birth')).toEqual(['Reduced childbirth coverage']);
    expect(values(inEnglish, 'restrictions')).toEqual([
      'Childbirth, neonatology and obstetrics\nPsychiatry and psychology',
    ]);
    expect(values(inEnglish, 'factors')).toEqual(['Single factor table']);
  });

  test('000-6.02 coverages line up by category and benefit, with the amounts of each column’s health system', () => {
    // The server's whole answer (schemas/src/catalogue/coverageResume.ts), with only what the rows read varied.
    const percent = (kind: AmountKind, value: number) => ({
      kind,
      value,
      minAmount: value,
      maxAmount: value,
      unit: { currencyCode: '%' },
      text: `${value}%`,
    });
    const coverage = (benefitId: string, insuranceBenefit: string, amounts: CoverageAmountView[]) => ({
      benefitId,
      insuranceBenefit,
      tag: '',
      amounts,
    });
    const resume = (tags: { name: string; coverages: CoverageView[] }[]): CoverageResume => ({
      data: {
        productCode: 'P',
        count: tags.reduce((n, tag) => n + tag.coverages.length, 0),
        tags: tags.map((tag) => ({ ...tag, tagId: tag.name.toLowerCase(), count: tag.coverages.length })),
        commonCoverage: [],
        summary: { prestadores: 0, freeChoice: false, coverage: null, topAmount: null, deductible: null },
        coverageRequirement: null,
        features: [],
        featuresAll: [],
      },
    });
    const a = resume([
      {
        name: 'Urgencia',
        coverages: [
          coverage('urgencia', 'Urgencia por enfermedad', [
            percent('percentage_isapre', 80),
            percent('percentage_fonasa', 60),
          ]),
        ],
      },
    ]);
    const b = resume([
      { name: 'Dental', coverages: [coverage('limpieza', 'Limpieza', [])] },
      { name: 'Urgencia', coverages: [coverage('urgencia', 'Urgencia', [percent('percentage', 70)])] },
    ]);
    const rows = coverageRows(
      [card('A'), card('B'), card('C'), null],
      [a, b, undefined, undefined],
      ['Fonasa', 'Isapre'],
      words,
    );
    expect(rows.map((row) => [row.group ?? '', row.label, ...row.values])).toEqual([
      ['', 'Coberturas', '1 coberturas', '2 coberturas', undefined, null],
      ['Urgencia', 'Urgencia por enfermedad', '60%', '70%', undefined, null],
      ['Dental', 'Limpieza', 'No Cubre', 'No Cubre', undefined, null],
    ]);
  });

  test('tops by group, providers by list, conditions and exclusions as lists', () => {
    const tops = topsRows(
      [card('A'), card('B')],
      [
        {
          data: [
            group(
              'Dental',
              [
                {
                  name: 'Tope anual',
                  amount: 40,
                  unit: 'UF',
                  period: 'anual',
                  calificados: false,
                  text: 'UF 40',
                },
              ],
              [{ text: 'UF 1', amount: 1, unit: 'UF', period: 'anual', calificados: false }],
            ),
          ],
        },
        { data: [group('Plan', [], [])] },
      ],
      t,
    );
    expect(tops.map((row) => [row.label, ...row.values])).toEqual([
      ['Dental', 'Tope: Tope anual: UF 40\nDeducible: UF 1', '—'],
      ['Plan', '—', 'Tope: Sin tope\nDeducible: Sin deducible'],
    ]);
    const providers = providerRows(
      [card('A'), card('B')],
      [
        { data: [provider('x', 'Clínica X', 'preferente')] },
        { data: [provider('QPCL-1', 'Libre elección', 'libreEleccion')] },
      ],
      words,
    );
    expect(providers.map((row) => [row.label, ...row.values])).toEqual([
      ['Prestador preferente', 'Clínica X', '—'],
      ['Libre elección', '—', 'Libre elección'],
    ]);
    const providersInEnglish = providerRows(
      [card('B')],
      [
        {
          data: [provider('QPCL-2', 'Libre elección en el extranjero', 'libreEleccion')],
        },
      ],
      english,
    );
    expect(providersInEnglish.map((row) => [row.label, ...row.values])).toEqual([
      ['Free choice', 'Free choice abroad'],
    ]);
    const texts = textRows(
      [card('A'), card('B')],
      { conditions: [['Carencia 30 días', 'Edad máxima 75'], []], exclusions: [undefined, ['Implantes']] },
      t,
    );
    expect(texts.map((row) => [row.label, ...row.values])).toEqual([
      ['Condiciones', 'Carencia 30 días\nEdad máxima 75', 'Sin condiciones informadas.'],
      ['Exclusiones', undefined, 'Implantes'],
    ]);
  });
});
