import {
  ADULTS_MESSAGE,
  DEFAULT_REGION,
  defaultProfile,
  EMAIL_MESSAGE,
  EPS_REQUIRED_MESSAGE,
  INVALID_PROFILE_MESSAGE,
  isConyuge,
  normalizeProfile,
  ONE_SPOUSE_MESSAGE,
  PERSONS_MESSAGE,
  PETS_MESSAGE,
  Profile,
  profileRefusalsFor,
  type ProfileInput,
} from '@cubre/schemas/profile';

const messagesOf = (input: unknown) => {
  const parsed = Profile.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const parse = (input: ProfileInput) => Profile.parse(input);
const person = (edad: number | string, sexo = 'Masculino', parentesco?: string) => ({
  sexo,
  edad,
  parentesco,
});

describe('visitor profile schema', () => {
  test('000-3.14 cotizante fields parse, numbers arriving as text with thousands dots (000-5.04)', () => {
    const profile = parse({
      cotizante: [
        {
          sexo: 'Femenino',
          edad: '42',
          ingreso: '1.650.000',
          bruto: 'false',
          imponible: '$ 2.000.000',
          disposicion_max: 180000,
          parentesco: 'Titular',
          maternidad: 'si',
          eps_actual: 'Sura',
          nacionalidad: 'Colombiana',
          paisCobertura: 'CO',
        },
      ],
    });
    expect(profile.cotizante).toEqual([
      {
        sexo: 'Femenino',
        edad: 42,
        ingreso: 1_650_000,
        bruto: false,
        imponible: 2_000_000,
        disposicion_max: 180_000,
        parentesco: 'Titular',
        maternidad: true,
        eps_actual: 'Sura',
        nacionalidad: 'Colombiana',
        paisCobertura: 'CO',
      },
    ]);
  });

  test('a single cotizante sent as an object becomes a one-item list; blanks mean "not given"', () => {
    const profile = parse({ cotizante: { sexo: 'hombre', edad: '', ingreso: '' } as never, email: '' });
    expect(profile.cotizante).toEqual([{ sexo: 'Masculino', edad: undefined, ingreso: undefined }]);
    expect(profile.email).toBeUndefined();
  });

  test('sexo accepts the usual spellings and refuses others in Spanish', () => {
    const profile = parse({ cotizante: [person(30, 'mujer')], cargas: [person(3, 'H')] });
    expect(profile.cotizante?.[0]?.sexo).toBe('Femenino');
    // 'M' is Masculino in M/F forms and Mujer in H/M ones: refused rather than guessed.
    for (const sexo of ['X', 'M'])
      expect(messagesOf({ cargas: [person(3, sexo)] })).toEqual(['El sexo debe ser Masculino o Femenino']);
  });

  test('000-3.15 cargas keep their parentesco; Cónyuge and Spouse both name the partner', () => {
    const profile = parse({
      cotizante: [person(40)],
      cargas: [person(38, 'Femenino', 'Spouse'), person(9, 'F', 'Hija')],
    });
    expect(profile.cargas?.map((carga) => carga.parentesco)).toEqual(['Spouse', 'Hija']);
    expect(['Cónyuge', 'Conyuge', 'Spouse', 'Cônjuge', ' cónyuge '].every(isConyuge)).toBe(true);
    expect(isConyuge('Hijo')).toBe(false);
    expect(isConyuge(undefined)).toBe(false);
  });

  test("000-3.15 a pet's parentesco is 'Mascota', filled in when missing and refused otherwise", () => {
    const profile = parse({ mascota: [{ raza: 'Quiltro', especie: 'Perro', edad: '4' }] });
    expect(profile.mascota).toEqual([{ raza: 'Quiltro', especie: 'Perro', edad: 4, parentesco: 'Mascota' }]);
    expect(messagesOf({ mascota: [{ especie: 'Gato', edad: 2, parentesco: 'Hijo' }] })).toEqual([
      'El parentesco de una mascota es Mascota',
    ]);
  });

  test('000-3.16 enPareja as text, region, prevision by name or code, previsiones, prices', () => {
    const profile = parse({
      enPareja: 'true',
      ingresodatos: 1,
      region: {
        stateCode: '13',
        stateName: 'Metropolitana de Santiago',
        orderPosition: '1',
        abbreviation: 'RM',
      },
      prevision: 'isapre',
      previsiones: '12, 2',
      prices: { preciomin: '120.000', preciomax: 150000 },
    });
    expect(profile).toMatchObject({
      enPareja: true,
      ingresodatos: true,
      region: DEFAULT_REGION,
      prevision: 'Isapre',
      previsiones: ['12', '2'],
      prices: { preciomin: 120_000, preciomax: 150_000 },
    });
    expect(parse({ enPareja: 'no', prevision: 2 as never }).enPareja).toBe(false);
    expect(parse({ prevision: 2 as never }).prevision).toBe('Fonasa');
    expect(messagesOf({ prevision: 'Particular' })).toEqual(['La previsión debe ser Isapre o Fonasa']);
    expect(messagesOf({ prices: { preciomin: 200000, preciomax: 100000 } })).toEqual([
      'El precio mínimo no puede ser mayor que el máximo',
    ]);
  });

  test('000-3.17 company counts drop thousands dots (000-5.04); contact fields are kept', () => {
    const profile = parse({
      cantidadEmpleados: '1.200',
      colectivo: { cantidadempleados: '25', sistemaprevisional: 'AFP' },
      colectivos: [{ cantidadDeTrabajadores: '12', cantidadDeCargas: 7 }],
      email: ' ana@empresa.cl ',
      rut: '12.345.678-5',
      telefono: '+56912345678',
      nombre: 'Ana Pérez',
      idSalesforce: '00Q5g000001',
    });
    expect(profile).toMatchObject({
      cantidadEmpleados: 1200,
      colectivo: { cantidadempleados: 25, sistemaprevisional: 'AFP' },
      colectivos: [{ cantidadDeTrabajadores: 12, cantidadDeCargas: 7 }],
      email: 'ana@empresa.cl',
      rut: '12.345.678-5',
    });
    expect(messagesOf({ cantidadEmpleados: '12,5' })).toEqual([
      'La cantidad de empleados debe ser un número entero',
    ]);
    expect(messagesOf({ email: 'ana@empresa' })).toEqual([EMAIL_MESSAGE]);
  });

  test('000-3.18 guard count and the Peru SCTR fields, whose ingreso defaults to 1000', () => {
    const profile = parse({
      cantidadGuardias: '3',
      sctr: { cantidadempleados: '40', sector: 'Construcción', tipo_trabajo: 'Obra' },
    });
    expect(profile.cantidadGuardias).toBe(3);
    expect(normalizeProfile(profile, { country: 'PE' }).sctr).toEqual({
      cantidadempleados: 40,
      ingreso: 1000,
      sector: 'Construcción',
      tipo_trabajo: 'Obra',
    });
    expect(normalizeProfile(parse({ sctr: { ingreso: '2.500' } })).sctr?.ingreso).toBe(2500);
  });

  test('unknown keys from old shared links are dropped, not refused', () => {
    expect(parse({ cotizante: [person(30)], versionAntigua: 'V1.5' } as ProfileInput)).toEqual({
      cotizante: [{ sexo: 'Masculino', edad: 30 }],
    });
  });

  test("000-2.50 anything but an object is refused with 'Perfil inválido'", () => {
    for (const input of ['{"cotizante":[]}', null, 42, [{ cotizante: [] }]])
      expect(messagesOf(input)).toEqual([INVALID_PROFILE_MESSAGE]);
  });
});

describe('ages', () => {
  test('000-5.19 ages are whole years from 0 to 999, numbers or digits', () => {
    const profile = parse({ cotizante: [person('0')], cargas: [person(999), person(' 7 ')] });
    expect(profile.cotizante?.[0]?.edad).toBe(0);
    expect(profile.cargas?.map((carga) => carga.edad)).toEqual([999, 7]);
  });

  test('000-5.19 a negative age is refused', () => {
    expect(messagesOf({ cargas: [person(-1)] })).toEqual(['La edad no puede ser negativa']);
    expect(messagesOf({ cargas: [person('-3')] })).toEqual(['La edad no puede ser negativa']);
  });

  test('000-5.19 an age of more than three digits is refused', () => {
    expect(messagesOf({ cotizante: [person(1000)] })).toEqual(['La edad admite a lo más tres dígitos']);
  });

  test('000-5.19 fractional or non-numeric ages are refused, dots are not thousands separators in an age', () => {
    for (const edad of [2.5, '2.5', '1.000', 'veinte'])
      expect(messagesOf({ cargas: [person(edad)] })).toEqual(['La edad debe ser un número entero de años']);
  });

  test('the path of a refused age names the dependant', () => {
    const parsed = Profile.safeParse({ cargas: [person(3), person(-2)] });
    expect(parsed.success ? null : parsed.error.issues[0]?.path).toEqual(['cargas', 1, 'edad']);
  });
});

describe('limits', () => {
  test('002-5.21 at most two adults: holder and partner', () => {
    expect(messagesOf({ cotizante: [person(40), person(38, 'F')] })).toEqual([]);
    expect(messagesOf({ cotizante: [person(40)], cargas: [person(38, 'F', 'Cónyuge')] })).toEqual([]);
    expect(messagesOf({ cotizante: [person(40), person(38), person(20)] })).toEqual([ADULTS_MESSAGE]);
    expect(
      messagesOf({ cotizante: [person(40), person(38, 'F')], cargas: [person(39, 'F', 'Spouse')] }),
    ).toEqual([ADULTS_MESSAGE]);
  });

  test('000-2.55 a profile holds one spouse at most', () => {
    expect(
      messagesOf({
        cotizante: [person(40)],
        cargas: [person(38, 'F', 'Cónyuge'), person(37, 'F', 'Spouse')],
      }),
    ).toEqual([ONE_SPOUSE_MESSAGE]);
  });

  test('000-9.25 at most 100 persons per profile', () => {
    const children = (count: number) => Array.from({ length: count }, () => person(5, 'F', 'Hijo'));
    expect(messagesOf({ cotizante: [person(40)], cargas: children(99) })).toEqual([]);
    expect(messagesOf({ cotizante: [person(40)], cargas: children(100) })).toEqual([PERSONS_MESSAGE]);
    expect(messagesOf({ cargas: children(101) })).toEqual([PERSONS_MESSAGE]);
  });

  test('000-9.25 at most 100 pets per profile', () => {
    const pets = (count: number) => Array.from({ length: count }, () => ({ especie: 'Gato', edad: 2 }));
    expect(messagesOf({ mascota: pets(100) })).toEqual([]);
    expect(messagesOf({ mascota: pets(101) })).toEqual([PETS_MESSAGE]);
  });
});

describe('normalizeProfile', () => {
  test('000-5.21 a person without age is treated as 25', () => {
    const profile = normalizeProfile(
      parse({ cotizante: [{ sexo: 'F' }], cargas: [{ sexo: 'H', parentesco: 'Hijo' }] }),
    );
    expect(profile.cotizante?.[0]?.edad).toBe(25);
    expect(profile.cargas?.[0]?.edad).toBe(25);
  });

  test('000-5.24 Peru: a missing first-insured age defaults to 25', () => {
    expect(
      normalizeProfile(parse({ cotizante: [{ sexo: 'F' }] }), { country: 'PE' }).cotizante?.[0]?.edad,
    ).toBe(25);
  });

  test('000-3.32 the Chile default profile is one male aged 25 in region 13, Metropolitana', () => {
    expect(normalizeProfile(parse({}), { country: 'CL' })).toEqual({
      cotizante: [{ sexo: 'Masculino', edad: 25 }],
      region: { stateCode: 13, stateName: 'Metropolitana de Santiago', orderPosition: 1, abbreviation: 'RM' },
    });
    expect(
      normalizeProfile(parse({ cotizante: [person(40, 'F')] }), { country: 'CL' }).region?.stateCode,
    ).toBe(13);
  });

  test('000-3.33 Peru and Colombia default to a male aged 25; international to a cotizante aged 25', () => {
    expect(defaultProfile('PE')).toEqual({ cotizante: [{ sexo: 'Masculino', edad: 25 }] });
    expect(defaultProfile('CO')).toEqual({ cotizante: [{ sexo: 'Masculino', edad: 25 }] });
    expect(normalizeProfile(parse({}), { country: 'INT' }).cotizante).toEqual([{ edad: 25 }]);
  });

  test('000-3.34 the shared-logic default profile is Masculino, income 1650000, age 27', () => {
    expect(normalizeProfile(parse({}))).toEqual({
      cotizante: [{ sexo: 'Masculino', edad: 27, ingreso: 1_650_000 }],
    });
  });

  test('000-4.05 collective insurance turns an empty sex into Masculino; other products leave it empty', () => {
    const profile = parse({ cotizante: [{ edad: 30, sexo: '' }], cargas: [{ edad: 4 }] });
    const collective = normalizeProfile(profile, { collective: true });
    expect(collective.cotizante?.[0]?.sexo).toBe('Masculino');
    expect(collective.cargas?.[0]?.sexo).toBe('Masculino');
    expect(normalizeProfile(profile).cotizante?.[0]?.sexo).toBeUndefined();
  });

  test('normalizing returns a new profile and leaves the given one unchanged', () => {
    const profile = parse({ cargas: [{ sexo: 'F' }] });
    normalizeProfile(profile, { country: 'CL' });
    expect(profile).toEqual({ cargas: [{ sexo: 'Femenino' }] });
  });
});

describe('edition refusals', () => {
  test("000-5.23 Colombia: the current health provider cannot be 'notengo'", () => {
    const profile = parse({ cotizante: [{ sexo: 'F', edad: 30, eps_actual: 'notengo' }] });
    expect(profileRefusalsFor('CO', profile)).toEqual([EPS_REQUIRED_MESSAGE]);
    expect(profileRefusalsFor('CL', profile)).toEqual([]);
    expect(profileRefusalsFor('CO', parse({ cotizante: [{ eps_actual: 'Sura' }] }))).toEqual([]);
  });
});
