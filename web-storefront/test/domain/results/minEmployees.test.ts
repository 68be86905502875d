import { minimumEmployeesWarning, parseCount } from '../../../src/domain/results/minEmployees';
import { en, es } from '../../support/words';

describe('results/minEmployees', () => {
  test('000-5.01 no employee count entered shows the alert with N from minEmployeeQuantity', () => {
    expect(minimumEmployeesWarning(10, undefined, es)).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning('25', '', es)).toBe('Plan para un mínimo de 25 empleados');
    expect(minimumEmployeesWarning('25', '', en)).toBe('Plan for at least 25 employees');
  });

  test('000-5.02 the warning shows when the count is below the plan minimum, not at or above it', () => {
    expect(minimumEmployeesWarning(10, 9, es)).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning(10, 10, es)).toBeNull();
    expect(minimumEmployeesWarning(10, '150', es)).toBeNull();
  });

  test('000-5.03 without a plan minimum the check uses 5 and the message 1', () => {
    expect(minimumEmployeesWarning(null, 4, es)).toBe('Plan para un mínimo de 1 empleados');
    expect(minimumEmployeesWarning(null, 5, es)).toBeNull();
    expect(minimumEmployeesWarning(undefined, undefined, es)).toBe('Plan para un mínimo de 1 empleados');
    expect(minimumEmployeesWarning(0, 3, es)).toBe('Plan para un mínimo de 1 empleados');
  });

  test('000-5.04 thousands dots are removed before comparison', () => {
    expect(parseCount('1.200')).toBe(1200);
    expect(minimumEmployeesWarning('1.000', '1.200', es)).toBeNull();
    expect(minimumEmployeesWarning('1.000', '999', es)).toBe('Plan para un mínimo de 1000 empleados');
  });

  test('000-5.23 Colombia checks and names at least 10 employees', () => {
    expect(minimumEmployeesWarning(null, 9, es, 'CO')).toBe('Plan para un mínimo de 10 empleados');
    expect(minimumEmployeesWarning(5, 10, es, 'CO')).toBeNull();
    expect(minimumEmployeesWarning(20, 15, es, 'CO')).toBe('Plan para un mínimo de 20 empleados');
  });

  test('000-5.01 a count that is not a number counts as not entered', () => {
    expect(parseCount('diez')).toBeUndefined();
    expect(parseCount('-3')).toBeUndefined();
    expect(minimumEmployeesWarning(10, 'diez', es)).toBe('Plan para un mínimo de 10 empleados');
  });
});
