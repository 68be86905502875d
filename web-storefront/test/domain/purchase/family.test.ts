import { ageOn } from '@cubre/schemas/payments/familyPurchase';
import { isConyuge } from '@cubre/schemas/parentesco';
import {
  EMPTY_HEALTH,
  dependantErrors,
  familyProblem,
  healthBody,
  healthErrors,
  insuredOf,
  kinKey,
  listFieldOf,
  type DependantValues,
} from '../../../src/domain/purchase/family';

/** The e2e FAMILY: holder 35, Cónyuge 33, a son of 4. */
const FAMILY = {
  cotizante: [{ sexo: 'Masculino', edad: 35 }],
  cargas: [
    { sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
    { sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
  ],
};
const TODAY = '2026-11-26';
const HOLDER_RUT = '12.345.678-5';
const SPOUSE: DependantValues = { nombre: 'Ana Pérez', rut: '11.111.111-1', fechaNacimiento: '1993-05-10' };
const SON: DependantValues = { nombre: 'Tomás Rojas', rut: '22.222.222-2', fechaNacimiento: '2022-01-15' };

describe('a family purchase: the dependants of Datos personales (issue 14)', () => {
  test('002-5.15 the age from a birth date counts whole years; a date that does not exist or lies ahead has none', () => {
    expect(ageOn('1993-11-26', TODAY)).toBe(33);
    expect(ageOn('1993-11-27', TODAY)).toBe(32);
    expect(ageOn('2024-02-29', '2025-02-28')).toBe(0);
    expect(ageOn('2023-02-29', TODAY)).toBeNull();
    expect(ageOn('2027-01-01', TODAY)).toBeNull();
    expect(ageOn('26/11/1993', TODAY)).toBeNull();
  });

  test('the insured persons are the holder and then each carga of the profile, with kinship, sex and age', () => {
    expect(insuredOf(FAMILY)).toEqual([
      { role: 'holder', sexo: 'Masculino', edad: 35, parentesco: null },
      { role: 'dependant', sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
      { role: 'dependant', sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
    ]);
    expect(insuredOf(null)).toHaveLength(1);
    expect(kinKey('Cónyuge')).toBe('profile.kin.spouse');
    expect(kinKey('Spouse')).toBe('profile.kin.spouse');
    expect(kinKey('Hijo')).toBeNull();
  });

  test('002-5.01 002-5.03 002-5.15 valid dependants pass; a wrong RUT, a birth date of another age and a repeated RUT are named per field', () => {
    expect(dependantErrors([SPOUSE, SON], FAMILY, HOLDER_RUT, 'CL', TODAY)).toEqual([{}, {}]);
    const errors = dependantErrors(
      [
        { ...SPOUSE, rut: '11.111.111-2', fechaNacimiento: '1990-05-10' },
        { ...SON, rut: HOLDER_RUT, nombre: 'T' },
      ],
      FAMILY,
      HOLDER_RUT,
      'CL',
      TODAY,
    );
    expect(errors).toEqual([
      { rut: 'field.invalidRut', fechaNacimiento: 'purchase.family.ageMismatch' },
      { rut: 'purchase.family.duplicateId', nombre: 'field.name' },
    ]);
    expect(
      dependantErrors([{ nombre: '', rut: '', fechaNacimiento: '' }], FAMILY, HOLDER_RUT, 'CL', TODAY),
    ).toEqual([{ nombre: 'field.required', rut: 'field.required', fechaNacimiento: 'field.required' }]);
    expect(
      dependantErrors([{ ...SPOUSE, fechaNacimiento: '1993-02-30' }], FAMILY, HOLDER_RUT, 'CL', TODAY),
    ).toEqual([{ fechaNacimiento: 'purchase.family.birthDate' }]);
  });

  test('002-5.21 a profile has one Cónyuge at most and two insured adults at most (holder and partner)', () => {
    expect(familyProblem(FAMILY)).toBeNull();
    expect(
      familyProblem({
        ...FAMILY,
        cargas: [...FAMILY.cargas, { sexo: 'Masculino', edad: 40, parentesco: 'Spouse' }],
      }),
    ).toBe('purchase.family.oneSpouse');
    expect(
      familyProblem({
        cotizante: [
          { sexo: 'Masculino', edad: 35 },
          { sexo: 'Femenino', edad: 34 },
        ],
        cargas: [{ sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' }],
      }),
    ).toBe('purchase.family.twoAdults');
  });
});

describe("a family purchase: the health declaration of 'Estado de salud' (002-2.08)", () => {
  const [holder, spouse, son] = insuredOf(FAMILY) as [
    ReturnType<typeof insuredOf>[number],
    ReturnType<typeof insuredOf>[number],
    ReturnType<typeof insuredOf>[number],
  ];
  const answered = { ...EMPTY_HEALTH, preexisting: 'no' as const, weightKg: '72,5', heightCm: '178' };

  test('002-2.08 every answer is required; the detail only when a condition is declared; pregnancy only of women of age', () => {
    expect(healthErrors(EMPTY_HEALTH, holder)).toEqual({
      preexisting: 'field.required',
      weightKg: 'field.required',
      heightCm: 'field.required',
    });
    expect(healthErrors(answered, holder)).toEqual({});
    expect(healthErrors({ ...answered, preexisting: 'yes' }, holder)).toEqual({
      preexistingDetail: 'purchase.health.detailRequired',
    });
    expect(healthErrors(answered, spouse)).toEqual({ pregnant: 'field.required' });
    expect(healthErrors({ ...answered, pregnant: 'no' }, spouse)).toEqual({});
    expect(healthErrors(answered, son)).toEqual({});
    expect(healthErrors({ ...answered, weightKg: '0', heightCm: '17.5' }, son)).toEqual({
      weightKg: 'purchase.health.weightRange',
      heightCm: 'purchase.health.heightRange',
    });
  });

  test('002-2.08 the declaration goes to the API holder first, pregnancy only where asked, numbers as numbers', () => {
    expect(
      healthBody(
        [
          { ...answered, preexisting: 'yes', preexistingDetail: ' Asma leve ' },
          { ...answered, pregnant: 'yes', weightKg: '61', heightCm: '165' },
          { ...answered, weightKg: '17', heightCm: '104' },
        ],
        [holder, spouse, son],
      ),
    ).toEqual([
      { preexisting: true, preexistingDetail: 'Asma leve', weightKg: 72.5, heightCm: 178 },
      { preexisting: false, pregnant: true, weightKg: 61, heightCm: 165 },
      { preexisting: false, weightKg: 17, heightCm: 104 },
    ]);
  });

  test("the API's field names lead to the list, index and field of the form", () => {
    expect(listFieldOf('dependants.1.rut')).toEqual({ list: 'dependants', index: 1, name: 'rut' });
    expect(listFieldOf('body.health.0.weightKg')).toEqual({ list: 'health', index: 0, name: 'weightKg' });
    expect(listFieldOf('rut')).toBeNull();
  });
});

test("the purchase's spouse words are the schemas' own (000-3.15)", () => {
  for (const word of ['Cónyuge', 'conyuge', 'Spouse', 'Cônjuge', 'Hijo', '', null])
    expect([word, kinKey(word) === 'profile.kin.spouse']).toEqual([word, isConyuge(word)]);
});
