import { Profile } from '@cubre/schemas/profile';
import {
  beneficiariesFromProfile,
  type BeneficiaryInput,
} from '@cubre/services/catalogue/pricing/beneficiaries';
import { describeIsaprePrice } from '@cubre/services/catalogue/pricing/breakdownText';
import { factorTableFor, riskFactor } from '@cubre/services/catalogue/pricing/factors';
import {
  IsaprePriceBreakdown,
  NO_BASE_PRICE_REASON,
  priceIsaprePlan,
  priceIsaprePlanForProfile,
  SEVEN_PERCENT_WITHOUT_INCOME_REASON,
  type IsaprePlanTerms,
} from '@cubre/services/catalogue/pricing/isaprePlanPrice';
import { legalContribution } from '@cubre/services/catalogue/pricing/legalContribution';
import { tables } from './referenceData';

const UF = 39485.65;
const plan = (terms: Partial<IsaprePlanTerms> = {}): IsaprePlanTerms => ({
  basePriceUf: 1.5,
  factorTableCode: '21',
  gesUf: 0.44,
  priceMode: 'UF',
  ...terms,
});
const cotizante = (edad: number, sexo: 'Masculino' | 'Femenino' = 'Masculino'): BeneficiaryInput => ({
  role: 'cotizante',
  sexo,
  edad,
});
const carga = (edad: number, sexo: 'Masculino' | 'Femenino' = 'Masculino'): BeneficiaryInput => ({
  role: 'carga',
  sexo,
  edad,
});
const factorOf = (codigo: string | null, beneficiary: BeneficiaryInput) =>
  riskFactor(tables, factorTableFor(tables, codigo), {
    sexoSupuesto: false,
    edadSupuesta: false,
    ...beneficiary,
  } as never);

describe('isapre plan price', () => {
  const family = [cotizante(30), carga(28, 'Femenino'), carga(3), carga(1, 'Femenino')];

  test('base price × Σ factors of cotizante and cargas + GES per beneficiary, under-2 cargas only GES (000-9.17)', () => {
    const price = priceIsaprePlan(plan(), family, { tables, ufValue: UF });
    expect(
      price.beneficiaries.map((line) => [line.role, line.edad, line.factor, line.factorApplies]),
    ).toEqual([
      ['cotizante', 30, 1.0, true],
      ['carga', 28, 1.8, true],
      ['carga', 3, 0.9, true],
      ['carga', 1, 2.0, false],
    ]);
    expect(price.sumFactors).toBeCloseTo(3.7, 12);
    expect(price.planPriceUf).toBeCloseTo(1.5 * 3.7, 12);
    expect(price.gesTotalUf).toBeCloseTo(0.44 * 4, 12);
    expect(price.totalUf).toBeCloseTo(1.5 * 3.7 + 0.44 * 4, 12);
    expect(price.totalClp).toBe(Math.round((1.5 * 3.7 + 0.44 * 4) * UF));
    expect(price.factorTable).toEqual({ kind: 'plan', code: '21' });
    expect(IsaprePriceBreakdown.parse(price)).toEqual(price);
  });

  test('000-9.17 a carga aged exactly 2 pays the plan; a cotizante never skips the factor', () => {
    const two = priceIsaprePlan(plan(), [cotizante(30), carga(2)], { tables, ufValue: UF });
    expect(two.beneficiaries[1]?.factorApplies).toBe(true);
    expect(two.sumFactors).toBeCloseTo(1.0 + 0.9, 12);
  });

  test('000-5.22 age brackets are inclusive at both limits', () => {
    expect([24, 25, 29, 30].map((edad) => factorOf('21', cotizante(edad)))).toEqual([0.8, 0.9, 0.9, 1.0]);
    expect([0, 1, 2, 4, 5].map((edad) => factorOf('21', carga(edad)))).toEqual([2.0, 2.0, 0.9, 0.9, 0.7]);
    expect([19, 20, 24, 25, 34, 35, 64, 65].map((edad) => factorOf(null, cotizante(edad)))).toEqual([
      0.6, 0.9, 0.9, 1.0, 1.0, 1.3, 2.0, 2.4,
    ]);
  });

  test('ages past the last bracket take the last one', () => {
    expect([80, 200, 201, 999].map((edad) => factorOf('21', cotizante(edad)))).toEqual([4.9, 4.9, 4.9, 4.9]);
    expect(factorOf(null, carga(999))).toBe(2.2);
  });

  test('factors depend on sex and role in the 2016 tables, only on role in the Tabla de Factores Única', () => {
    expect(factorOf('21', cotizante(30, 'Femenino'))).toBe(3.1);
    expect(factorOf('21', carga(30, 'Femenino'))).toBe(2.3);
    expect(factorOf('592', cotizante(42, 'Masculino'))).toBe(1.26);
    expect(factorOf(null, cotizante(30, 'Femenino'))).toBe(1.0);
    expect(factorOf(null, carga(30, 'Femenino'))).toBe(0.7);
  });

  test('a plan without table, or with a code we do not have, is priced with the Tabla de Factores Única', () => {
    for (const codigo of [null, 'Z', '22']) {
      const price = priceIsaprePlan(
        plan({ factorTableCode: codigo }),
        [cotizante(40), carga(38, 'Femenino')],
        {
          tables,
          ufValue: UF,
        },
      );
      expect(price.factorTable).toEqual({ kind: 'unica', planCode: codigo });
      expect(price.sumFactors).toBeCloseTo(1.3 + 0.9, 12);
    }
  });

  test("with the visitor's 7%: the difference says how much the plan costs above it", () => {
    const contribution = legalContribution(2_000_000, { ufValue: UF, topeImponibleUf: 87.8 });
    const price = priceIsaprePlan(plan(), family, { tables, ufValue: UF, legalContribution: contribution });
    expect(price.legalContribution).toEqual(contribution);
    expect(price.differenceClp).toBe(price.totalClp! - 140_000);
  });

  test("a '7%' plan costs the visitor's 7%, GES included; without income it is not priced", () => {
    const sevenPercent = plan({ priceMode: '7%', basePriceUf: 0, factorTableCode: 'Z' });
    const contribution = legalContribution(1_500_000, { ufValue: UF, topeImponibleUf: 87.8 });
    const priced = priceIsaprePlan(sevenPercent, [cotizante(35)], {
      tables,
      ufValue: UF,
      legalContribution: contribution,
    });
    expect(priced).toMatchObject({
      totalUf: contribution.uf,
      totalClp: 105_000,
      differenceClp: 0,
      gesTotalUf: 0,
    });
    expect(priced.beneficiaries[0]?.factorApplies).toBe(false);
    const unpriced = priceIsaprePlan(sevenPercent, [cotizante(35)], { tables, ufValue: UF });
    expect(unpriced).toMatchObject({
      totalUf: null,
      totalClp: null,
      unpricedReason: SEVEN_PERCENT_WITHOUT_INCOME_REASON,
    });
  });

  test('000-5.27 a UF plan with base price 0 is not priced rather than shown as GES alone', () => {
    const price = priceIsaprePlan(plan({ basePriceUf: 0 }), [cotizante(35)], { tables, ufValue: UF });
    expect(price).toMatchObject({ totalUf: null, totalClp: null, unpricedReason: NO_BASE_PRICE_REASON });
  });

  test('refuses a group without cotizante, a bad age and a bad UF value', () => {
    expect(() => priceIsaprePlan(plan(), [carga(5)], { tables, ufValue: UF })).toThrow(
      'al menos un cotizante',
    );
    expect(() => priceIsaprePlan(plan(), [cotizante(-1)], { tables, ufValue: UF })).toThrow(
      'La edad no puede ser negativa',
    );
    expect(() => priceIsaprePlan(plan(), [cotizante(30)], { tables, ufValue: 0 })).toThrow(RangeError);
  });
});

describe('isapre plan price for a profile', () => {
  test('000-5.21 a person without age is priced at 25 and a person without sex as Masculino, both marked', () => {
    const profile = Profile.parse({
      cotizante: [{ sexo: 'Femenino' }],
      cargas: [{ edad: '7', parentesco: 'Hijo' }],
    });
    expect(beneficiariesFromProfile(profile)).toEqual([
      { role: 'cotizante', sexo: 'Femenino', edad: 25, sexoSupuesto: false, edadSupuesta: true },
      { role: 'carga', sexo: 'Masculino', edad: 7, sexoSupuesto: true, edadSupuesta: false },
    ]);
  });

  test("the profile's income gives the 7% to compare with, capped at the tope imponible", () => {
    const profile = Profile.parse({
      cotizante: [{ sexo: 'Masculino', edad: '30', ingreso: '5.000.000' }],
      cargas: [{ sexo: 'Femenino', edad: '28', parentesco: 'Cónyuge' }],
    });
    const price = priceIsaprePlanForProfile(plan(), profile, { tables, ufValue: UF, topeImponibleUf: 87.8 });
    expect(price.legalContribution?.capped).toBe(true);
    expect(price.legalContribution?.clp).toBe(Math.round(87.8 * UF * 0.07));
    expect(price.totalUf).toBeCloseTo(1.5 * (1.0 + 1.8) + 0.44 * 2, 12);
  });
});

describe('the breakdown a visitor reads', () => {
  test('one line per beneficiary, then Σ factors, base price, GES, total and the 7%', () => {
    const contribution = legalContribution(1_000_000, { ufValue: UF, topeImponibleUf: 87.8 });
    const price = priceIsaprePlan(
      plan(),
      [cotizante(30), carga(28, 'Femenino'), carga(1, 'Femenino'), { ...carga(4), edadSupuesta: true }],
      { tables, ufValue: UF, legalContribution: contribution },
    );
    expect(describeIsaprePrice(price)).toEqual([
      'Cotizante, Masculino, 30 años: factor 1,00',
      'Carga, Femenino, 28 años: factor 1,80',
      'Carga, Femenino, 1 año: menor de 2 años, no paga plan, solo GES',
      'Carga, Masculino, 4 años (edad supuesta): factor 0,90',
      'Suma de factores (tabla de factores 21 del plan): 3,70',
      'Precio base: UF 1,50 × 3,70 = UF 5,55',
      'GES: UF 0,44 × 4 beneficiarios = UF 1,76',
      `Total: UF 7,31 = $${Math.round(7.31 * UF).toLocaleString('es-CL')} al mes (UF a $39.485,65)`,
      'Tu 7% legal: $70.000',
      `$${(Math.round(7.31 * UF) - 70_000).toLocaleString('es-CL')} sobre tu 7%`,
    ]);
  });

  test('values the profile did not give are marked as assumed', () => {
    const profile = Profile.parse({ cotizante: [{}], cargas: [{ sexo: 'F', parentesco: 'Hija' }] });
    const lines = describeIsaprePrice(
      priceIsaprePlan(plan({ factorTableCode: null }), beneficiariesFromProfile(profile), {
        tables,
        ufValue: UF,
      }),
    );
    expect(lines.slice(0, 2)).toEqual([
      'Cotizante, Masculino, 25 años (sexo y edad supuestos): factor 1,00',
      'Carga, Femenino, 25 años (edad supuesta): factor 0,70',
    ]);
    expect(lines[2]).toBe('Suma de factores (Tabla de Factores Única): 1,70');
  });

  test('a plan without price says why', () => {
    const price = priceIsaprePlan(plan({ basePriceUf: 0 }), [cotizante(30)], { tables, ufValue: UF });
    expect(describeIsaprePrice(price).at(-1)).toBe(NO_BASE_PRICE_REASON);
  });
});
