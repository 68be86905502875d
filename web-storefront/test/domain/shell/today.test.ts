import { withToday } from '../../../src/domain/shell/today';

// Noon in Santiago on Monday 15 September 2025.
const NOW = new Date('2025-09-15T15:00:00Z');

describe('shell/today', () => {
  test('001-9.12 a {hoy} token in a date gives the full date', () => {
    expect(withToday('{hoy}', NOW)).toBe('lunes, 15 de septiembre de 2025');
    expect(withToday('Condiciones vigentes al {hoy}.', NOW)).toBe(
      'Condiciones vigentes al lunes, 15 de septiembre de 2025.',
    );
    expect(withToday('{hoy}', NOW, 'en')).toBe('Monday, September 15, 2025');
    expect(withToday('Texto sin fecha', NOW)).toBe('Texto sin fecha');
  });

  test("001-9.12 the date is Chile's: late evening in Santiago is still that day", () => {
    // 02:30 UTC on the 16th is 23:30 of the 15th in Santiago (UTC-3).
    expect(withToday('{hoy}', new Date('2025-09-16T02:30:00Z'))).toBe('lunes, 15 de septiembre de 2025');
  });
});
