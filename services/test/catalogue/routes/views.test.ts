import { orderProviders } from '@cubre/services/catalogue/views/coverageOrganizations';
import { byPeriod } from '@cubre/services/catalogue/views/topsAndDeductibles';
import { cutSeoDescription } from '@cubre/services/catalogue/views/text';

const named = (...names: string[]) => names.map((displayName) => ({ displayName }));
const namesOf = (list: { displayName: string }[]) => list.map((p) => p.displayName);

describe('000-5.31 the order of care providers', () => {
  test('000-5.31 Alemana de Santiago takes the place of the first Alemana clinic; the others keep theirs', () => {
    const ordered = orderProviders(
      named(
        'Clínica Las Condes',
        'Clínica Alemana de Temuco',
        'Clinica Alemana de Santiago',
        'Clínica Alemana de Osorno',
        'Clínica Dávila',
      ),
    );
    expect(namesOf(ordered)).toEqual([
      'Clinica Alemana de Santiago',
      'Clínica Alemana de Osorno',
      'Clínica Alemana de Temuco',
      'Clínica Dávila',
      'Clínica Las Condes',
    ]);
  });

  test('000-5.31 without Alemana de Santiago, or with it first already, the order is by name only', () => {
    expect(
      namesOf(orderProviders(named('Clínica Indisa', 'Clínica Alemana de Valdivia', 'Clínica Dávila'))),
    ).toEqual(['Clínica Alemana de Valdivia', 'Clínica Dávila', 'Clínica Indisa']);
    expect(namesOf(orderProviders(named('Hospital Alemana de Santiago', 'Clínica Dávila')))).toEqual([
      'Clínica Dávila',
      'Hospital Alemana de Santiago',
    ]);
  });
});

test('000-5.29 periods sort annual, monthly, weekly, daily, then the rest in their order', () => {
  const periods = ['evento', 'diario', 'vitalicio', 'semanal', 'anual', 'semestral', 'mensual'].map(
    (period) => ({ period }),
  );
  expect(byPeriod(periods).map((p) => p.period)).toEqual([
    'anual',
    'mensual',
    'semanal',
    'diario',
    'semestral',
    'evento',
    'vitalicio',
  ]);
});

test('001-9.08 the SEO cut counts characters, not UTF-16 units: an emoji is never split', () => {
  const text = `${'😀'.repeat(171)}`;
  const cut = cutSeoDescription(text);
  expect(Array.from(cut)).toHaveLength(166);
  expect(cut.endsWith('😀…')).toBe(true);
  expect(cutSeoDescription('corto')).toBe('corto');
});
