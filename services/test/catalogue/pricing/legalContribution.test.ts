import { Profile } from '@cubre/schemas/profile';
import {
  grossFromNet,
  legalContribution,
  profileLegalContribution,
  suggestedPriceRange,
  taxableIncomeOf,
} from '@cubre/services/catalogue/pricing/legalContribution';
import { topeImponibleAt } from '@cubre/services/catalogue/reference/topeImponible';

const UF = 39485.65;
const context = { ufValue: UF, topeImponibleUf: 87.8 };
const cotizante = (fields: Record<string, unknown>) => Profile.parse({ cotizante: [fields] }).cotizante![0]!;

describe('000-9.15 legal health contribution', () => {
  test('is 7% of taxable income', () => {
    expect(legalContribution(1_000_000, context)).toEqual({
      taxableClp: 1_000_000,
      cappedTaxableClp: 1_000_000,
      topeImponibleUf: 87.8,
      capped: false,
      clp: 70_000,
      uf: 70_000 / UF,
    });
  });

  test('is capped at the tope imponible: 87,8 UF, so at most 6,146 UF', () => {
    const capped = legalContribution(10_000_000, context);
    expect(capped.capped).toBe(true);
    expect(capped.cappedTaxableClp).toBeCloseTo(87.8 * UF, 6);
    expect(capped.uf).toBeCloseTo(6.146, 12);
    expect(capped.clp).toBe(Math.round(87.8 * UF * 0.07));
  });

  test('an income exactly at the tope is not reported as capped', () => {
    expect(legalContribution(87.8 * UF, context).capped).toBe(false);
  });

  test('uses the tope of the day: 90,0 UF from February 2026 gives at most 6,3 UF', () => {
    const ufValue = 39688.64;
    const contribution = legalContribution(10_000_000, {
      ufValue,
      topeImponibleUf: topeImponibleAt('2026-02-10'),
    });
    expect(contribution.uf).toBeCloseTo(6.3, 12);
  });

  test('each cotizante is capped on their own income before the 7% is added up', () => {
    const couple = legalContribution([10_000_000, 1_000_000], context);
    expect(couple.clp).toBe(Math.round((87.8 * UF + 1_000_000) * 0.07));
    expect(couple.taxableClp).toBe(11_000_000);
  });

  test('refuses negative incomes and a missing UF value', () => {
    expect(() => legalContribution(-1, context)).toThrow(RangeError);
    expect(() => legalContribution(1, { ufValue: Number.NaN, topeImponibleUf: 87.8 })).toThrow(RangeError);
  });
});

describe('000-9.15 taxable income from the profile', () => {
  test('net income (the ingreso the site asks for) is grossed up: net / 0.8', () => {
    expect(grossFromNet(800_000)).toBe(1_000_000);
    expect(taxableIncomeOf(cotizante({ ingreso: '800.000' }))).toEqual({ clp: 1_000_000, source: 'liquido' });
  });

  test('ingreso flagged as bruto or imponible is taken as it is', () => {
    expect(taxableIncomeOf(cotizante({ ingreso: 1_000_000, bruto: 'true' }))).toEqual({
      clp: 1_000_000,
      source: 'bruto',
    });
    expect(taxableIncomeOf(cotizante({ ingreso: 1_000_000, imponible: true }))).toEqual({
      clp: 1_000_000,
      source: 'imponible',
    });
  });

  test('an imponible or bruto amount wins over ingreso, imponible first', () => {
    expect(
      taxableIncomeOf(cotizante({ ingreso: 800_000, bruto: '1.100.000', imponible: '1.050.000' })),
    ).toEqual({
      clp: 1_050_000,
      source: 'imponible',
    });
    expect(taxableIncomeOf(cotizante({ ingreso: 800_000, bruto: '1.100.000' }))).toEqual({
      clp: 1_100_000,
      source: 'bruto',
    });
  });

  test('no income gives no contribution', () => {
    expect(taxableIncomeOf(cotizante({ edad: 30 }))).toBeNull();
    expect(profileLegalContribution(Profile.parse({ cotizante: [{ edad: 30 }] }), context)).toBeNull();
  });

  test('the default general profile (net 1.650.000) pays 7% of 2.062.500', () => {
    const profile = Profile.parse({ cotizante: [{ sexo: 'Masculino', edad: 27, ingreso: 1_650_000 }] });
    expect(profileLegalContribution(profile, context)?.clp).toBe(Math.round(2_062_500 * 0.07));
  });
});

describe('000-9.16 suggested price range', () => {
  test('is 7% × 0.90477 to 7% × 1.05', () => {
    expect(suggestedPriceRange(legalContribution(2_000_000, context))).toEqual({
      minClp: Math.round(140_000 * 0.90477),
      maxClp: 147_000,
      basis: 'sietePorCiento',
    });
  });

  test('is 120.000 to 150.000 CLP without income', () => {
    expect(suggestedPriceRange(null)).toEqual({ minClp: 120_000, maxClp: 150_000, basis: 'sinIngreso' });
  });
});
