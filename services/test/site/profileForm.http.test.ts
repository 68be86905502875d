import { Writable } from 'node:stream';
import pino from 'pino';
import {
  DEPENDANT_AGES,
  DEPENDANT_AGE_MESSAGE,
  HOLDER_AGES,
  HOLDER_AGE_MESSAGE,
  HOLDER_AGE_REQUIRED_MESSAGE,
  PET_AGES,
  MAX_INSURED_ADULTS,
  Prevision,
  Profile,
  ProductType,
  Sexo,
} from '@cubre/schemas';
import {
  PROFILE_FIELD_TYPES,
  ProfileFormDefinition,
  unknownKeysOf,
  type ProfileFormField,
} from '@cubre/schemas/site';
import { loadConfig } from '@cubre/services/runtime/config';
import { startRuntime, type Runtime } from '@cubre/services/runtime/runtime';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const form = async (query: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${runtime.url}/api/profile-form/form${query}`, { headers });
  expect(response.status).toBe(200);
  return ProfileFormDefinition.parse(await json(response));
};
const post = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/profile-form/data`, body, headers);
const errorsOf = async (response: Response) => {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)).errors as { field: string; rule: string; message: string }[];
};
const fieldOf = (definition: ProfileFormDefinition, group: string | null, name: string) =>
  definition.profileFormFields.find((field) => field.groupedBy === group && field.fldName === name)!;

/** The model a form starts with: every field's default value, where it has one. */
function defaultModel(definition: ProfileFormDefinition): Record<string, unknown> {
  const model: Record<string, unknown> = {};
  const top = definition.profileFormFields.filter((field) => field.groupedBy === null);
  for (const field of top)
    if (field.elements.defaultValue !== null) model[field.fldName] = field.elements.defaultValue;
  for (const field of definition.profileFormFields) {
    if (field.groupedBy === null || field.elements.defaultValue === null) continue;
    const group = top.find((candidate) => candidate.fldName === field.groupedBy)!;
    if (group.fieldType.fldType === 'group') {
      model[group.fldName] = {
        ...(model[group.fldName] as object),
        [field.fldName]: field.elements.defaultValue,
      };
    }
  }
  return model;
}

const person = {
  cotizante: [{ sexo: 'Femenino', edad: '34', ingreso: '1.650.000' }],
  cargas: [{ sexo: 'Masculino', edad: 3, parentesco: 'Hijo/Hija' }],
  prevision: 'Isapre',
  region: { stateCode: 13 },
  email: 'maria.perez@example.com',
  rut: '12.345.678-5',
  telefono: '+56 9 8765 4321',
  nombre: 'María Pérez',
};

describe('GET /api/profile-form/form', () => {
  test('000-7.15 000-3.21 the definition has profileForm, profileFormFields and validationScriptUrl', async () => {
    const response = await fetch(`${runtime.url}/api/profile-form/form`);
    const body = await json(response);
    expect(Object.keys(body).sort()).toEqual(['profileForm', 'profileFormFields', 'validationScriptUrl']);
    expect(body.validationScriptUrl).toBeNull();
    expect(body.profileForm).toMatchObject({ kind: 'person', productType: '', country: 'CL' });
  });

  test('000-3.22 every field has fldName, groupedBy, wrapper, isMultiple, fieldType and the twelve elements', async () => {
    const definition = await form('');
    for (const field of definition.profileFormFields) {
      expect(Object.keys(field)).toEqual(
        expect.arrayContaining(['fldName', 'groupedBy', 'wrapper', 'isMultiple', 'fieldType', 'elements']),
      );
      expect(Object.keys(field.fieldType).sort()).toEqual(['fldType', 'htmlType']);
      expect(Object.keys(field.elements).sort()).toEqual(
        [
          'label',
          'placeholder',
          'mask',
          'helper',
          'defaultValue',
          'dataType',
          'allowedValues',
          'class',
          'groupClass',
          'hideExpression',
          'changeAction',
          'retrieveFunction',
        ].sort(),
      );
    }
  });

  test('000-3.23 field types are exactly checkbox, radio, input, select, array and group', async () => {
    const used = new Set<string>();
    for (const productType of ProductType.options) {
      for (const country of ['CL', 'PE', 'CO', 'INT']) {
        const definition = await form(`?productType=${encodeURIComponent(productType)}&country=${country}`);
        for (const field of definition.profileFormFields) used.add(field.fieldType.fldType);
      }
    }
    expect([...used].sort()).toEqual([...PROFILE_FIELD_TYPES].sort());
  });

  test.each([
    ['', 'person'],
    ['ISAPRES', 'person'],
    ['SEGURO_MASCOTAS', 'pet'],
    ['SEGURO COLECTIVO', 'collective'],
    ['colectivo', 'collective'],
    ['SCTR', 'collective'],
    ['SEGURO INTERNACIONAL', 'international'],
  ])(
    'product type %j gets the %s form, whose default model is a valid profile with known fields only',
    async (productType, kind) => {
      const definition = await form(`?productType=${encodeURIComponent(productType)}`);
      expect(definition.profileForm.kind).toBe(kind);
      const model = defaultModel(definition);
      expect(unknownKeysOf(Profile, model)).toEqual([]);
      expect(Profile.safeParse(model).success).toBe(true);
      // Every field names a key of the Profile schema, at its place.
      for (const field of definition.profileFormFields) {
        const sample: Record<string, unknown> =
          field.groupedBy === null
            ? { [field.fldName]: null }
            : {
                [field.groupedBy]:
                  definition.profileFormFields.find((f) => f.fldName === field.groupedBy)!.fieldType
                    .fldType === 'array'
                    ? [{ [field.fldName]: null }]
                    : { [field.fldName]: null },
              };
        expect(unknownKeysOf(Profile, sample)).toEqual([]);
      }
    },
  );

  test('validation is aligned with the Profile schema: sexes, previsiones, human ages by who is insured, adults', async () => {
    const definition = await form('?productType=ISAPRES');
    const allowed = (field: ProfileFormField) => field.elements.allowedValues!.map((option) => option.value);
    expect(allowed(fieldOf(definition, 'cotizante', 'sexo'))).toEqual(Sexo.options);
    expect(allowed(fieldOf(definition, null, 'prevision'))).toEqual(Prevision.options);
    expect(fieldOf(definition, 'cotizante', 'edad').validation).toEqual({
      required: true,
      ...HOLDER_AGES,
      message: HOLDER_AGE_MESSAGE,
      requiredMessage: HOLDER_AGE_REQUIRED_MESSAGE,
    });
    expect(fieldOf(definition, 'cargas', 'edad').validation).toMatchObject({
      required: true,
      ...DEPENDANT_AGES,
      message: DEPENDANT_AGE_MESSAGE,
    });
    expect(fieldOf(await form('?productType=SEGURO_MASCOTAS'), 'mascota', 'edad').validation).toMatchObject(
      PET_AGES,
    );
    // Peru fills a missing first age with 25 (000-5.24): the age is not required there.
    expect(
      fieldOf(await form('?productType=ISAPRES', { country: 'PE' }), 'cotizante', 'edad').validation.required,
    ).toBe(false);
    expect(fieldOf(definition, null, 'cotizante').validation.maxItems).toBe(MAX_INSURED_ADULTS);
    expect(fieldOf(definition, 'cotizante', 'ingreso').elements.hideExpression).toBeNull();
    const health = await form('');
    expect(fieldOf(health, 'cotizante', 'ingreso').elements.hideExpression).toBe(
      "model.prevision !== 'Isapre'",
    );
  });

  test('000-2.47 000-2.48 titles and hints: who will be insured, employees for collective, breed and age for pets', async () => {
    expect((await form('')).profileForm).toMatchObject({
      title: '¿Quiénes serán asegurados?',
      hint: 'El precio varía según sexo y edad',
    });
    expect((await form('?productType=SEGURO%20COLECTIVO')).profileForm.title).toBe(
      'Ingresa el número de empleados',
    );
    expect((await form('?productType=SEGURO_MASCOTAS')).profileForm.hint).toBe(
      'El precio varía según raza y edad de tu mascota',
    );
  });

  test('000-2.49 submit Comparar; add button Agregar Persona for Peru, Agregar Mascota for pets', async () => {
    expect((await form('')).profileForm).toMatchObject({ submitText: 'Comparar', addText: 'Agregar carga' });
    expect((await form('?country=PE')).profileForm.addText).toBe('Agregar Persona');
    expect((await form('', { country: 'PE' })).profileForm.addText).toBe('Agregar Persona');
    expect((await form('?productType=SEGURO_MASCOTAS')).profileForm.addText).toBe('Agregar Mascota');
  });

  test('000-2.56 no dependants box nor add button for collective, SCTR and SEGURO COLECTIVO', async () => {
    for (const productType of ['colectivo', 'SCTR', 'SEGURO COLECTIVO']) {
      const definition = await form(`?productType=${encodeURIComponent(productType)}`);
      expect(definition.profileForm).toMatchObject({ showDependants: false, addText: null });
      expect(definition.profileFormFields.some((field) => field.fldName === 'cargas')).toBe(false);
    }
  });

  test('000-3.20 storage keys are versioned: V1.7 for Chile, V1.6 for Peru, Colombia and international', async () => {
    expect((await form('')).profileForm.storageKey).toBe('perfil_V1.7');
    for (const country of ['PE', 'CO', 'INT']) {
      expect((await form(`?country=${country}`)).profileForm.storageKey).toBe('perfil_V1.6');
    }
  });

  test('000-5.23 Colombia: at least 10 employees, and eps_actual cannot be notengo', async () => {
    const collective = await form('?productType=colectivo&country=CO');
    expect(fieldOf(collective, 'colectivo', 'cantidadempleados').validation.min).toBe(10);
    const personCo = await form('?country=CO');
    expect(fieldOf(personCo, 'cotizante', 'eps_actual').validation.forbiddenValues).toEqual(['notengo']);
  });

  test('an unknown product type is a 400 naming query.productType; unknown parameters are refused', async () => {
    const response = await fetch(`${runtime.url}/api/profile-form/form?productType=SEGURO%20AUTO`);
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toContainEqual(
      expect.objectContaining({ field: 'query.productType', rule: 'allowed_values' }),
    );
    const unknown = await fetch(`${runtime.url}/api/profile-form/form?tipo=x`);
    expect(await errorsOf(unknown)).toContainEqual(
      expect.objectContaining({ field: 'query.tipo', rule: 'unknown_field' }),
    );
  });
});

describe('POST /api/profile-form/data', () => {
  test('000-7.16 the submitted profile is stored as an event and the answer says what was saved', async () => {
    const response = await post({ model: person, productType: 'ISAPRES' });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      profileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      productType: 'ISAPRES',
      form: 'person',
      country: 'CL',
      message: 'Se ingresaron todos los campos requeridos',
      missingFields: [],
      savedAt: expect.any(String),
    });
    expect(response.headers.get('etag')).toBe('"0"');
    const [event, ...rest] = await runtime.engines.eventStore.readStream(`visitorProfile-${body.profileId}`);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: 'VisitorProfileSubmitted',
      data: {
        profileId: body.profileId,
        productType: 'ISAPRES',
        form: 'person',
        country: 'CL',
        profile: { cotizante: [{ sexo: 'Femenino', edad: 34, ingreso: 1_650_000 }], rut: '12.345.678-5' },
      },
      metadata: { actor: { kind: 'visitor', id: 'anonymous' } },
    });
  });

  test('the answer never echoes the personal data it received', async () => {
    const text = await (await post({ model: person, productType: '' })).text();
    for (const value of [person.rut, person.email, person.telefono, person.nombre])
      expect(text).not.toContain(value);
  });

  test('a retry with the same Idempotency-Key lands on the same profile and stores nothing twice', async () => {
    const headers = { 'Idempotency-Key': 'profile-retry-0001' };
    const first = await json(await post({ model: person, productType: '' }, headers));
    const again = await post({ model: person, productType: '' }, headers);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    expect(await runtime.engines.eventStore.readStream(`visitorProfile-${first.profileId}`)).toHaveLength(1);
  });

  test('000-5.25 a profile without any required field is refused with the list of missing fields', async () => {
    const response = await post({ model: {}, productType: '' });
    expect(response.status).toBe(422);
    expect(await errorsOf(response)).toEqual([
      {
        field: 'model',
        rule: 'required_fields',
        message: 'No se ingresaron los siguientes campos: cotizante',
      },
    ]);
  });

  test('000-5.25 with some required fields the profile is saved and the answer lists the missing ones', async () => {
    const response = await post({
      model: { titular: { nacionalidad: 'Chilena' } },
      productType: 'SEGURO INTERNACIONAL',
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({
      form: 'international',
      missingFields: ['cotizante'],
      message: 'No se ingresaron los siguientes campos: cotizante',
    });
  });

  test('000-5.18 international: a nationality or coverage country marks the profile as data entered', async () => {
    const body = await json(
      await post({
        model: { cotizante: [{ edad: 40, paisCobertura: 'Estados Unidos' }], titular: {} },
        productType: 'SEGURO INTERNACIONAL',
      }),
    );
    const [event] = await runtime.engines.eventStore.readStream(`visitorProfile-${body.profileId}`);
    expect((event!.data as { profile: Profile }).profile.ingresodatos).toBe(true);
  });

  test('000-5.23 Colombia: fewer than 10 employees, or eps_actual notengo, is a 400 naming the field', async () => {
    const few = await post(
      { model: { colectivo: { cantidadempleados: 5 } }, productType: 'colectivo' },
      { country: 'CO' },
    );
    expect(few.status).toBe(400);
    expect(await errorsOf(few)).toContainEqual(
      expect.objectContaining({ field: 'model.colectivo.cantidadempleados', rule: 'min' }),
    );
    const enough = await post(
      { model: { colectivo: { cantidadempleados: 12 } }, productType: 'colectivo' },
      { country: 'CO' },
    );
    expect(enough.status).toBe(201);
    const eps = await post(
      { model: { cotizante: [{ edad: 30, eps_actual: 'notengo' }] }, productType: '' },
      { country: 'CO' },
    );
    expect(await errorsOf(eps)).toContainEqual({
      field: 'model.cotizante.0.eps_actual',
      rule: 'forbidden_value',
      message: 'Indique su EPS actual',
    });
  });

  test.each([
    [
      'an unknown field in the model',
      { model: { cotizante: [{ edadd: 3 }] } },
      'model.cotizante.0.edadd',
      'unknown_field',
    ],
    ['an unknown top-level field', { model: person, extra: 1 }, 'extra', 'unknown_field'],
    ['a negative age', { model: { cotizante: [{ edad: -1 }] } }, 'model.cotizante.0.edad', 'min'],
    ['three adults', { model: { cotizante: [{}, {}, {}] } }, 'model.cotizante', 'max_items'],
    ['a bad e-mail', { model: { ...person, email: 'no-es-correo' } }, 'model.email', 'format:regex'],
    ['no model', { productType: '' }, 'model', 'required'],
    ['a model that is not an object', { model: 'x' }, 'model', 'type:object'],
    [
      'an unknown product type',
      { model: person, productType: 'SEGURO AUTO' },
      'productType',
      'allowed_values',
    ],
  ])('%s is a 400 naming the field and the rule', async (_case, body, field, rule) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toContainEqual(expect.objectContaining({ field, rule }));
  });
});

describe('personal data never reaches the logs', () => {
  let logged = '';
  let logging: Runtime;
  const dir = tempDataDir();
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir.path, LOG_LEVEL: 'trace' });
    logging = await startRuntime(config, pino({ level: 'trace' }, sink));
  });
  afterAll(async () => {
    await logging.stop();
    dir.remove();
  });

  test('a profile with RUT, e-mail, phone and name, accepted or refused, leaves none of them in the log', async () => {
    const url = `${logging.url}/api/profile-form/data`;
    expect((await postJson(url, { model: person, productType: 'ISAPRES' })).status).toBe(201);
    expect((await postJson(url, { model: { ...person, cotizante: [{ edad: -4 }] } })).status).toBe(400);
    expect(
      (await postJson(url, { model: { ...person, cotizante: undefined }, productType: 'SEGURO AUTO' }))
        .status,
    ).toBe(400);
    expect(logged).toContain('/api/profile-form/data');
    for (const value of [person.rut, person.email, person.telefono, person.nombre, '1.650.000', 'María']) {
      expect(logged).not.toContain(value);
    }
  });
});
