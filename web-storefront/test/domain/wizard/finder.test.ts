import { filtersFromSearch } from '../../../src/domain/results/filters';
import {
  FINDER_TITLE,
  MAX_FINDER_CHILDREN,
  emptyAnswers,
  finderResult,
  firstUnfinishedStep,
  stepProblems,
  toggleFeature,
  withChildren,
  type FinderAnswers,
} from '../../../src/domain/wizard/finder';

const HEALTH = {
  insuranceTypes: [{ name: 'SEGURO COMPLEMENTARIO' }, { name: 'SEGURO CATASTROFICO' }],
  features: [{ code: 'dental' }, { code: 'telemedicina' }, { code: 'maternidad' }, { code: 'oncologia' }],
};
const answers = (patch: Partial<FinderAnswers>): FinderAnswers => ({
  ...emptyAnswers(),
  holder: { sexo: 'Femenino', edad: '38' },
  prevision: 'Isapre',
  ...patch,
});

describe('the guided finder (000-2.23)', () => {
  test("000-2.23 the page's title is the seed's", () => {
    expect(FINDER_TITLE).toBe('Encuentra tu seguro de salud ideal');
  });

  test('000-2.23 a family of four becomes the comparator profile: holder, spouse, two children, Isapre, income', () => {
    const result = finderResult(
      answers({
        household: 'familia',
        partner: { sexo: 'Masculino', edad: '40' },
        children: ['9', '4'],
        ingreso: '1.650.000',
        need: 'complementario',
        features: ['dental', 'maternidad'],
        priority: 'lowerPrice',
      }),
      HEALTH,
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.profile).toMatchObject({
      cotizante: [{ sexo: 'Femenino', edad: 38, ingreso: 1650000 }],
      cargas: [
        { sexo: 'Masculino', edad: 40, parentesco: 'Cónyuge' },
        { edad: 9, parentesco: 'Hijo/Hija' },
        { edad: 4, parentesco: 'Hijo/Hija' },
      ],
      prevision: 'Isapre',
      enPareja: true,
    });
    expect(filtersFromSearch(result.search)).toMatchObject({
      insuranceTypes: ['SEGURO COMPLEMENTARIO'],
      features: ['dental', 'maternidad'],
      order: 'lowerPrice',
    });
  });

  test('000-2.23 what the comparator does not offer is not filtered on; "not sure" filters no type', () => {
    const integral = finderResult(answers({ need: 'integral', features: ['dental', 'ahorro'] }), HEALTH);
    if (!integral.ok) throw new Error('refused');
    expect(filtersFromSearch(integral.search).insuranceTypes).toBeUndefined();
    expect(filtersFromSearch(integral.search).features).toEqual(['dental']);
    const unsure = finderResult(answers({ need: 'todos' }), HEALTH);
    if (!unsure.ok) throw new Error('refused');
    expect(unsure.search).toBe('');
    expect(unsure.profile.cargas).toBeUndefined();
  });

  test('000-2.23 each step says what keeps it from being done', () => {
    expect(stepProblems('people', answers({ holder: { sexo: 'Masculino', edad: '' } }))).toEqual({
      'holder.edad': 'error.adultAge',
    });
    expect(stepProblems('people', answers({ holder: { sexo: 'Masculino', edad: '17' } }))).toEqual({
      'holder.edad': 'error.adultAge',
    });
    // A couple needs the partner; a family needs a child, its partner is optional but must be adult.
    expect(stepProblems('people', answers({ household: 'pareja' }))).toEqual({
      'partner.edad': 'error.adultAge',
    });
    expect(stepProblems('people', answers({ household: 'familia' }))).toEqual({ children: 'error.family' });
    expect(stepProblems('people', answers({ household: 'familia', children: ['3', 'x'] }))).toEqual({
      'children.1': 'error.age',
    });
    expect(
      stepProblems(
        'people',
        answers({ household: 'familia', children: ['3'], partner: { sexo: 'Femenino', edad: '12' } }),
      ),
    ).toEqual({ 'partner.edad': 'error.adultAge' });
    expect(stepProblems('people', answers({ household: 'familia', children: ['3'] }))).toEqual({});
    expect(stepProblems('health', answers({ prevision: '' }))).toEqual({ prevision: 'error.prevision' });
    expect(stepProblems('need', answers({ features: ['a', 'b', 'c', 'd'] }))).toEqual({
      features: 'error.features',
    });
    expect(stepProblems('priorities', answers({}))).toEqual({});
  });

  test('000-2.23 finishing with an unfinished step sends the visitor back to it', () => {
    expect(firstUnfinishedStep(answers({ prevision: '' }))).toBe('health');
    const result = finderResult(answers({ prevision: '' }), HEALTH);
    expect(result).toEqual({ ok: false, step: 'health', problems: { prevision: 'error.prevision' } });
    // A partner typed for a single holder is not insured.
    const solo = finderResult(answers({ partner: { sexo: 'Masculino', edad: '44' } }), HEALTH);
    expect(solo.ok && solo.profile.cargas).toBeFalsy();
  });

  test('000-2.23 children keep their typed ages when the count changes; at most three features', () => {
    expect(withChildren(['5', '7'], 3)).toEqual(['5', '7', '']);
    expect(withChildren(['5', '7'], 1)).toEqual(['5']);
    expect(withChildren([], 50)).toHaveLength(MAX_FINDER_CHILDREN);
    expect(toggleFeature(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleFeature(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
    expect(toggleFeature(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
