import {
  employeeCountFrom,
  minimumEmployeesWarning,
  priceSuffix,
  shownPrice,
} from '@cubre/services/catalogue/pricing/otherProducts';
import {
  employerContributionSplit,
  PERCENT_MESSAGE,
} from '@cubre/services/catalogue/pricing/employerContribution';

describe('guard and personal-accident prices', () => {
  test('000-9.02 guard and personal-accident prices are multiplied by 12', () => {
    expect(shownPrice(0.35, 'SEGURO GUARDIAS')).toBeCloseTo(4.2, 12);
    expect(shownPrice(9990, 'SEGURO ACCIDENTES PERSONALES')).toBe(119_880);
  });

  test('000-9.02 other insurance keeps its monthly price', () => {
    expect(shownPrice(0.35, 'SEGURO COMPLEMENTARIO')).toBe(0.35);
    expect(shownPrice(0.35, 'SEGURO VIDA')).toBe(0.35);
  });
});

describe('price suffix', () => {
  test("000-9.03 '/mes', plus ' Total' or ' p/empl' for collective", () => {
    expect(priceSuffix()).toBe('/mes');
    expect(priceSuffix(null)).toBe('/mes');
    expect(priceSuffix('total')).toBe('/mes Total');
    expect(priceSuffix('porEmpleado')).toBe('/mes p/empl');
  });
});

describe('minimum employees', () => {
  test("000-5.01 no count entered shows 'Plan para un mínimo de N empleados', N from minEmployeeQuantity", () => {
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 10 })).toEqual({
      show: true,
      minimum: 10,
      message: 'Plan para un mínimo de 10 empleados',
    });
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 3, cantidadEmpleados: '' }).show).toBe(true);
  });

  test("000-5.02 a count below the plan's minimum shows the warning; at or above it does not", () => {
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 10, cantidadEmpleados: 9 }).show).toBe(true);
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 10, cantidadEmpleados: 10 }).show).toBe(false);
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 10, cantidadEmpleados: 250 }).show).toBe(false);
  });

  test('000-5.03 without a plan minimum the check uses 5 and the message says 1', () => {
    expect(minimumEmployeesWarning({ cantidadEmpleados: 4 })).toEqual({
      show: true,
      minimum: 1,
      message: 'Plan para un mínimo de 1 empleados',
    });
    expect(minimumEmployeesWarning({ minEmployeeQuantity: null, cantidadEmpleados: 5 }).show).toBe(false);
    expect(minimumEmployeesWarning({}).message).toBe('Plan para un mínimo de 1 empleados');
  });

  test('000-5.04 counts have thousands dots removed before comparison', () => {
    expect(employeeCountFrom('1.200')).toBe(1200);
    expect(employeeCountFrom(' 25 ')).toBe(25);
    expect(employeeCountFrom('doce')).toBeNull();
    expect(employeeCountFrom(null)).toBeNull();
    expect(minimumEmployeesWarning({ minEmployeeQuantity: 1000, cantidadEmpleados: '1.200' }).show).toBe(
      false,
    );
  });

  test('000-5.23 Colombia: at least 10 employees, in the check and in the message', () => {
    expect(minimumEmployeesWarning({ cantidadEmpleados: 9, country: 'CO' })).toEqual({
      show: true,
      minimum: 10,
      message: 'Plan para un mínimo de 10 empleados',
    });
    expect(minimumEmployeesWarning({ cantidadEmpleados: 10, country: 'CO' }).show).toBe(false);
    expect(
      minimumEmployeesWarning({ minEmployeeQuantity: 20, cantidadEmpleados: 15, country: 'CO' }),
    ).toMatchObject({
      show: true,
      minimum: 20,
    });
    expect(
      minimumEmployeesWarning({ minEmployeeQuantity: 3, cantidadEmpleados: 5, country: 'CO' }).show,
    ).toBe(true);
  });
});

describe('000-9.10 employer contribution split', () => {
  test('the employer pays the percent of the rounded price per worker × UF value; the worker the rest', () => {
    const split = employerContributionSplit({
      pricePerWorker: 0.85,
      unit: 'UF',
      ufValue: 39485.65,
      percent: 60,
    });
    const perWorker = Math.round(0.85 * 39485.65);
    expect(split.perWorkerClp).toBe(perWorker);
    expect(split.employerClp).toBe(Math.round(perWorker * 0.6));
    expect(split.workerClp).toBe(perWorker - split.employerClp);
    expect(split.totals).toBeNull();
  });

  test('amounts are written in Chilean format and add up to the price', () => {
    const split = employerContributionSplit({
      pricePerWorker: 33_563,
      unit: 'CLP',
      percent: 50,
      workers: 12,
    });
    expect(split).toEqual({
      perWorkerClp: 33_563,
      employerClp: 16_782,
      workerClp: 16_781,
      employerText: '$16.782',
      workerText: '$16.781',
      totals: { workers: 12, employerClp: 201_384, workerClp: 201_372 },
    });
  });

  test('0% and 100% put the whole price on one side', () => {
    expect(employerContributionSplit({ pricePerWorker: 20_000, unit: 'CLP', percent: 0 }).workerClp).toBe(
      20_000,
    );
    expect(employerContributionSplit({ pricePerWorker: 20_000, unit: 'CLP', percent: 100 }).workerClp).toBe(
      0,
    );
  });

  test('002-5.14 a percentage outside 0 to 100 is refused', () => {
    for (const percent of [-1, 101, Number.NaN])
      expect(() => employerContributionSplit({ pricePerWorker: 1, unit: 'CLP', percent })).toThrow(
        PERCENT_MESSAGE,
      );
    expect(() => employerContributionSplit({ pricePerWorker: 1, unit: 'UF', percent: 50 })).toThrow(
      RangeError,
    );
  });
});
