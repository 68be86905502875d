import { randomUUID } from 'node:crypto';
import { LeadView, PURCHASE_STEPS, REQUIRED_MESSAGE } from '@cubre/schemas';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from './support/leadsFixture';

/**
 * POST /api/compra-online/pasos over real HTTP (issue 5; services/src/leads/README.md "Online
 * contracting"): a purchase session's steps open and move its lead, which the back-office reads as a lead
 * in Contratación Online with every step in its history.
 */
let runtime: TestRuntime;
let supervisor: string;

beforeAll(async () => {
  runtime = await startTestRuntime();
  await loadLeadsCatalogue(runtime);
  const signedIn = await json(
    await postJson(`${runtime.url}/token`, { email: 'supervisor@demo.cl', password: 'Demo.2026!' }),
  );
  supervisor = signedIn.token;
});
afterAll(async () => {
  await runtime.dispose();
});

const PERSON = {
  nombre: 'Camila Rojas',
  rut: '12.345.678-5',
  email: 'camila.rojas@example.com',
  telefono: '+56 9 8765 4321',
};
const PERSONAL_VALUES = [PERSON.nombre, PERSON.rut, '123456785', PERSON.email, '56987654321'];

const step = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/compra-online/pasos`, body, headers);
const admin = (path: string) =>
  fetch(`${runtime.url}${path}`, { headers: { Authorization: `Bearer ${supervisor}` } });
const adminPost = (path: string, body: unknown) =>
  postJson(`${runtime.url}${path}`, body, { Authorization: `Bearer ${supervisor}` });

/** A session's first step, with the visitor's contact data; answers the lead's id. */
async function openSession(session: string, extra: Record<string, unknown> = {}) {
  const response = await step({
    session,
    productCode: 'VIDA-L',
    step: 'Datos personales',
    sessionType: 'shared',
    ...PERSON,
    region: 13,
    ...extra,
  });
  expect(response.status).toBe(201);
  return (await json(response)).id as string;
}

describe('a purchase session', () => {
  test('002-2.08 002-3.04 002-3.05 002-3.06 Datos personales → Estado de salud → Pago → Confirmación → Compra exitosa!', async () => {
    const session = randomUUID();
    const first = await step({
      session,
      productCode: 'VIDA-L',
      step: 'Datos personales',
      sessionType: 'shared',
      ...PERSON,
      region: 13,
      profile: { cotizante: [{ sexo: 'Femenino', edad: 35 }] },
    });
    expect(first.status).toBe(201);
    const created = await json(first);
    expect(LeadView.parse(created)).toEqual(created);
    expect(created).toMatchObject({
      kind: 'plan',
      requestType: 'Seguros',
      productCode: 'VIDA-L',
      status: { id: 500, name: 'Contratacion Online' },
      revision: 0,
    });
    expect(first.headers.get('location')).toBe(`/api/solicitarplans/${created.id}`);
    expect(first.headers.get('etag')).toBe('"0"');
    for (const value of PERSONAL_VALUES) expect(JSON.stringify(created)).not.toContain(value);

    const sent = [
      { step: 'Estado de salud', expect: { status: 500, subStatus: 'Estado de salud' } },
      { step: 'Pago', paymentMethod: 'tdc', expect: { status: 500, subStatus: 'Pago' } },
      { step: 'Confirmación', paymentMethod: 'tdc', expect: { status: 501, subStatus: 'Recaudación' } },
      {
        step: 'Compra exitosa!',
        paymentMethod: 'tdc',
        subscription: false,
        expect: { status: 3, subStatus: 'Web - Pago único' },
      },
    ];
    let revision = 0;
    for (const { expect: expected, ...body } of sent) {
      // Later steps need no contact data.
      const response = await step({ session, productCode: 'VIDA-L', sessionType: 'shared', ...body });
      expect(response.status).toBe(200);
      revision += 1;
      expect(response.headers.get('etag')).toBe(`"${revision}"`);
      expect(response.headers.get('content-location')).toBe(`/api/solicitarplans/${created.id}`);
      const view = await json(response);
      expect(view).toMatchObject({ id: created.id, status: { id: expected.status }, revision });
      // Read-your-writes: the console sees the step at once.
      const lead = await json(await admin(`/api/admin/leads/${created.id}`));
      expect(lead).toMatchObject({
        status: { id: expected.status },
        subStatus: { name: expected.subStatus },
        contracting: { session, step: body.step },
      });
    }

    const lead = await json(await admin(`/api/admin/leads/${created.id}`));
    expect(lead).toMatchObject({
      status: { id: 3, name: 'Cerrado' },
      subStatus: { id: 302, name: 'Web - Pago único' },
      failureReason: null,
      originPath: '/Compra-Online/VIDA-L',
      contact: { nombre: PERSON.nombre, email: PERSON.email },
      region: { stateCode: 13 },
      contracting: {
        session,
        step: 'Compra exitosa!',
        sessionType: 'shared',
        paymentMethod: 'tdc',
        subscription: false,
      },
    });
    // The storefront's GET reads it back too.
    expect((await json(await fetch(`${runtime.url}/api/solicitarplans/${created.id}`))).status).toEqual({
      id: 3,
      name: 'Cerrado',
    });

    const history = await json(await admin(`/api/admin/leads/${created.id}/history`));
    expect(history.map((entry: any) => entry.type)).toEqual([
      'LeadRequested',
      'LeadContractingStepRecorded',
      'LeadContractingStepRecorded',
      'LeadContractingStepRecorded',
      'LeadContractingStepRecorded',
    ]);
    expect(history.every((entry: any) => entry.actor.name === 'Visitante')).toBe(true);
    expect(history[0].changes).toMatchObject({
      status: { id: 500 },
      subStatus: { name: 'Datos personales' },
      step: 'Datos personales',
    });
    expect(history.slice(1).map((entry: any) => [entry.changes.step, entry.changes.moved])).toEqual([
      ['Estado de salud', true],
      ['Pago', true],
      ['Confirmación', true],
      ['Compra exitosa!', true],
    ]);
    expect(history[3].changes).toMatchObject({
      step: 'Confirmación',
      status: { id: 501, name: 'Pendiente de confirmación' },
      subStatus: { id: 330, name: 'Recaudación' },
      paymentMethod: 'tdc',
      moved: true,
    });
  });

  test('the same step again with the same data records nothing: 200 with the same revision', async () => {
    const session = randomUUID();
    const id = await openSession(session);
    const body = { session, productCode: 'VIDA-L', step: 'Pago', paymentMethod: 'transfer' };
    const once = await step(body);
    expect(once.status).toBe(200);
    expect(once.headers.get('etag')).toBe('"1"');
    const twice = await step(body);
    expect(twice.status).toBe(200);
    expect(twice.headers.get('etag')).toBe('"1"');
    // The first step repeated (a retry of the page) with its contact data answers the lead too.
    const again = await step({
      session,
      productCode: 'VIDA-L',
      step: 'Pago',
      paymentMethod: 'transfer',
      ...PERSON,
    });
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(id);
    expect(await json(await admin(`/api/admin/leads/${id}/history`))).toHaveLength(2);
  });

  test('an Idempotency-Key retry of the first step answers the same lead with 200', async () => {
    const session = randomUUID();
    const body = { session, productCode: 'VIDA-L', step: 'Datos personales', ...PERSON };
    const headers = { 'Idempotency-Key': `compra-${session}` };
    const first = await step(body, headers);
    expect(first.status).toBe(201);
    const retry = await step(body, headers);
    expect(retry.status).toBe(200);
    expect((await json(retry)).id).toBe((await json(first)).id);
  });

  test('a lead the console moved to Fallido keeps Fallido; Compra exitosa! closes it anyway', async () => {
    const id = await openSession(randomUUID());
    const session = (await json(await admin(`/api/admin/leads/${id}`))).contracting.session;
    const subStatuses = await json(await admin('/api/admin/lead-sub-statuses?range=[0,199]'));
    const sinContacto = subStatuses.find((s: any) => s.name === 'Sin contacto');
    const reasons = await json(await admin('/api/admin/failure-reasons?range=[0,99]'));
    const noContesta = reasons.find((r: any) => r.name === 'No contesta');
    const failed = await adminPost(`/api/admin/leads/${id}/status`, {
      statusId: 4,
      subStatusId: sinContacto.id,
      failureReasonId: noContesta.id,
    });
    expect(failed.status).toBe(200);

    const paid = await step({ session, productCode: 'VIDA-L', step: 'Pago', paymentMethod: 'tdc' });
    expect(paid.status).toBe(200);
    expect((await json(paid)).status).toEqual({ id: 4, name: 'Fallido' });
    expect(await json(await admin(`/api/admin/leads/${id}`))).toMatchObject({
      status: { id: 4 },
      subStatus: { id: sinContacto.id },
      failureReason: { id: noContesta.id },
      contracting: { step: 'Pago' },
    });
    const history = await json(await admin(`/api/admin/leads/${id}/history`));
    expect(history[history.length - 1].changes).toMatchObject({
      moved: false,
      step: 'Pago',
      status: { id: 4, name: 'Fallido' },
    });

    const sold = await step({
      session,
      productCode: 'VIDA-L',
      step: 'Compra exitosa!',
      paymentMethod: 'tdc-token',
      subscription: true,
    });
    expect(sold.status).toBe(200);
    expect(await json(await admin(`/api/admin/leads/${id}`))).toMatchObject({
      status: { id: 3, name: 'Cerrado' },
      subStatus: { id: 301, name: 'Web - Suscripción activa' },
      failureReason: null,
    });
    // After the sale a step is recorded and changes nothing.
    const late = await step({ session, productCode: 'VIDA-L', step: 'Confirmación' });
    expect((await json(late)).status).toEqual({ id: 3, name: 'Cerrado' });
  });

  test('a purchase is not marked Duplicado of an earlier request of the same person and product', async () => {
    const earlier = await postJson(`${runtime.url}/api/solicitarplans`, {
      productCode: 'VIDA-L',
      ...PERSON,
      email: 'camila.duplicada@example.com',
    });
    expect(earlier.status).toBe(201);
    const id = await openSession(randomUUID(), { email: 'camila.duplicada@example.com' });
    expect(await json(await admin(`/api/admin/leads/${id}`))).toMatchObject({
      status: { id: 500 },
      duplicateOf: null,
    });
  });

  test('an add-on product opens an addon lead, read back under its own path', async () => {
    const response = await step({
      session: randomUUID(),
      productCode: 'COMP-L',
      step: 'Datos personales',
      ...PERSON,
    });
    expect(response.status).toBe(201);
    const view = await json(response);
    expect(view.kind).toBe('addon');
    expect(response.headers.get('location')).toBe(`/api/seguro-adicional/solicitar/${view.id}`);
  });

  test('the session id is compared in lower case: one session, one lead', async () => {
    const session = randomUUID();
    const id = await openSession(session);
    const upper = await step({ session: session.toUpperCase(), productCode: 'VIDA-L', step: 'Pago' });
    expect(upper.status).toBe(200);
    expect((await json(upper)).id).toBe(id);
  });
});

describe('refusals (application/problem+json naming the field)', () => {
  const problemOf = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    return json(response);
  };

  test('002-2.08 an unknown step is a 422 naming step and listing the steps', async () => {
    const problem = await problemOf(
      await step({ session: randomUUID(), productCode: 'VIDA-L', step: 'Pagar', ...PERSON }),
      422,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'step', rule: 'step' })]);
    for (const name of PURCHASE_STEPS) expect(problem.errors[0].message).toContain(`'${name}'`);
  });

  test('002-4.10 an unknown payment method is a 422 naming paymentMethod', async () => {
    const problem = await problemOf(
      await step({
        session: randomUUID(),
        productCode: 'VIDA-L',
        step: 'Pago',
        paymentMethod: 'bitcoin',
        ...PERSON,
      }),
      422,
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: 'paymentMethod', rule: 'payment_method' }),
    ]);
    expect(problem.errors[0].message).toContain("'transfer_non_automated'");
  });

  test('002-5.12 a first step without contact data is a 422 naming each missing field', async () => {
    const session = randomUUID();
    const problem = await problemOf(
      await step({ session, productCode: 'VIDA-L', step: 'Datos personales', nombre: PERSON.nombre }),
      422,
    );
    expect(problem.errors).toEqual(
      ['rut', 'email', 'telefono'].map((field) => ({ field, rule: 'required', message: REQUIRED_MESSAGE })),
    );
    // Nothing was stored: the same session may start properly.
    expect(await openSession(session)).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('002-5.03 a bad RUT is a 400 naming rut with invalidRut, as POST /api/solicitarplans', async () => {
    const problem = await problemOf(
      await step({
        session: randomUUID(),
        productCode: 'VIDA-L',
        step: 'Datos personales',
        ...PERSON,
        rut: '12.345.678-9',
      }),
      400,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'rut', rule: 'invalidRut' })]);
  });

  test('000-7.18 a product not in the catalogue is a 422 naming productCode', async () => {
    const problem = await problemOf(
      await step({ session: randomUUID(), productCode: 'NO-EXISTE', step: 'Datos personales', ...PERSON }),
      422,
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'productCode', rule: 'catalogue' })]);
  });

  test('a session that is not a UUID, or none, is a 400 naming session', async () => {
    const bad = await problemOf(
      await step({ session: 'abc', productCode: 'VIDA-L', step: 'Datos personales', ...PERSON }),
      400,
    );
    expect(bad.errors).toEqual([expect.objectContaining({ field: 'session', rule: 'format:uuid' })]);
    const none = await problemOf(
      await step({ productCode: 'VIDA-L', step: 'Datos personales', ...PERSON }),
      400,
    );
    expect(none.errors).toEqual([expect.objectContaining({ field: 'session', rule: 'required' })]);
  });

  test('an unknown field, a long sessionType or a subscription that is not a boolean is a 400', async () => {
    const problem = await problemOf(
      await step({
        session: randomUUID(),
        productCode: 'VIDA-L',
        step: 'Pago',
        sessionType: 'x'.repeat(41),
        subscription: 'sí',
        price: 1,
        ...PERSON,
      }),
      400,
    );
    expect(problem.errors.map((e: any) => [e.field, e.rule]).sort()).toEqual([
      ['price', 'unknown_field'],
      ['sessionType', 'max_length'],
      ['subscription', 'type:boolean'],
    ]);
  });

  test('a later step for another product, or another edition, is a 422 naming the field', async () => {
    const session = randomUUID();
    await openSession(session);
    const product = await problemOf(await step({ session, productCode: 'COMP-L', step: 'Pago' }), 422);
    expect(product.errors).toEqual([
      expect.objectContaining({ field: 'productCode', rule: 'session_product' }),
    ]);
    const edition = await problemOf(
      await step({ session, productCode: 'VIDA-L', step: 'Pago' }, { country: 'PE' }),
      422,
    );
    expect(edition.errors).toEqual([expect.objectContaining({ field: 'country', rule: 'edition' })]);
  });
});
