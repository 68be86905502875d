import { minimumEmployeesWarning, parseCount } from '../../../src/domain/results/minEmployees';

describe('results/minEmployees', () => {
  test('000-5.01 no employee count entered shows the alert with N from minEmployeeQuantity', () => {
    expect(minimumEmployeesWarning(10, undefined)).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning('25', '')).toBe('Plan para un mínimo de 25 empleados');
  });

  test('000-5.02 the warning shows when the count is below the plan minimum, not at or above it', () => {
    expect(minimumEmployeesWarning(10, 9)).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning(10, 10)).toBeNull();
    expect(minimumEmployeesWarning(10, '150')).toBeNull();
  });

  test('000-5.03 without a plan minimum the check uses 5 and the message 1', () => {
    expect(minimumEmployeesWarning(null, 4)).toBe('Plan para un mínimo de 1 empleados');
    expect(minimumEmployeesWarning(null, 5)).toBeNull();
    expect(minimumEmployeesWarning(undefined, undefined)).toBe('Plan para un mínimo de 1 empleados');
    expect(minimumEmployeesWarning(0, 3)).toBe('Plan para un mínimo de 1 empleados');
  });

  test('000-5.04 thousands dots are removed before comparison', () => {
    expect(parseCount('1.200')).toBe(1200);
    expect(minimumEmployeesWarning('1.000', '1.200')).toBeNull();
    expect(minimumEmployeesWarning('1.000', '999')).toBe('Plan para un mínimo de 1000 empleados');
  });

  test('000-5.23 Colombia checks and names at least 10 employees', () => {
    expect(minimumEmployeesWarning(null, 9, 'CO')).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning(5, 10, 'CO')).toBeNull();
    expect(minimumEmployeesWarning(20, 15, 'CO')).toBe('Plan para un mínimo de 20 empleados');
  });

  test('000-5.01 a count that is not a number counts as not entered', () => {
    expect(parseCount('diez')).toBeUndefined();
    expect(parseCount('-3')).toBeUndefined();
    expect(minimumEmployeesWarning(10, 'diez')).toBe('Plan para un mínimo de 10 empleados');
  });
});
