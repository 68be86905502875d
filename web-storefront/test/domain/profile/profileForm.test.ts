import {
  CHECK_DELAY_MS,
  DEFAULT_INVALID_MESSAGE,
  FINISHED_STYLE_MS,
  PREFILL_DELAY_MS,
  PROFILE_TEXTS,
  addButtonText,
  emptyFormState,
  forPersonsLine,
  formFromProfile,
  interpretValidation,
  invalidMessage,
  missingFieldsMessage,
  profileFromForm,
  profileKindOf,
  toProfile,
  type ProfileFormState,
} from '../../../src/domain/profile/profileForm';
import {
  DEPENDANT_AGE_MESSAGE,
  HOLDER_AGE_MESSAGE,
  HOLDER_AGE_REQUIRED_MESSAGE,
  PET_AGE_MESSAGE,
  SEXO_REQUIRED_MESSAGE,
} from '@cubre/schemas/profileAges';
import { translate } from '../../../src/domain/shell/i18n';
import { dictionaryOf, en, es } from '../../support/words';

const person = (patch: Partial<ProfileFormState> = {}): ProfileFormState => ({
  ...emptyFormState('person', 'CL'),
  ...patch,
});

describe('profile/profileForm', () => {
  test('000-2.47 the modal asks who will be insured, or the number of employees for collective', () => {
    expect(es(PROFILE_TEXTS.person.title)).toBe('¿Quiénes serán asegurados?');
    expect(en(PROFILE_TEXTS.person.title)).toBe('Who will be insured?');
    expect(PROFILE_TEXTS.pet.title).toBe(PROFILE_TEXTS.person.title);
    expect(es(PROFILE_TEXTS.collective.title)).toBe('Ingresa el número de empleados');
  });

  test('000-2.48 the hint is by sex and age, or by breed and age of the pet', () => {
    expect(es(PROFILE_TEXTS.person.hint)).toBe('El precio varía según sexo y edad.');
    expect(es(PROFILE_TEXTS.pet.hint)).toBe('El precio varía según raza y edad de tu mascota.');
  });

  test('000-2.51 the enter-your-profile tooltip is worded differently for person, pet and collective', () => {
    const tooltips = new Set([
      es(PROFILE_TEXTS.person.tooltip),
      es(PROFILE_TEXTS.pet.tooltip),
      es(PROFILE_TEXTS.collective.tooltip),
    ]);
    expect(tooltips.size).toBe(3);
  });

  test("000-2.49 the add button is 'Agregar Persona' for Peru, 'Agregar Mascota' for pets, else the default text", () => {
    const text = (kind: 'person' | 'pet', country: 'PE' | 'CL') => es(addButtonText(kind, country)!);
    expect(text('person', 'PE')).toBe('Agregar Persona');
    expect(text('pet', 'PE')).toBe('Agregar Mascota');
    expect(text('pet', 'CL')).toBe('Agregar Mascota');
    expect(text('person', 'CL')).toBe('Agregar carga');
  });

  test('000-5.33 there is no add button for collective insurance', () => {
    expect(addButtonText('collective', 'CL')).toBeNull();
  });

  test('000-2.47 the form kind follows the product type', () => {
    expect(profileKindOf('SEGURO_MASCOTAS')).toBe('pet');
    expect(profileKindOf('SEGURO COLECTIVO')).toBe('collective');
    expect(profileKindOf('colectivo')).toBe('collective');
    expect(profileKindOf('SCTR')).toBe('collective');
    expect(profileKindOf('')).toBe('person');
    expect(profileKindOf('ISAPRES')).toBe('person');
    expect(profileKindOf('SEGURO INTERNACIONAL')).toBe('person');
  });

  test("000-2.50 an invalid profile shows a red message, by default 'Perfil inválido'", () => {
    expect(invalidMessage(es)).toBe('Perfil inválido');
    expect(invalidMessage(es, '  ')).toBe('Perfil inválido');
    expect(invalidMessage(es, 'Falta la edad')).toBe('Falta la edad');
    expect(invalidMessage(en)).toBe('Invalid profile');
  });

  test('000-5.16 the validation script: array → first payload, string → message, boolean → verdict', () => {
    expect(interpretValidation([{ payload: { cotizante: [] } }, { payload: { x: 1 } }])).toEqual({
      valid: true,
      profile: { cotizante: [] },
      scriptMissing: false,
    });
    expect(interpretValidation([])).toEqual({ valid: true, profile: {}, scriptMissing: false });
    expect(interpretValidation('La edad es obligatoria')).toEqual({
      valid: false,
      message: 'La edad es obligatoria',
    });
    expect(interpretValidation(false)).toEqual({ valid: false, message: '' });
    expect(es(DEFAULT_INVALID_MESSAGE)).toBe('Perfil inválido');
    expect(interpretValidation(true)).toMatchObject({ valid: true });
  });

  test('000-5.17 without a script result the profile passes and the caller is told to log the warning', () => {
    expect(interpretValidation(undefined)).toEqual({ valid: true, profile: null, scriptMissing: true });
  });

  test('000-5.25 missing required fields are named, else the success message', () => {
    expect(missingFieldsMessage(['cotizante', 'region'], es)).toBe(
      'No se ingresaron los siguientes campos: cotizante, region',
    );
    expect(missingFieldsMessage([], es)).toBe('Se ingresaron todos los campos requeridos');
  });

  test('000-1.02 a person form becomes the API profile: cotizante, cargas, prevision, region', () => {
    const state = person({
      titular: { sexo: 'Femenino', edad: '34', prevision: 'Isapre', ingreso: '1.650.000', region: '5' },
      dependants: [
        { parentesco: 'Cónyuge', sexo: 'Masculino', edad: '36' },
        { parentesco: 'Hijo/Hija', sexo: '', edad: '4' },
      ],
    });
    expect(toProfile(state, 'person', { country: 'CL' })).toEqual({
      cotizante: [{ sexo: 'Femenino', edad: 34, ingreso: 1650000 }],
      cargas: [
        { sexo: 'Masculino', edad: 36, parentesco: 'Cónyuge' },
        { edad: 4, parentesco: 'Hijo/Hija' },
      ],
      prevision: 'Isapre',
      region: { stateCode: 5 },
      enPareja: true,
      ingresodatos: true,
    });
  });

  test('000-4.05 for collective insurance an empty sex defaults to Masculino', () => {
    const state = { ...emptyFormState('collective', 'CL'), employees: '1.200' };
    expect(toProfile(state, 'collective')).toEqual({
      cotizante: [{ sexo: 'Masculino' }],
      colectivo: { cantidadempleados: 1200 },
      ingresodatos: true,
    });
    const woman = { ...state, titular: { ...state.titular, sexo: 'Femenino' } };
    expect(toProfile(woman, 'collective').cotizante).toEqual([{ sexo: 'Femenino' }]);
  });

  test('000-5.24 Peru: a missing first-insured age defaults to 25', () => {
    const state = person({ titular: { sexo: 'Masculino', edad: '', prevision: '', ingreso: '' } });
    expect(toProfile(state, 'person', { country: 'PE' }).cotizante).toEqual([
      { sexo: 'Masculino', edad: 25 },
    ]);
    expect(toProfile(state, 'person', { country: 'CL' }).cotizante).toEqual([{ sexo: 'Masculino' }]);
  });

  test('000-5.18 international: a nationality or coverage country marks the profile as data entered', () => {
    const base = emptyFormState('person', 'INT');
    expect(toProfile(base, 'person', { country: 'INT' }).ingresodatos).toBe(false);
    const given = { ...base, titular: { ...base.titular, paisCobertura: 'Chile' } };
    expect(toProfile(given, 'person', { country: 'INT' })).toMatchObject({
      titular: { paisCobertura: 'Chile' },
      ingresodatos: true,
    });
  });

  test('000-1.02 a pet form becomes mascota rows with parentesco Mascota', () => {
    const state = {
      ...emptyFormState('pet', 'CL'),
      pets: [{ especie: 'Gato', raza: ' Siamés ', edad: '3' }],
    };
    expect(toProfile(state, 'pet')).toEqual({
      mascota: [{ especie: 'Gato', raza: 'Siamés', edad: 3, parentesco: 'Mascota' }],
      ingresodatos: true,
    });
  });

  test('000-4.03 an invalid form gives a message to show in red; a valid one its profile', () => {
    expect(
      profileFromForm(
        person({ dependants: [{ parentesco: 'Hijo/Hija', sexo: 'Masculino', edad: '' }] }),
        'person',
      ),
    ).toMatchObject({ ok: false });
    expect(
      profileFromForm(
        person({ titular: { sexo: 'Masculino', edad: '-3', prevision: '', ingreso: '' } }),
        'person',
      ),
    ).toMatchObject({ ok: false });
    const twoSpouses = [
      { parentesco: 'Cónyuge', sexo: 'Femenino', edad: '30' },
      { parentesco: 'Spouse', sexo: 'Femenino', edad: '31' },
    ];
    expect(profileFromForm(person({ dependants: twoSpouses }), 'person')).toMatchObject({ ok: false });
    expect(profileFromForm({ ...emptyFormState('pet'), pets: [] }, 'pet')).toMatchObject({ ok: false });
    expect(profileFromForm(emptyFormState('collective'), 'collective')).toMatchObject({ ok: false });
    const valid = profileFromForm(person(), 'person', { country: 'CL' });
    expect(valid).toEqual({ ok: true, profile: toProfile(person(), 'person', { country: 'CL' }) });
  });

  test('issue 11: the holder is an adult of 18 to 110, given (Peru fills 25) and with a sex (not abroad); dependants 0 to 110; pets 0 to 40, with the API’s words', () => {
    const words = dictionaryOf('es');
    /** The red message a result shows in Spanish; null when it is valid. */
    const said = (result: ReturnType<typeof profileFromForm>) =>
      result.ok ? null : translate(words, result.problem.key, result.problem.params);
    const holder = (edad: string, sexo = 'Masculino') =>
      person({ titular: { sexo, edad, prevision: '', ingreso: '' } });
    for (const edad of ['150', '3', '0', '17', '111'])
      expect(said(profileFromForm(holder(edad), 'person', { country: 'CL' }))).toBe(HOLDER_AGE_MESSAGE);
    expect(said(profileFromForm(holder(''), 'person', { country: 'CL' }))).toBe(HOLDER_AGE_REQUIRED_MESSAGE);
    expect(profileFromForm(holder(''), 'person', { country: 'PE' })).toMatchObject({ ok: true });
    for (const edad of ['18', '110'])
      expect(profileFromForm(holder(edad), 'person', { country: 'CL' }).ok).toBe(true);
    expect(said(profileFromForm(holder('40', ''), 'person', { country: 'CL' }))).toBe(SEXO_REQUIRED_MESSAGE);
    expect(profileFromForm(holder('40', ''), 'person', { country: 'INT' })).toMatchObject({ ok: true });
    const oldChild = person({ dependants: [{ parentesco: 'Hijo/Hija', sexo: 'Masculino', edad: '111' }] });
    expect(said(profileFromForm(oldChild, 'person', { country: 'CL' }))).toBe(DEPENDANT_AGE_MESSAGE);
    const oldPet = { ...emptyFormState('pet'), pets: [{ especie: 'Perro', raza: '', edad: '41' }] };
    expect(said(profileFromForm(oldPet, 'pet'))).toBe(PET_AGE_MESSAGE);
  });

  test("issue 11 the red message is a dictionary word: in Spanish the API's own, in English English", () => {
    const problemOf = (result: ReturnType<typeof profileFromForm>) => {
      if (result.ok) throw new Error('valid');
      return result.problem;
    };
    const words = dictionaryOf('es');
    const spanish = (result: ReturnType<typeof profileFromForm>) =>
      translate(words, problemOf(result).key, problemOf(result).params);
    const old = person({ titular: { sexo: 'Masculino', edad: '150', prevision: '', ingreso: '' } });
    expect(spanish(profileFromForm(old, 'person'))).toBe(HOLDER_AGE_MESSAGE);
    const dependant = person({ dependants: [{ parentesco: 'Hijo/Hija', sexo: 'Masculino', edad: '300' }] });
    expect(spanish(profileFromForm(dependant, 'person'))).toBe(DEPENDANT_AGE_MESSAGE);
    const pet = { ...emptyFormState('pet'), pets: [{ especie: 'Perro', raza: '', edad: '41' }] };
    expect(spanish(profileFromForm(pet, 'pet'))).toBe(PET_AGE_MESSAGE);
    const { key, params } = problemOf(profileFromForm(old, 'person'));
    expect(en(key, params)).toBe('The main insured must be between 18 and 110 years old');
  });

  test('000-5.23 Colombia: the employee count must be at least 10', () => {
    const nine = { ...emptyFormState('collective', 'CO'), employees: '9' };
    expect(profileFromForm(nine, 'collective', { country: 'CO' })).toMatchObject({ ok: false });
    expect(profileFromForm(nine, 'collective', { country: 'CL' })).toMatchObject({ ok: true });
    expect(profileFromForm({ ...nine, employees: '10' }, 'collective', { country: 'CO' })).toMatchObject({
      ok: true,
    });
  });

  test('000-3.32 the empty person form is a male aged 25; the international one has no preset sex', () => {
    expect(emptyFormState('person', 'CL').titular).toMatchObject({ sexo: 'Masculino', edad: '25' });
    expect(emptyFormState('person', 'INT').titular.sexo).toBe('');
    expect(emptyFormState('pet', 'CL').pets).toHaveLength(1);
  });

  test('000-4.01 a saved profile pre-fills the form and comes back unchanged through it', () => {
    const saved = {
      cotizante: [{ sexo: 'Femenino', edad: 52, ingreso: 2000000 }],
      cargas: [{ sexo: 'Masculino', edad: 12, parentesco: 'Hijo/Hija' }],
      prevision: 'Fonasa',
      region: { stateCode: 8 },
      enPareja: false,
      ingresodatos: true,
    };
    const form = formFromProfile(saved, 'person', 'CL');
    expect(form.titular).toMatchObject({ sexo: 'Femenino', edad: '52', prevision: 'Fonasa', region: '8' });
    expect(toProfile(form, 'person', { country: 'CL' })).toEqual(saved);
    expect(formFromProfile(null, 'pet')).toEqual(emptyFormState('pet'));
    expect(formFromProfile({ colectivo: { cantidadempleados: 40 } }, 'collective').employees).toBe('40');
  });

  test("000-2.52 the line under the price reads 'para N personas' or 'para N mascotas'", () => {
    expect(
      forPersonsLine({ cotizante: [{ edad: 30 }], cargas: [{ edad: 3 }, { edad: 5 }] }, 'person', es),
    ).toBe('para 3 personas');
    expect(forPersonsLine({ cotizante: [{ edad: 30 }] }, 'person', es)).toBe('para 1 persona');
    expect(
      forPersonsLine({ mascota: [{ parentesco: 'Mascota' }, { parentesco: 'Mascota' }] }, 'pet', es),
    ).toBe('para 2 mascotas');
    expect(forPersonsLine({}, 'person', es)).toBeNull();
    expect(forPersonsLine({ colectivo: { cantidadempleados: 10 } }, 'collective', es)).toBeNull();
  });

  test('000-9.25 the persons count is capped at 100', () => {
    const cargas = Array.from({ length: 150 }, () => ({ edad: 1 }));
    expect(forPersonsLine({ cotizante: [{}], cargas }, 'person', es)).toBe('para 100 personas');
  });

  test('000-4.07 the finished style lasts 3 s; pre-fill after 200 ms; check after 1 s', () => {
    expect(FINISHED_STYLE_MS).toBe(3000);
    expect(PREFILL_DELAY_MS).toBe(200);
    expect(CHECK_DELAY_MS).toBe(1000);
  });
});
