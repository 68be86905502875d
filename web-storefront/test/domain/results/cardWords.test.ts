import type { ResultCard } from '../../../src/api/types';
import { amountWords, coverageAmountWords } from '../../../src/domain/results/amountWords';
import { breakdownLines } from '../../../src/domain/results/breakdownWords';
import {
  featureName,
  insuranceTypeName,
  modalityWords,
  offerWords,
  providerName,
  requirementWords,
  topWords,
} from '../../../src/domain/results/cardWords';
import { sexWords } from '../../../src/domain/results/insuredPeople';
import { topsText } from '../../../src/domain/results/topsWords';
import { profileErrorWords } from '../../../src/domain/profile/profileErrors';
import { menuName } from '../../../src/domain/shell/menuNames';
import { serviceErrorText, serviceErrorWords } from '../../../src/domain/shell/serviceErrors';
import { wordsOf } from '../../support/words';

/**
 * Issue 11 point 9: what the server composes in Spanish, written from its numbers in the page's language.
 * In Spanish the words are the server's own (test/api/spanishParity.test.ts runs them against the API);
 * these say the same in English and Portuguese, and keep a catalogue name the dictionaries lack.
 */
const en = wordsOf('en');
const pt = wordsOf('pt');
const es = wordsOf('es');

describe('results/cardWords and friends', () => {
  test("catalogue names by id, the server's own text for an entry the dictionaries lack", () => {
    const type = { name: 'SEGURO DENTAL', displayName: 'Dental' };
    expect(insuranceTypeName({ name: 'PLAN ISAPRE', displayName: 'Plan de Isapre' }, en.tOr)).toBe(
      'Isapre plan',
    );
    expect(insuranceTypeName(type, pt.tOr)).toBe('Odontológico');
    expect(insuranceTypeName({ name: 'SEGURO NUEVO', displayName: 'Nuevo' }, en.tOr)).toBe('Nuevo');
    // Spanish is the catalogue's own language: the server's name, edited in the back office or not.
    expect(insuranceTypeName({ name: 'PLAN ISAPRE', displayName: 'Planes de isapre' }, es.tOr)).toBe(
      'Planes de isapre',
    );
    expect(featureName('cobertura-24-7', undefined, en.tOr)).toBe('24/7 cover');
    expect(featureName('nueva-cosa', undefined, en.tOr)).toBe('Nueva cosa');
    expect(menuName({ id: 'isapres', displayName: 'Isapres' }, 0, en.tOr)).toBe('Isapres');
    expect(menuName({ id: 'isapres', displayName: 'Planes de Isapre' }, 1, en.tOr)).toBe('Isapre plans');
    expect(menuName({ id: 'seguros-de-vida:vida', displayName: 'Vida' }, 2, pt.tOr)).toBe('Vida');
    expect(providerName({ organizationCode: 'QPCL-3', displayName: 'x' }, en.tOr)).toBe(
      'Free choice in the United States and Canada',
    );
    expect(providerName({ organizationCode: 'Clinica-Davila', displayName: 'Clínica Dávila' }, en.tOr)).toBe(
      'Clínica Dávila',
    );
  });

  test('000-5.13 a card: no top, modality, requirement, offers', () => {
    const card = { topAmount: { text: 'Sin tope', amount: 0, unit: 'UF' } } as ResultCard;
    expect(topWords(card, en.t)).toBe('No cap');
    expect(topWords({ topAmount: null } as unknown as ResultCard, pt.t)).toBe('Não informado');
    expect(modalityWords('Libre Elección', en.t)).toBe('Free choice');
    expect(modalityWords('Plan Cerrado', pt.t)).toBe('Rede fechada');
    expect(modalityWords('Otra', en.t)).toBe('Otra');
    expect(
      requirementWords({ value: 2, unit: 'UF', previsionType: 'Ambos', previousCoverage: false }, en.t),
    ).toBe('Requires UF 2 of Isapre or Fonasa coverage');
    expect(offerWords({ type: 'STOCK', count: 1, text: null }, en.t)).toBe('Only 1 offer left');
    expect(offerWords({ type: 'STOCK', count: 0, text: null }, en.t)).toBeNull();
    expect(offerWords({ type: 'GIFTCARD', amountClp: 30000 }, pt.t)).toBe('Vale-presente de $30.000');
  });

  test('the detail: amounts in days or times, caps named from a coverage, tops groups', () => {
    expect(amountWords(3, 'DIAS', en.t)).toBe('3 days');
    expect(amountWords(1, 'VECES', pt.t)).toBe('1 vez');
    const top = {
      kind: 'yearly_top',
      value: 0,
      minAmount: 0,
      maxAmount: 0,
      unit: { currencyCode: 'UF' },
      text: 'Sin tope',
    };
    expect(coverageAmountWords(top, en.t)).toBe('No cap');
    const bedDay = {
      name: 'Consulta (día cama)',
      amount: 5,
      unit: 'DIAS',
      of: { benefit: 'Consulta', qualifier: 'bedDay' as const },
    };
    expect(
      topsText(
        { name: 'Topes por cobertura', source: 'coberturas', topAmounts: [bedDay], deductibles: [] },
        en.t,
      ),
    ).toBe('Consulta (per hospital day): 5 days');
    expect(
      topsText(
        {
          name: 'Tope del plan',
          source: 'plan',
          topAmounts: [{ ...bedDay, of: undefined }],
          deductibles: [],
        },
        pt.t,
      ),
    ).toBe('Teto anual por beneficiário: 5 dias');
  });

  test("000-7.09 a price explanation's sentences in English", () => {
    const known = { sexoSupuesto: false, edadSupuesta: false, gesUf: 0.44 };
    const lines = breakdownLines(
      {
        kind: 'isaprePlan',
        priceMode: 'UF',
        factorTable: { kind: 'unica', planCode: null },
        beneficiaries: [
          { ...known, role: 'cotizante', sexo: 'Femenino', edad: 40, factorApplies: true, factor: 1.26 },
          { ...known, role: 'carga', sexo: 'Masculino', edad: 1, factorApplies: false, factor: 1.8 },
        ],
        sumFactors: 1.26,
        basePriceUf: 0.35,
        planPriceUf: 0.441,
        gesPerBeneficiaryUf: 0.44,
        gesTotalUf: 0.88,
        totalUf: 1.321,
        totalClp: 52429,
        ufValue: 39688.64,
        sevenPercent: { clp: 131250, uf: 3.3, capped: false, topeImponibleUf: 87.8 },
        differenceClp: -78821,
        unpricedReason: null,
      },
      en.t,
    );
    expect(lines).toEqual([
      'Main insured, Female, 40 years: factor 1,26',
      'Dependent, Male, 1 year: under 2, pays no plan, only GES',
      'Sum of factors (the single factor table): 1,26',
      'Base price: UF 0,35 × 1,26 = UF 0,44',
      'GES: UF 0,44 × 2 beneficiaries = UF 0,88',
      'Total: UF 1,32 = $52.429 a month (UF at $39.688,64)',
      'Your legal 7%: $131.250',
      '$78.821 under your 7%',
    ]);
  });

  test('people, profile errors and service errors in the page’s language', () => {
    expect(sexWords('Femenino', pt.t)).toBe('Feminino');
    expect(sexWords('Gato', en.t)).toBe('Cat');
    expect(profileErrorWords({ field: 'cargas.2.edad', message: 'x' }, en.t)).toBe(
      'Each dependent must be between 0 and 110 years old',
    );
    expect(profileErrorWords({ field: 'region', message: 'La región no existe' }, en.t)).toBe(
      'La región no existe',
    );
    // 001-8.12: the seed's Spanish is what is logged; the visitor reads it in the page's language.
    const logged = serviceErrorText('comparators', new Error('HTTP 500'));
    expect(logged).toBe('Error al obtener los comparadores: HTTP 500');
    expect(serviceErrorWords(logged, en.t)).toEqual({
      message: 'We could not load the comparators',
      detail: 'HTTP 500',
    });
    expect(serviceErrorWords('Failed to fetch', en.t)).toEqual({ message: '', detail: 'Failed to fetch' });
  });
});
