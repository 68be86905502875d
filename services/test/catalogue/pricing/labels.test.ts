import {
  affinityPercent,
  affinityText,
  coveragePercentText,
  deductibleText,
  isNewProduct,
  NEW_BADGE_TEXT,
  priceLabel,
  topText,
} from '@cubre/services/catalogue/pricing/labels';
import { coveragePeriodTop } from '@cubre/services/catalogue/pricing/coveragePeriod';
import {
  birthCoverageOf,
  commercialStateOf,
  coverageBreadthOf,
  COVERAGE_BREADTHS,
  MODALITY_DISPLAY,
  modalityOf,
  restrictionsOf,
} from '@cubre/services/catalogue/pricing/planAttributes';
import { addMonths, calendarDay } from '@cubre/services/catalogue/reference/calendarDay';

describe('card labels', () => {
  test("000-5.15 the price label is 'Desde' unless prices were defined from the profile", () => {
    expect(priceLabel(false)).toBe('Desde');
    expect(priceLabel(undefined)).toBe('Desde');
    expect(priceLabel(true)).toBe('');
  });

  test("000-5.13 a top of 0 shows 'Sin tope' and a deductible of 0 'Sin deducible'", () => {
    expect(topText(0, 'UF')).toBe('Sin tope');
    expect(topText(5000, 'UF')).toBe('UF 5.000');
    expect(deductibleText(0, 'CLP')).toBe('Sin deducible');
    expect(deductibleText(150_000, 'CLP')).toBe('$150.000');
  });

  test('a top or deductible the catalogue does not give is not mistaken for none', () => {
    expect(topText(null, 'UF')).toBe('No informado');
    expect(deductibleText(undefined, 'UF')).toBe('No informado');
  });

  test("000-5.14 coverage percentages show with '%', a range as 'min% - max%'", () => {
    expect(coveragePercentText(80)).toBe('80%');
    expect(coveragePercentText(80, 80)).toBe('80%');
    expect(coveragePercentText(50, 90)).toBe('50% - 90%');
    expect(coveragePercentText(90, 50)).toBe('50% - 90%');
    expect(coveragePercentText(12.5)).toBe('12,5%');
    expect(coveragePercentText(0)).toBe('0%');
  });

  test("000-5.14 a negative or missing percentage shows 'No Cubre'", () => {
    expect(coveragePercentText(-1)).toBe('No Cubre');
    expect(coveragePercentText(null)).toBe('No Cubre');
    expect(coveragePercentText(undefined, undefined)).toBe('No Cubre');
    expect(coveragePercentText(-1, 70)).toBe('70%');
  });

  test("000-9.05 affinity is distance × 10 without decimals; collective says 'para ti'", () => {
    expect(affinityPercent(8.74)).toBe(87);
    expect(affinityPercent(8.75)).toBe(88);
    expect(affinityPercent(0)).toBe(0);
    expect(affinityText(9.2)).toBe('92%');
    expect(affinityText(9.2, true)).toBe('92% para ti');
  });
});

describe('000-4.27 new products', () => {
  test('a product available less than 2 months before the given day is new', () => {
    expect(isNewProduct('2025-08-11', '2025-10-10')).toBe(true);
    expect(isNewProduct('2025-10-10', '2025-10-10')).toBe(true);
  });

  test('exactly 2 months, or more, is no longer new', () => {
    expect(isNewProduct('2025-08-10', '2025-10-10')).toBe(false);
    expect(isNewProduct('2024-01-01', '2025-10-10')).toBe(false);
  });

  test('a product not available yet is not new', () => {
    expect(isNewProduct('2025-10-11', '2025-10-10')).toBe(false);
  });

  test('months are calendar months, clamped at month end; dates and date-times are accepted', () => {
    expect(addMonths('2025-04-30', -2)).toBe('2025-02-28');
    expect(addMonths('2024-12-31', 2)).toBe('2025-02-28');
    expect(isNewProduct('2025-02-28', '2025-04-30')).toBe(false);
    expect(isNewProduct('2025-03-01', '2025-04-30')).toBe(true);
    expect(isNewProduct(new Date('2025-09-01T10:00:00Z'), '2025-10-01T08:00:00-03:00')).toBe(true);
    expect(calendarDay('2025-10-01T23:30:00-03:00')).toBe('2025-10-01');
    expect(() => calendarDay('2025-13-01')).toThrow(RangeError);
  });

  test('000-9.08 the new badge text', () => {
    expect(NEW_BADGE_TEXT).toBe('Producto disponible hace menos de 2 meses.');
  });
});

describe('isapre plan attributes', () => {
  test("000-4.28 'Si Comer.' is Comercializable and 'No Comer.' No comercializable", () => {
    expect(commercialStateOf('Si Comer.')).toBe('Comercializable');
    expect(commercialStateOf(' Sí Comer. ')).toBe('Comercializable');
    expect(commercialStateOf('No Comer.')).toBe('No comercializable');
    expect(commercialStateOf('Otro')).toBeNull();
  });

  test('000-4.29 Libre elección stays, Prestador Preferente shows as Preferente, anything else is closed', () => {
    expect(modalityOf('Libre elección')).toBe('Libre elección');
    expect(modalityOf('Libre elecci\uFFFDn')).toBe('Libre elección');
    expect(modalityOf('Prestador Preferente')).toBe('Prestador Preferente');
    expect(modalityOf('Plan Cerrado')).toBe('Plan Cerrado');
    expect(modalityOf('')).toBe('Plan Cerrado');
    expect(MODALITY_DISPLAY['Libre elección'].label).toBe('Libre elección');
    expect(MODALITY_DISPLAY['Prestador Preferente'].label).toBe('Preferente');
    expect(MODALITY_DISPLAY['Plan Cerrado'].label).toBe('Cerrado');
  });

  test('000-3.25 plan-type filter ids: libreEleccion 0, prestadorPreferente 1, planCerrado 2', () => {
    expect(Object.values(MODALITY_DISPLAY).map((modality) => modality.filterId)).toEqual([0, 1, 2]);
  });

  test('000-4.30 coverage breadth is reduced for birth or general with birth coverage', () => {
    expect(birthCoverageOf('Cobertura reducida para parto')).toBe('reducida_parto');
    expect(birthCoverageOf('Cobertura general para parto u honorarios m\uFFFDdicos')).toBe('general');
    expect(birthCoverageOf('Cobertura reducida para honorarios médicos')).toBe('reducida_honorarios');
    expect(coverageBreadthOf('reducida_parto')).toBe('reducidoParto');
    expect(coverageBreadthOf('general')).toBe('conParto');
    expect(coverageBreadthOf('reducida_honorarios')).toBe('conParto');
    expect(COVERAGE_BREADTHS.reducidoParto.label).toBe('Reducido en parto');
    expect(COVERAGE_BREADTHS.conParto.label).toBe('Con parto');
  });

  test('000-9.19 restriction codes 1-6, written together as in the plans data', () => {
    expect(restrictionsOf('2345').map((restriction) => restriction.code)).toEqual([2, 3, 4, 5]);
    expect(restrictionsOf(1)).toEqual([{ code: 1, label: 'Parto, neonatología y obstetricia' }]);
    expect(restrictionsOf('4')[0]?.label).toBe('Cirugía refractiva');
    expect(restrictionsOf('3')[0]?.label).toBe('Cirugía bariátrica');
    expect(restrictionsOf('2')[0]?.label).toBe('Psiquiatría y psicología');
    expect(restrictionsOf('5')[0]?.label).toBe('Otras prestaciones');
    expect(restrictionsOf([5, 2, 2])).toEqual(restrictionsOf('25'));
    expect(restrictionsOf('6')).toEqual([]);
    expect(restrictionsOf([])).toEqual([]);
    expect(restrictionsOf('')).toEqual([]);
    expect(() => restrictionsOf('27')).toThrow(RangeError);
    expect(() => restrictionsOf([12])).toThrow(RangeError);
  });
});

describe('000-5.29 coverage period precedence', () => {
  test('annual, then monthly, weekly, daily', () => {
    const all = { yearly_top: 500, monthly_top: 50, weekly_top: 15, daily_top: 3 };
    expect(coveragePeriodTop(all)).toEqual({ kind: 'yearly_top', label: 'anual', amount: 500 });
    expect(coveragePeriodTop({ ...all, yearly_top: null })).toMatchObject({ label: 'mensual', amount: 50 });
    expect(coveragePeriodTop({ weekly_top: 15, daily_top: 3 })).toMatchObject({
      label: 'semanal',
      amount: 15,
    });
    expect(coveragePeriodTop({ daily_top: 3 })).toMatchObject({ label: 'diario', amount: 3 });
    expect(coveragePeriodTop({})).toBeNull();
  });

  test('a top of 0 is given (it reads Sin tope) and wins over later periods', () => {
    expect(coveragePeriodTop({ monthly_top: 0, daily_top: 3 })).toMatchObject({
      label: 'mensual',
      amount: 0,
    });
  });

  test('000-9.04 periodicity labels are lower-case Spanish', () => {
    const labels = ['yearly_top', 'monthly_top', 'weekly_top', 'daily_top'].map(
      (kind) => coveragePeriodTop({ [kind]: 1 })?.label,
    );
    expect(labels).toEqual(['anual', 'mensual', 'semanal', 'diario']);
    for (const label of labels) expect(label).toBe(label?.toLowerCase());
  });
});
