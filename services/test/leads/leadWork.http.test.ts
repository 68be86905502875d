import { rutCheckDigit } from '@cubre/schemas/identification';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from './support/leadsFixture';

/** The console's lead API over real HTTP (issue 5; admin-console/API.md): list, commands, history, agenda. */
let runtime: TestRuntime;
/** The app's clock runs this far ahead of real time: a test that needs time to pass moves it. */
let clockAhead = 0;
const clock = () => new Date(Date.now() + clockAhead);
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  runtime = await startTestRuntime({}, { clock });
  await loadLeadsCatalogue(runtime);
  for (const who of ['admin', 'supervisor', 'ejecutivo', 'ejecutivo2', 'backoffice', 'empresa']) {
    const body = await json(
      await postJson(`${runtime.url}/token`, { email: `${who}@demo.cl`, password: 'Demo.2026!' }),
    );
    tokens[who] = body.token;
    ids[who] = body.user.id;
  }
});
afterAll(async () => {
  await runtime.dispose();
});

const auth = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });
const get = (who: string, path: string) => fetch(`${runtime.url}${path}`, { headers: auth(who) });
const post = (who: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}${path}`, body, { ...auth(who), ...headers });
const list = (who: string, filter: object, extra = '') =>
  get(who, `/api/admin/leads?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);

/** A valid RUT for a number: its check digit by modulo 11 (rule 002-5.03). */
function rutFor(body: number): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

let people = 0;
/** A visitor's request from the storefront's own call; a new person each time unless one is given. */
async function visitorRequest(
  person?: { nombre: string; rut: string; email: string },
  productCode = 'COMP-L',
) {
  people += 1;
  const who = person ?? {
    nombre: `Visitante ${'abcdefghij'[people % 10]}${'klmnopqrst'[Math.floor(people / 10) % 10]}`,
    rut: rutFor(12_000_000 + people * 7919),
    email: `visitante${people}@example.com`,
  };
  const response = await postJson(`${runtime.url}/api/solicitarplans`, {
    productCode,
    ...who,
    telefono: '+56 9 1234 5678',
    region: 13,
  });
  expect([200, 201]).toContain(response.status);
  return (await json(response)).id as string;
}

describe('the lead list (GET /api/admin/leads)', () => {
  test("a visitor's request appears in the supervisor's list with its contact data and Content-Range", async () => {
    const leadId = await visitorRequest({
      nombre: 'Marta Núñez',
      rut: rutFor(16_543_210),
      email: 'marta@example.com',
    });
    const response = await list('supervisor', { q: 'marta@example.com' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-range')).toMatch(/^leads 0-0\/1$/);
    const [row] = await json(response);
    expect(row).toMatchObject({
      id: leadId,
      status: { id: 1, name: 'Sin Estado' },
      contact: { nombre: 'Marta Núñez' },
    });
    expect(row.search).toBeUndefined();
    // By RUT without punctuation and by name without accents too.
    expect(await json(await list('supervisor', { q: rutFor(16_543_210).replace('-', '') }))).toHaveLength(1);
    expect(await json(await list('supervisor', { q: 'marta nunez' }))).toHaveLength(1);
  });

  test('an executive sees only the leads assigned to them; a company administrator none', async () => {
    const leadId = await visitorRequest();
    expect((await json(await list('ejecutivo', { q: undefined }))).map((l: any) => l.id)).not.toContain(
      leadId,
    );
    const assigned = await post('supervisor', `/api/admin/leads/${leadId}/assign`, {
      executiveId: ids.ejecutivo,
    });
    expect(assigned.status).toBe(200);
    const mine = await json(await get('ejecutivo', '/api/admin/leads?range=[0,99]'));
    expect(mine.map((l: any) => l.id)).toContain(leadId);
    expect(mine.every((l: any) => l.executiveId === ids.ejecutivo)).toBe(true);
    expect((await get('ejecutivo2', `/api/admin/leads/${leadId}`)).status).toBe(404);
    expect((await get('empresa', '/api/admin/leads')).status).toBe(403);
  });

  test('filters by status, executive, request type, country, product and date range, sorted and paged', async () => {
    const first = await visitorRequest(undefined, 'COMP-L');
    const second = await visitorRequest(undefined, 'COMP-L');
    await post('supervisor', `/api/admin/leads/${second}/assign`, { executiveId: ids.ejecutivo2 });
    const today = new Date().toISOString().slice(0, 10);
    const filter = {
      status: [2],
      executiveId: ids.ejecutivo2,
      requestType: 'Seguros',
      country: 'CL',
      productCode: 'COMP-L',
      createdAt_gte: today,
      createdAt_lte: today,
    };
    const rows = await json(await list('supervisor', filter, '&sort=["createdAt","DESC"]&range=[0,9]'));
    expect(rows.map((l: any) => l.id)).toContain(second);
    expect(rows.map((l: any) => l.id)).not.toContain(first);
    const page = await list('supervisor', {}, '&sort=["createdAt","ASC"]&range=[1,2]');
    expect(page.headers.get('content-range')).toMatch(/^leads 1-2\/\d+$/);
    expect(await json(page)).toHaveLength(2);
  });

  test('an unknown filter or sort field, or a bad date, is a 400 naming it', async () => {
    for (const [query, field] of [
      ['filter={"colour":1}', 'filter.colour'],
      ['sort=["contact.rut","ASC"]', 'sort'],
      ['filter={"createdAt_gte":"ayer"}', 'filter.createdAt_gte'],
      ['range=[5,1]', 'range'],
    ]) {
      const response = await get('supervisor', `/api/admin/leads?${query}`);
      expect(response.status).toBe(400);
      expect((await json(response)).errors[0].field).toBe(field);
    }
  });
});

describe('working a lead', () => {
  test('the executive moves a lead through Asignado/Contactado to Cerrado, each change in the history', async () => {
    const leadId = await visitorRequest();
    await post('supervisor', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo });
    const statuses = await json(await get('ejecutivo', '/api/admin/lead-sub-statuses?range=[0,199]'));
    const contactado = statuses.find((s: any) => s.name === 'Contactado' && s.parentIds.includes(2));
    const contacted = await post('ejecutivo', `/api/admin/leads/${leadId}/status`, {
      statusId: 2,
      subStatusId: contactado.id,
      reason: 'primera llamada',
    });
    expect(contacted.status).toBe(200);
    expect(await json(contacted)).toMatchObject({
      status: { id: 2 },
      subStatus: { id: contactado.id, name: 'Contactado' },
    });
    const closed = await post('ejecutivo', `/api/admin/leads/${leadId}/status`, {
      statusId: 3,
      reason: 'contrató',
    });
    expect(closed.status).toBe(200);
    expect((await json(closed)).status).toEqual({ id: 3, name: 'Cerrado' });

    const history = await json(await get('ejecutivo', `/api/admin/leads/${leadId}/history`));
    expect(history.map((h: any) => h.type)).toEqual([
      'LeadRequested',
      'LeadAssigned',
      'LeadStatusChanged',
      'LeadStatusChanged',
      'LeadStatusChanged',
    ]);
    expect(history[0].actor).toMatchObject({ kind: 'visitor', name: 'Visitante' });
    expect(history[1].actor).toMatchObject({ kind: 'user', id: ids.supervisor, name: 'Sergio Supervisor' });
    expect(history[3]).toMatchObject({ actor: { name: 'Elena Ejecutiva' }, reason: 'primera llamada' });
    expect(history[4].changes).toMatchObject({ from: { id: 2 }, to: { id: 3, name: 'Cerrado' } });
  });

  test('002-3.10 Fallido refuses to move without a sub-status and a failure reason, then records both', async () => {
    const leadId = await visitorRequest();
    await post('supervisor', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo });
    const bare = await post('ejecutivo', `/api/admin/leads/${leadId}/status`, { statusId: 4 });
    expect(bare.status).toBe(422);
    expect((await json(bare)).errors[0]).toMatchObject({ field: 'subStatusId', rule: 'sub_status_required' });
    const subStatuses = await json(await get('ejecutivo', '/api/admin/lead-sub-statuses?range=[0,199]'));
    const sinContacto = subStatuses.find((s: any) => s.name === 'Sin contacto');
    const noReason = await post('ejecutivo', `/api/admin/leads/${leadId}/status`, {
      statusId: 4,
      subStatusId: sinContacto.id,
    });
    expect((await json(noReason)).errors[0]).toMatchObject({
      field: 'failureReasonId',
      rule: 'failure_reason_required',
    });
    const reasons = await json(await get('ejecutivo', '/api/admin/failure-reasons?range=[0,99]'));
    const noContesta = reasons.find((r: any) => r.name === 'No contesta');
    const failed = await post('ejecutivo', `/api/admin/leads/${leadId}/status`, {
      statusId: 4,
      subStatusId: sinContacto.id,
      failureReasonId: noContesta.id,
    });
    expect(failed.status).toBe(200);
    expect(await json(failed)).toMatchObject({
      status: { id: 4, name: 'Fallido' },
      failureReason: { id: noContesta.id, name: 'No contesta' },
    });
  });

  test('a move the policy does not allow is a 422 naming statusId; a stale If-Match is a 409', async () => {
    const leadId = await visitorRequest();
    const refused = await post('supervisor', `/api/admin/leads/${leadId}/status`, { statusId: 3 });
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors[0]).toMatchObject({
      field: 'statusId',
      rule: 'transition_not_allowed',
    });
    const stale = await post(
      'supervisor',
      `/api/admin/leads/${leadId}/assign`,
      { executiveId: ids.ejecutivo },
      { 'If-Match': '"7"' },
    );
    expect(stale.status).toBe(409);
    expect(stale.headers.get('etag')).toBe('"0"');
    const fresh = await post(
      'supervisor',
      `/api/admin/leads/${leadId}/assign`,
      { executiveId: ids.ejecutivo },
      { 'If-Match': '"0"' },
    );
    expect(fresh.status).toBe(200);
  });

  test('the executive may not assign, nor work a lead of another executive', async () => {
    const leadId = await visitorRequest();
    expect(
      (await post('ejecutivo', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo })).status,
    ).toBe(403);
    await post('supervisor', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo2 });
    const other = await post('ejecutivo', `/api/admin/leads/${leadId}/notes`, { text: 'hola' });
    expect(other.status).toBe(403);
  });

  test("the executive picker's list: users whose roles grant lead:read, company administrators left out", async () => {
    const filter = encodeURIComponent(JSON.stringify({ permission: 'lead:read', status: 'Activo' }));
    const users = await json(await get('supervisor', `/api/admin/users?filter=${filter}&range=[0,99]`));
    const emails = users.map((u: any) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['ejecutivo@demo.cl', 'ejecutivo2@demo.cl', 'supervisor@demo.cl']),
    );
    expect(emails).not.toContain('empresa@demo.cl');
  });

  test('assignment to a user who cannot work leads is refused with CODE002', async () => {
    const leadId = await visitorRequest();
    const response = await post('supervisor', `/api/admin/leads/${leadId}/assign`, {
      executiveId: ids.empresa,
    });
    expect(response.status).toBe(422);
    expect((await json(response)).errors[0]).toMatchObject({ field: 'executiveId', rule: 'CODE002' });
  });

  test('bulk reassignment moves every lead named to the new executive', async () => {
    const a = await visitorRequest();
    const b = await visitorRequest();
    const response = await post('supervisor', '/api/admin/leads/assign', {
      ids: [a, b],
      executiveId: ids.ejecutivo2,
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data.sort()).toEqual([a, b].sort());
    const rows = await json(await list('supervisor', { id: [a, b] }));
    expect(rows.map((l: any) => l.executiveName)).toEqual(['Esteban Ejecutivo', 'Esteban Ejecutivo']);
  });

  test("notes and a scheduled LLAMADA: the note counts on the lead, the call lands in the executive's agenda", async () => {
    const leadId = await visitorRequest();
    await post('supervisor', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo });
    const noted = await post('ejecutivo', `/api/admin/leads/${leadId}/notes`, { text: 'Prefiere WhatsApp' });
    expect(noted.status).toBe(201);
    expect((await json(noted)).notesCount).toBe(1);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await post('ejecutivo', `/api/admin/leads/${leadId}/events`, {
      type: 'LLAMADA',
      at,
      remindAt: new Date(Date.now() + 1_800_000).toISOString(),
      note: 'segunda llamada',
    });
    expect(scheduled.status).toBe(201);
    const agenda = await json(
      await get('ejecutivo', `/api/admin/agenda?filter=${encodeURIComponent(JSON.stringify({ leadId }))}`),
    );
    expect(agenda).toEqual([
      expect.objectContaining({
        leadId,
        type: 'LLAMADA',
        at,
        executiveId: ids.ejecutivo,
        note: 'segunda llamada',
      }),
    ]);
    expect(
      await json(
        await get('ejecutivo2', `/api/admin/agenda?filter=${encodeURIComponent(JSON.stringify({ leadId }))}`),
      ),
    ).toEqual([]);
    const badType = await post('ejecutivo', `/api/admin/leads/${leadId}/events`, { type: 'CAFE', at });
    expect(badType.status).toBe(400);
  });

  test('the lead as of a past moment is rebuilt from its events', async () => {
    const leadId = await visitorRequest();
    const before = clock().toISOString();
    // A second later on the app's clock, which dates the assignment's event.
    clockAhead += 1000;
    await post('supervisor', `/api/admin/leads/${leadId}/assign`, { executiveId: ids.ejecutivo });
    const then = await json(
      await get('supervisor', `/api/admin/leads/${leadId}?asOf=${encodeURIComponent(before)}`),
    );
    expect(then).toMatchObject({
      id: leadId,
      status: { id: 1, name: 'Sin Estado' },
      executiveId: null,
      revision: 0,
      asOf: before,
    });
    const now = await json(await get('supervisor', `/api/admin/leads/${leadId}`));
    expect(now).toMatchObject({ status: { id: 2 }, executiveId: ids.ejecutivo });
    const tooEarly = await get('supervisor', `/api/admin/leads/${leadId}?asOf=2020-01-01T00:00:00Z`);
    expect(tooEarly.status).toBe(404);
  });

  test('a second request of the same RUT or e-mail for the same product is marked Duplicado of the first; another person is not', async () => {
    const person = { nombre: 'Rosa Pérez', rut: rutFor(14_285_714), email: 'rosa@example.com' };
    const first = await visitorRequest(person);
    const second = await visitorRequest({ ...person, email: 'otra@example.com' });
    const third = await visitorRequest({ ...person, rut: rutFor(10_000_013) }, 'COMP-L');
    const otherPerson = await visitorRequest(
      { nombre: 'Rosa Pérez', rut: rutFor(5_126_663), email: 'rosa.otra@example.com' },
      'COMP-L',
    );
    const rows = await json(await list('supervisor', { id: [first, second, third, otherPerson] }));
    const byId = Object.fromEntries(rows.map((l: any) => [l.id, l]));
    expect(byId[first].status.id).toBe(1);
    expect(byId[second]).toMatchObject({ status: { id: 6, name: 'Duplicado' }, duplicateOf: first });
    expect(byId[third]).toMatchObject({ status: { id: 6 }, duplicateOf: first });
    expect(byId[otherPerson].status.id).toBe(1);
  });

  test('issue 13 the visitor’s answer does not tell whether someone with that RUT or e-mail asked before: Duplicado is for the console', async () => {
    const person = { nombre: 'Inés Toro', rut: rutFor(16_111_222), email: 'ines.toro@example.com' };
    const ask = () =>
      postJson(`${runtime.url}/api/solicitarplans`, {
        productCode: 'COMP-L',
        ...person,
        telefono: '+56 9 1234 5678',
        region: 13,
      });
    const first = await json(await ask());
    const second = await json(await ask());
    const shape = (lead: any) => ({ status: lead.status, kind: lead.kind, productCode: lead.productCode });
    expect(shape(second)).toEqual(shape(first));
    expect(second.status.name).not.toBe('Duplicado');
    const readBack = await json(await fetch(`${runtime.url}/api/solicitarplans/${second.id}`));
    expect(readBack.status).toEqual(first.status);
    // The console still sees what it is.
    const [row] = await json(await list('supervisor', { id: [second.id] }));
    expect(row).toMatchObject({ status: { id: 6, name: 'Duplicado' }, duplicateOf: first.id });
  });

  test('002-3.21 a contact-form message becomes a Contactos lead the console works like any other', async () => {
    const sent = await postJson(`${runtime.url}/api/contactos`, {
      nombre: "Pía O'Ryan",
      email: 'pia.oryan@example.com',
      telefono: '+56 2 2345 6789',
      asunto: 'Seguro para mi pyme',
      mensaje: 'Somos 12 personas, ¿qué opciones hay?',
    });
    expect(sent.status).toBe(201);
    const [lead] = await json(await list('supervisor', { q: 'pia.oryan@example.com' }));
    expect(lead).toMatchObject({
      kind: 'contact',
      requestType: 'Contactos',
      productName: 'Contacto — Seguro para mi pyme',
      status: { id: 1, name: 'Sin Estado' },
      contact: { nombre: "Pía O'Ryan", rut: '' },
      message: { asunto: 'Seguro para mi pyme', mensaje: 'Somos 12 personas, ¿qué opciones hay?' },
    });
    expect(
      (await json(await list('supervisor', { requestType: 'Contactos' }))).map((l: any) => l.id),
    ).toContain(lead.id);
    const assigned = await post('supervisor', `/api/admin/leads/${lead.id}/assign`, {
      executiveId: ids.ejecutivo,
    });
    expect((await json(assigned)).status).toMatchObject({ id: 2 });
    // The storefront's own GET serves plan leads only.
    expect((await fetch(`${runtime.url}/api/solicitarplans/${lead.id}`)).status).toBe(404);
  });

  test('counts by status and by executive', async () => {
    const counts = await json(await get('supervisor', '/api/admin/lead-counts'));
    expect(counts.byStatus.find((s: any) => s.statusId === 1).count).toBeGreaterThan(0);
    expect(counts.byExecutive.map((e: any) => e.name)).toEqual(
      expect.arrayContaining(['Elena Ejecutiva', 'Esteban Ejecutivo']),
    );
    const mine = await json(await get('ejecutivo', '/api/admin/lead-counts'));
    expect(mine.byExecutive).toEqual([expect.objectContaining({ executiveId: ids.ejecutivo })]);
  });
});

describe('least privilege (issue 13, "Data at rest and roles")', () => {
  test('back office reads every lead but cannot change a status, write a note or book an event', async () => {
    const leadId = await visitorRequest();
    expect((await get('backoffice', `/api/admin/leads/${leadId}`)).status).toBe(200);
    const moved = await post('backoffice', `/api/admin/leads/${leadId}/status`, { statusId: 3 });
    const noted = await post('backoffice', `/api/admin/leads/${leadId}/notes`, { text: 'hola' });
    const booked = await post('backoffice', `/api/admin/leads/${leadId}/events`, {
      type: 'LLAMADA',
      at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect([moved.status, noted.status, booked.status]).toEqual([403, 403, 403]);
    const history = await json(await get('supervisor', `/api/admin/leads/${leadId}`));
    expect(history.status).toMatchObject({ id: 1 });
  });
});
