import {
  DEPENDANT_AGE_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  HOLDER_AGE_MESSAGE,
  LeadView,
  NAME_INVALID_MESSAGE,
  PHONE_MIN_DIGITS_MESSAGE,
  REQUIRED_MESSAGE,
  RUT_INVALID_MESSAGE,
} from '@cubre/schemas';
import { LEADS_COLLECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { loadLeadsCatalogue, startLoggingRuntime, type LoggingRuntime } from './support/leadsFixture';

let runtime: LoggingRuntime;
beforeAll(async () => {
  runtime = await startLoggingRuntime();
  await loadLeadsCatalogue(runtime);
});
afterAll(async () => {
  await runtime.dispose();
});

/** Personal data every request below carries: none of it may appear in an answer to GET or in the logs. */
const PERSON = {
  nombre: 'Ana Soto',
  rut: '12.345.678-5',
  email: 'ana.soto@example.com',
  telefono: '+56 9 1234 5678',
};
const PERSONAL_VALUES = [
  PERSON.nombre,
  PERSON.rut,
  '123456785',
  PERSON.email,
  '56912345678',
  'Renata Díaz',
  'renata@example.com',
  '76.086.428-5',
  '98765432101',
  'Bernardo',
];

const planBody = (extra: Record<string, unknown> = {}) => ({
  productCode: 'COMP-L',
  ...PERSON,
  region: 13,
  profile: { cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: '2.100.000' }] },
  price: { value: 0.85, unit: 'UF' },
  comparator: 'seguros-de-salud',
  originPath: '/Seguros/Seguros-Andes/COMP-L/Solicitar?perfil=eyJhIjoxfQ',
  ...extra,
});
const requestPlan = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/solicitarplans`, body, headers);
const requestAddon = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/seguro-adicional/solicitar`, body, headers);
const updatePlan = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/solicitarplans/update`, body, headers);
const leadDoc = (id: string) =>
  runtime.engines.readStore.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: id });

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)) as {
    status: number;
    type: string;
    errors: { field: string; rule: string; message: string }[];
  };
}

async function created(body: unknown = planBody()) {
  const response = await requestPlan(body);
  expect(response.status).toBe(201);
  return LeadView.parse(await json(response));
}

describe('POST api/solicitarplans and GET api/solicitarplans/{id}', () => {
  test('000-7.18 a plan request answers 201 with the lead, its Location and its revision as ETag', async () => {
    const response = await requestPlan(planBody());
    expect(response.status).toBe(201);
    const lead = LeadView.parse(await json(response));
    expect(lead).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'plan',
      requestType: 'Seguros',
      country: 'CL',
      productCode: 'COMP-L',
      productName: 'Complementario Andes',
      productType: '',
      organizationName: 'Seguros Andes',
      basePlanCode: null,
      status: { id: 1, name: 'Sin Estado' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      revision: 0,
    });
    expect(response.headers.get('location')).toBe(`/api/solicitarplans/${lead.id}`);
    expect(response.headers.get('etag')).toBe('"0"');
  });

  test('000-7.18 GET right after the POST finds the lead (read-your-writes), without personal data', async () => {
    const lead = await created();
    const response = await fetch(`${runtime.url}/api/solicitarplans/${lead.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual(lead);
    for (const value of PERSONAL_VALUES) expect(text).not.toContain(value);
  });

  test('the read model keeps the personal data for the console, cleaned, with search keys', async () => {
    const lead = await created();
    expect(await leadDoc(lead.id)).toMatchObject({
      contact: {
        nombre: 'Ana Soto',
        rut: '12.345.678-5',
        email: 'ana.soto@example.com',
        telefono: '+56912345678',
      },
      search: { rut: '123456785', email: 'ana.soto@example.com', nombre: 'ana soto' },
      region: { stateCode: 13 },
      profile: { cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: 2_100_000 }] },
      price: { value: 0.85, unit: 'UF' },
      comparator: 'seguros-de-salud',
      // The query string (a perfil, say) is not kept.
      originPath: '/Seguros/Seguros-Andes/COMP-L/Solicitar',
      status: { id: 1, name: 'Sin Estado' },
      subStatus: null,
      executiveId: null,
      revision: 0,
    });
  });

  test('002-3.21 an isapre plan, requested by its plan code, is a lead of type Planes', async () => {
    const lead = await created(planBody({ productCode: 'CS-01', price: { value: 1.9, unit: 'UF' } }));
    expect(lead).toMatchObject({ requestType: 'Planes', productType: 'ISAPRES', productName: 'Plan CS-01' });
  });

  test('002-3.21 a company product is a lead of type Colectivos', async () => {
    const lead = await created(planBody({ productCode: 'EMP-L' }));
    expect(lead).toMatchObject({ requestType: 'Colectivos', productType: 'SEGURO COLECTIVO' });
  });

  test('000-3.17 contact fields sent inside the profile, as the original site did, are taken as the request’s', async () => {
    const { nombre, rut, email, telefono, ...rest } = planBody();
    const lead = await created({ ...rest, profile: { ...rest.profile, nombre, rut, email, telefono } });
    const doc = await leadDoc(lead.id);
    expect(doc!.contact).toEqual({ nombre, rut, email, telefono: '+56912345678' });
    expect(doc!.profile).not.toHaveProperty('rut');
    expect(doc!.profile).not.toHaveProperty('email');
  });

  test('a lead keeps the quote its profile got on the card: amount, unit, period, persons and the profile (issue 11)', async () => {
    const family = {
      cotizante: [{ sexo: 'Masculino', edad: 35 }],
      cargas: [
        { sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
        { sexo: 'Masculino', edad: 4, parentesco: 'Hijo/Hija' },
      ],
    };
    for (const productCode of ['CS-01', 'COMP-L']) {
      const compared = await postJson(`${runtime.url}/api/insurance/compare/metadata`, {
        organizationTypes: ['ISAPRE', 'ASEGURADORA'],
        profile: family,
        take: 100,
      });
      const card = (await json(compared)).data.find(
        (each: { productCode: string }) => each.productCode === productCode,
      );
      const lead = await created(
        planBody({
          productCode,
          profile: family,
          price: { value: card.price.value, unit: card.price.unit.code },
        }),
      );
      const doc = await leadDoc(lead.id);
      expect(doc!.quote).toEqual({
        amount: card.price.value,
        unit: card.price.unit.code,
        formatted: card.price.formatted,
        period: 'mensual',
        suffix: card.priceSuffix,
        label: 'para 3 personas',
        fromProfile: true,
        insured: 3,
        uninsurable: [],
        uf: card.price.uf,
        pricedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(doc!.profile).toMatchObject(family);
    }
  });

  test('a client that sends another price than the catalogue’s still gets the catalogue’s quote; the gap is logged without personal data', async () => {
    const lead = await created(planBody({ price: { value: 1.4, unit: 'UF' } }));
    const doc = await leadDoc(lead.id);
    expect(doc!.quote!.amount).not.toBe(1.4);
    const warning = runtime
      .logged()
      .split('\n')
      .filter((line) => line.includes('other than the catalogue quote'))
      .map((line) => JSON.parse(line))
      .find((line) => line.leadId === lead.id);
    expect(warning).toMatchObject({ productCode: 'COMP-L', shown: { value: 1.4, unit: 'UF' } });
    for (const value of PERSONAL_VALUES) expect(JSON.stringify(warning)).not.toContain(value);
  });

  test('issue 11: a profile with an impossible main member or dependant is a 400 naming the age and the rule', async () => {
    for (const [profile, field, message] of [
      [{ cotizante: [{ sexo: 'Masculino', edad: 150 }] }, 'profile.cotizante.0.edad', HOLDER_AGE_MESSAGE],
      [{ cotizante: [{ sexo: 'Masculino', edad: 3 }] }, 'profile.cotizante.0.edad', HOLDER_AGE_MESSAGE],
      [{ cotizante: [{ sexo: 'Masculino', edad: 0 }] }, 'profile.cotizante.0.edad', HOLDER_AGE_MESSAGE],
      [
        { cotizante: [{ edad: 40 }], cargas: [{ edad: 111, parentesco: 'Hijo/Hija' }] },
        'profile.cargas.0.edad',
        DEPENDANT_AGE_MESSAGE,
      ],
    ] as const) {
      const response = await requestPlan(planBody({ profile }));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).errors).toContainEqual({ field, rule: 'age', message });
    }
  });

  test('000-5.27 a request with price 0 or without a price is accepted and logged without personal data', async () => {
    const free = await created(planBody({ price: 0 }));
    const none = await created(planBody({ price: undefined }));
    const warnings = runtime
      .logged()
      .split('\n')
      .filter((line) => line.includes('lead requested without a price'))
      .map((line) => JSON.parse(line));
    expect(warnings).toContainEqual(
      expect.objectContaining({ leadId: free.id, productCode: 'COMP-L', price: 0, level: 40 }),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ leadId: none.id, price: null }));
  });

  test('a retry with the same Idempotency-Key answers the same lead with 200 and stores one event', async () => {
    const headers = { 'Idempotency-Key': 'lead-retry-0001' };
    const first = await requestPlan(planBody(), headers);
    const again = await requestPlan(planBody(), headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = [await json(first), await json(again)];
    expect(b).toEqual(a);
    expect(await runtime.engines.eventStore.readStream(`lead-${a.id}`)).toHaveLength(1);
  });

  test('no personal data goes into the event metadata', async () => {
    const lead = await created();
    const [event] = await runtime.engines.eventStore.readStream(`lead-${lead.id}`);
    expect(event!.metadata.actor).toEqual({ kind: 'visitor', id: 'anonymous' });
    for (const value of PERSONAL_VALUES) expect(JSON.stringify(event!.metadata)).not.toContain(value);
  });

  test('an unknown lead id, or one that is not an id, is a 404 problem', async () => {
    for (const id of ['0a1b2c3d-4e5f-5a6b-8c7d-0123456789ab', 'update', 'x'.repeat(40)]) {
      const response = await fetch(`${runtime.url}/api/solicitarplans/${id}`);
      expect(response.status).toBe(404);
      expect((await problemOf(response)).type).toBe('https://cubre.cl/problems/not-found');
    }
  });
});

describe('refusals name each field with the seed’s rule and message', () => {
  test('002-5.03 a bad RUT is a 400 naming rut with invalidRut', async () => {
    const response = await requestPlan(planBody({ rut: '12.345.678-9' }));
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 400, type: 'https://cubre.cl/problems/validation' });
    expect(problem.errors).toEqual([{ field: 'rut', rule: 'invalidRut', message: RUT_INVALID_MESSAGE }]);
  });

  test('002-5.07 001-5.19 002-5.08 002-5.12 every bad field is named at once', async () => {
    const response = await requestPlan(
      planBody({ rut: undefined, email: 'ana@example', telefono: '9 1234 5678', nombre: 'A1' }),
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual(
      expect.arrayContaining([
        { field: 'rut', rule: 'required', message: REQUIRED_MESSAGE },
        { field: 'email', rule: 'email', message: EMAIL_INVALID_MESSAGE },
        { field: 'telefono', rule: 'nominimo', message: PHONE_MIN_DIGITS_MESSAGE },
        { field: 'nombre', rule: 'name', message: NAME_INVALID_MESSAGE },
      ]),
    );
  });

  test.each([
    ['no product code', { productCode: undefined }, 'productCode', 'required'],
    ['a malformed product code', { productCode: '<script>' }, 'productCode', 'format:regex'],
    ['a region that is not one of the 16', { region: 17 }, 'region', 'region'],
    ['a negative price', { price: -1 }, 'price.value', 'min'],
    ['an origin that is not a path', { originPath: 'https://evil.example/x' }, 'originPath', 'format:regex'],
    ['an unknown product type', { productType: 'SEGURO AUTO' }, 'productType', 'allowed_values'],
    ['an unknown field', { admin: true }, 'admin', 'unknown_field'],
    [
      'a negative age in the profile',
      { profile: { cotizante: [{ edad: -3 }] } },
      'profile.cotizante.0.edad',
      'min',
    ],
  ])('%s is a 400 naming the field', async (_case, extra, field, rule) => {
    const response = await requestPlan(planBody(extra));
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(expect.objectContaining({ field, rule }));
  });

  test('000-7.18 a product not in the catalogue is a 422 naming productCode', async () => {
    const response = await requestPlan(planBody({ productCode: 'NOPE-1' }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      { field: 'productCode', rule: 'catalogue', message: 'no existe el producto NOPE-1' },
    ]);
  });

  test('001-5.15 in the Peruvian edition (country header) rut is a document of 8 to 12 digits', async () => {
    const peruvian = planBody({ productCode: 'PE-SALUD', rut: '45.678.901', region: undefined });
    const accepted = await requestPlan(peruvian, { country: 'PE' });
    expect(accepted.status).toBe(201);
    const lead = await json(accepted);
    expect(lead).toMatchObject({ country: 'PE', productCode: 'PE-SALUD' });
    expect((await leadDoc(lead.id))!.contact.rut).toBe('45678901');
    const chilean = await requestPlan({ ...peruvian, rut: '12.345.678-K' }, { country: 'PE' });
    expect(chilean.status).toBe(400);
    expect((await problemOf(chilean)).errors).toContainEqual(
      expect.objectContaining({ field: 'rut', rule: 'identification' }),
    );
  });

  test('an unknown edition in the country header is a 400 naming it', async () => {
    const response = await requestPlan(planBody(), { country: 'AR' });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'headers.country', rule: 'allowed_values' }),
    );
  });
});

describe('POST api/solicitarplans/update', () => {
  test('000-7.18 an update with the current ETag changes the contact data and moves the revision', async () => {
    const lead = await created();
    const response = await updatePlan(
      { id: lead.id, email: 'Renata@Example.com', telefono: '+56 9 8765 4321' },
      { 'If-Match': '"0"' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    const view = LeadView.parse(await json(response));
    expect(view).toMatchObject({ id: lead.id, revision: 1, status: { id: 1, name: 'Sin Estado' } });
    expect(view.updatedAt >= lead.createdAt).toBe(true);
    expect(await leadDoc(lead.id)).toMatchObject({
      contact: { nombre: 'Ana Soto', email: 'Renata@Example.com', telefono: '+56987654321' },
      search: { email: 'renata@example.com' },
      revision: 1,
    });
    const read = await fetch(`${runtime.url}/api/solicitarplans/${lead.id}`);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  test('an update with a stale revision is a 409 problem with the current ETag, and changes nothing', async () => {
    const lead = await created();
    expect((await updatePlan({ id: lead.id, nombre: 'Renata Díaz' }, { 'If-Match': '"0"' })).status).toBe(
      200,
    );
    const stale = await updatePlan({ id: lead.id, nombre: 'Otra Persona' }, { 'If-Match': '"0"' });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('"1"');
    expect((await problemOf(stale)).errors).toEqual([
      { field: 'If-Match', rule: 'current_revision', message: 'la versión actual es 1' },
    ]);
    const staleInBody = await updatePlan({ id: lead.id, nombre: 'Otra Persona', revision: 0 });
    expect(staleInBody.status).toBe(409);
    expect((await leadDoc(lead.id))!.contact.nombre).toBe('Renata Díaz');
  });

  test('an update that changes nothing answers 200 with the same revision', async () => {
    const lead = await created();
    const response = await updatePlan({ id: lead.id, nombre: 'Ana  Soto' }, { 'If-Match': '"0"' });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
  });

  test('002-5.03 an update with a bad RUT is a 400 naming rut', async () => {
    const lead = await created();
    const response = await updatePlan({ id: lead.id, rut: '76.086.428-4' });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      { field: 'rut', rule: 'invalidRut', message: RUT_INVALID_MESSAGE },
    ]);
    const fixed = await updatePlan({ id: lead.id, rut: '76086428-5' });
    expect(fixed.status).toBe(200);
    expect((await leadDoc(lead.id))!.search.rut).toBe('760864285');
  });

  test('an unknown lead is a 404, with or without If-Match', async () => {
    const id = '0a1b2c3d-4e5f-5a6b-8c7d-0123456789ab';
    expect((await updatePlan({ id, nombre: 'Renata Díaz' })).status).toBe(404);
    expect((await updatePlan({ id, nombre: 'Renata Díaz' }, { 'If-Match': '"3"' })).status).toBe(404);
  });

  test('an update naming nothing to change, or no id, is a 400', async () => {
    const lead = await created();
    const nothing = await updatePlan({ id: lead.id });
    expect(nothing.status).toBe(400);
    expect((await problemOf(nothing)).errors).toContainEqual(
      expect.objectContaining({ field: 'body', rule: 'at_least_one' }),
    );
    const noId = await updatePlan({ nombre: 'Renata Díaz' });
    expect((await problemOf(noId)).errors).toContainEqual(
      expect.objectContaining({ field: 'id', rule: 'required' }),
    );
  });

  test('an update sent for another edition than the lead’s is a 422 naming country', async () => {
    const lead = await created();
    const response = await updatePlan({ id: lead.id, rut: '45678901' }, { country: 'PE' });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual([
      expect.objectContaining({ field: 'country', rule: 'edition' }),
    ]);
  });
});

describe('POST api/seguro-adicional/solicitar and /update', () => {
  test('000-7.19 an add-on request is a lead of kind addon, read back under its own path', async () => {
    const response = await requestAddon(planBody({ basePlanCode: 'CS-01', productCode: 'DENT-L' }));
    expect(response.status).toBe(201);
    const lead = LeadView.parse(await json(response));
    expect(lead).toMatchObject({ kind: 'addon', productCode: 'DENT-L', basePlanCode: 'CS-01', revision: 0 });
    expect(response.headers.get('location')).toBe(`/api/seguro-adicional/solicitar/${lead.id}`);
    const read = await fetch(`${runtime.url}/api/seguro-adicional/solicitar/${lead.id}`);
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual(lead);
    expect((await fetch(`${runtime.url}/api/solicitarplans/${lead.id}`)).status).toBe(404);
  });

  test('000-7.19 its /update changes it; the plan update does not reach it', async () => {
    const lead = LeadView.parse(await json(await requestAddon(planBody())));
    const update = await postJson(
      `${runtime.url}/api/seguro-adicional/update`,
      { id: lead.id, telefono: '+56 9 8765 4321' },
      { 'If-Match': '"0"' },
    );
    expect(update.status).toBe(200);
    expect(update.headers.get('etag')).toBe('"1"');
    expect((await updatePlan({ id: lead.id, nombre: 'Renata Díaz' })).status).toBe(404);
  });

  test('a product that is not an add-on, or a base plan that is not an isapre plan, is a 422', async () => {
    const life = await requestAddon(planBody({ productCode: 'VIDA-L' }));
    expect(life.status).toBe(422);
    expect((await problemOf(life)).errors).toEqual([
      expect.objectContaining({ field: 'productCode', rule: 'addon_type' }),
    ]);
    const base = await requestAddon(planBody({ basePlanCode: 'COMP-L' }));
    expect(base.status).toBe(422);
    expect((await problemOf(base)).errors).toEqual([
      expect.objectContaining({ field: 'basePlanCode', rule: 'catalogue' }),
    ]);
  });
});

describe('POST api/contactos', () => {
  const contact = {
    nombre: "Bernardo O'Higgins",
    email: 'bernardo@example.com',
    telefono: '+56 9 8765 4321 01',
    mensaje: 'Quisiera cotizar un seguro para mi empresa.',
    asunto: 'Seguro colectivo',
    originPath: '/contacto',
  };

  test('000-7.20 a contact message answers 201 with its id and is kept for the back-office', async () => {
    const response = await postJson(`${runtime.url}/api/contactos`, contact);
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), createdAt: expect.any(String) });
    const doc = await runtime.engines.readStore.collection('contacts').findOne({ _id: body.id });
    expect(doc).toMatchObject({
      country: 'CL',
      nombre: "Bernardo O'Higgins",
      email: 'bernardo@example.com',
      telefono: '+5698765432101',
      mensaje: contact.mensaje,
      asunto: 'Seguro colectivo',
      originPath: '/contacto',
    });
    const events = await runtime.engines.eventStore.readStream(`contactRequest-${body.id}`);
    expect(events.map((event) => event.type)).toEqual(['ContactRequested']);
  });

  test('002-5.09 002-5.12 a bad name, a missing message and a bad e-mail are each named', async () => {
    const response = await postJson(`${runtime.url}/api/contactos`, {
      ...contact,
      nombre: 'B0b',
      mensaje: ' ',
      email: 'bernardo@',
    });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'nombre', rule: 'name' }),
        { field: 'mensaje', rule: 'required', message: REQUIRED_MESSAGE },
        { field: 'email', rule: 'email', message: EMAIL_INVALID_MESSAGE },
      ]),
    );
  });
});

describe('personal data never reaches the logs', () => {
  test('RUTs, e-mails, phones and names of accepted and refused requests appear nowhere in the log', async () => {
    await requestPlan(planBody({ rut: '76.086.428-4', nombre: 'Renata Díaz', email: 'renata@example.com' }));
    await requestPlan(planBody({ productCode: 'NOPE-2', telefono: '+56 9 8765 4321 01' }));
    await postJson(`${runtime.url}/api/contactos`, {
      nombre: 'Bernardo',
      email: 'x',
      telefono: '1',
      mensaje: 'a',
    });
    const logged = runtime.logged();
    expect(logged).toContain('/api/solicitarplans');
    expect(logged).toContain('/api/contactos');
    for (const value of PERSONAL_VALUES) expect(logged).not.toContain(value);
  });
});
