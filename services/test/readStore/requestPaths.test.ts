import { LEAD_LIST_SORTS } from '@cubre/services/leads/adminQueries';
import type { ObservedQuery } from '@cubre/platform/adapters/sqlite/readStore/collection';
import type { SqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { formatRut, rutCheckDigit } from '@cubre/schemas';
import { EXECUTIVES, writeLeads } from '../../../scripts/bench/leadsData';
import { listQuery, signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { ONE_PERSON } from '../payments/support/purchaseFixture';

/**
 * Issue 12: every find, findOne and count a request makes is served by an index, whatever the data's
 * size. The real runtime, on leads written as the console works them, has every read route called with the
 * filters and sorts it offers, as each kind of user; every read the store saw meanwhile is then explained
 * (the embedded store's `explain`), and one that reads every document fails the test, naming the query.
 */

/**
 * Reads that take every document on purpose, each with its reason. Nothing else may.
 */
const WHOLE_READS: { why: string; matches(query: ObservedQuery): boolean }[] = [
  {
    why: "the comparator's catalogue snapshot loads the whole catalogue into memory once per catalogue change",
    matches: (query) =>
      [
        'comparatorCards',
        'catalogueOrganizations',
        'catalogueInsuranceTypes',
        'catalogueComparators',
      ].includes(query.collection) && JSON.stringify(query.filter) === '{"withdrawn":false}',
  },
];

let runtime: TestRuntime;
const seen: ObservedQuery[] = [];
let admin: Session;
let supervisor: Session;
let executive: Session;
let company: Session;
let leadIds: string[] = [];
let searchEmail = '';
const dir = tempDataDir();

beforeAll(async () => {
  const store = openSqliteEventStore({ dataDir: dir.path });
  const written = await writeLeads(store, 400, { seed: 3, now: new Date() });
  searchEmail = written.searchEmail;
  leadIds = written.workable.map((lead) => lead.leadId);
  await store.close();
  runtime = await startTestRuntime({ DATA_DIR: dir.path });
  await loadLeadsCatalogue(runtime);
  admin = await signIn(runtime.url, 'admin@demo.cl');
  supervisor = await signIn(runtime.url, 'supervisor@demo.cl');
  executive = await signIn(runtime.url, 'ejecutivo@demo.cl');
  company = await signIn(runtime.url, 'empresa@demo.cl');
  (runtime.engines.readStore as SqliteReadStore).observeQueries((query) => seen.push(query));
}, 120_000);

afterAll(async () => {
  await runtime.dispose();
  dir.remove();
});

async function ok(response: Promise<Response>): Promise<any> {
  const answer = await response;
  if (answer.status >= 400)
    throw new Error(`${answer.url} answered ${answer.status}: ${await answer.text()}`);
  return answer.headers.get('content-type')?.includes('json') ? json(answer) : answer.text();
}

/** Every read route, as the console and the storefront call it. */
async function callEveryReadRoute() {
  // The storefront: plan requests (their duplicate check, on a product many people ask for), reading one
  // back, a contact message, links.
  const request = (n: number) =>
    ok(
      postJson(`${runtime.url}/api/solicitarplans`, {
        productCode: 'COMP-L',
        nombre: 'Ana Soto',
        rut: formatRut(`${12_345_600 + n}${rutCheckDigit(String(12_345_600 + n))}`),
        email: `ana.soto.${n}@example.com`,
        telefono: '+56 9 1234 5678',
        region: 13,
        profile: { cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: '2.100.000' }] },
        price: { value: 0.85, unit: 'UF' },
        comparator: 'seguros-de-salud',
        originPath: '/Seguros/Seguros-Andes/COMP-L/Solicitar',
      }),
    );
  for (let n = 0; n < 12; n++) await request(n);
  const lead = await request(99);
  await ok(fetch(`${runtime.url}/api/solicitarplans/${lead.id}`));
  await ok(
    postJson(`${runtime.url}/api/contactos`, {
      nombre: 'Ana Soto',
      email: 'ana.soto@example.com',
      telefono: '+56 9 1234 5678',
      mensaje: 'Quiero saber más',
    }),
  );
  const link = await ok(
    postJson(`${runtime.url}/api/buscarplanes/comparator-url`, { url: '/Comparar/Isapres?p=2' }),
  );
  await ok(fetch(`${runtime.url}/api/buscarplanes/comparator/url/${link.link}`));
  await ok(fetch(`${runtime.url}/url/${link.link}`, { redirect: 'manual' }));

  // The console's lead list: each filter with each sort, as a supervisor, then as an executive.
  const filters: Record<string, unknown>[] = [
    {},
    { status: [2] },
    { status: [2], country: 'CL' },
    { subStatus: [201] },
    { executiveId: EXECUTIVES[0]!.id },
    { executiveId: null },
    { requestType: 'Seguros' },
    { country: 'PE' },
    { productCode: 'CB23011' },
    { createdAt_gte: '2026-01-01', createdAt_lte: '2030-01-01' },
    { q: searchEmail },
    { q: '12.345.678-5' },
    { q: 'castillo' },
  ];
  for (const sort of LEAD_LIST_SORTS) {
    for (const order of ['ASC', 'DESC']) {
      for (const filter of filters) {
        await ok(
          supervisor.get(`/api/admin/leads${listQuery({ filter, sort: [sort, order], range: [20, 39] })}`),
        );
      }
    }
  }
  for (const filter of [{}, { status: [2] }, { q: 'castillo' }]) {
    await ok(
      executive.get(`/api/admin/leads${listQuery({ filter, sort: ['createdAt', 'DESC'], range: [0, 19] })}`),
    );
  }
  const id = leadIds[0]!;
  await ok(executive.get(`/api/admin/leads/${id}`));
  await ok(executive.get(`/api/admin/leads/${id}/history`));
  await ok(supervisor.get('/api/admin/lead-counts'));
  await ok(executive.get('/api/admin/lead-counts'));
  await ok(executive.post(`/api/admin/leads/${id}/notes`, { text: 'Llamé y no contestó' }));
  const moved = await ok(executive.post(`/api/admin/leads/${id}/status`, { statusId: 2, subStatusId: 202 }));
  expect(moved.subStatus.id).toBe(202);
  for (const sort of ['at', 'createdAt']) {
    for (const filter of [
      {},
      { leadId: id },
      { executiveId: EXECUTIVES[0]!.id },
      { type: 'LLAMADA' },
      { at_gte: '2026-01-01' },
    ]) {
      await ok(
        supervisor.get(`/api/admin/agenda${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 9] })}`),
      );
    }
  }
  await ok(executive.get(`/api/admin/agenda${listQuery({ range: [0, 9] })}`));

  // Identity: who is signed in, users, roles, permissions, the audit, organizations.
  await ok(supervisor.get('/api/admin/me'));
  for (const sort of ['id', 'email', 'name', 'createdAt', 'updatedAt', 'status']) {
    for (const filter of [
      {},
      { q: 'demo' },
      { role: 'EJECUTIVO' },
      { status: 'Activo' },
      { organizationId: null },
      { permission: 'lead:read' },
    ]) {
      await ok(admin.get(`/api/admin/users${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 9] })}`));
    }
  }
  await ok(admin.get(`/api/admin/users/${supervisor.user.id}`));
  await ok(company.get(`/api/admin/users${listQuery({ range: [0, 9] })}`));
  for (const sort of ['id', 'name', 'updatedAt']) {
    for (const filter of [{}, { q: 'ejec' }, { permission: 'lead:read' }]) {
      await ok(admin.get(`/api/admin/roles${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 49] })}`));
    }
  }
  await ok(admin.get('/api/admin/roles/EJECUTIVO'));
  await ok(admin.get('/api/admin/permissions'));
  for (const sort of ['id', 'occurredAt', 'position', 'type', 'streamId', 'category']) {
    const filters = [
      {},
      { streamId: `user-${supervisor.user.id}` },
      { category: 'user' },
      { type: 'UserRegistered' },
      { actorId: admin.user.id },
      { occurredAt_gte: '2026-01-01T00:00:00Z', occurredAt_lte: '2030-01-01T00:00:00Z' },
    ];
    for (const filter of filters) {
      await ok(admin.get(`/api/admin/audit${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 19] })}`));
    }
  }
  await ok(company.get(`/api/admin/audit${listQuery({ range: [0, 19] })}`));
  for (const sort of ['id', 'email', 'invitedAt', 'status']) {
    for (const filter of [{}, { status: 'Invitación enviada' }, { organizationId: 'constructora-andes' }]) {
      await ok(
        admin.get(`/api/admin/invitations${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 19] })}`),
      );
    }
  }
  await ok(company.get(`/api/admin/invitations${listQuery({ range: [0, 19] })}`));
  for (const sort of ['id', 'name', 'createdAt', 'updatedAt']) {
    for (const filter of [{}, { q: 'andes' }]) {
      await ok(
        admin.get(`/api/admin/organizations${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 19] })}`),
      );
    }
  }
  await ok(company.get(`/api/admin/organizations${listQuery({ range: [0, 19] })}`));

  // The lead catalogues.
  for (const resource of ['lead-statuses', 'lead-sub-statuses', 'failure-reasons', 'lead-transitions']) {
    await ok(supervisor.get(`/api/admin/${resource}${listQuery({ range: [0, 49] })}`));
  }
  for (const resource of ['lead-statuses', 'lead-sub-statuses', 'failure-reasons']) {
    for (const sort of ['id', 'name', 'order', 'active']) {
      for (const filter of [{}, { q: 'a' }, { active: true }]) {
        await ok(
          supervisor.get(
            `/api/admin/${resource}${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 49] })}`,
          ),
        );
      }
    }
  }
  await ok(
    supervisor.get(`/api/admin/lead-sub-statuses${listQuery({ filter: { parentIds: 2 }, range: [0, 49] })}`),
  );
  await ok(
    supervisor.get(
      `/api/admin/failure-reasons${listQuery({ filter: { subStatusIds: 401 }, range: [0, 49] })}`,
    ),
  );
  await ok(supervisor.get('/api/admin/lead-statuses/2'));

  // Payments: a purchase paid with the sandbox's approved card, then the console's sales and payments.
  const sale = await ok(
    postJson(`${runtime.url}/api/compra-online/ventas`, {
      session: '6f1c2b9e-1d2a-4c3b-8e5f-0a1b2c3d4e5f',
      productCode: 'VIDA-L',
      profile: ONE_PERSON,
      nombre: 'Camila Rojas',
      rut: '12.345.678-5',
      email: 'camila.rojas@example.com',
      telefono: '+56 9 8765 4321',
    }),
  );
  const { token } = await ok(
    postJson(`${runtime.url}/api/sandbox-gateway/tokens`, {
      card: {
        name: 'Camila Rojas',
        number: '5451951574925480',
        expiryMonth: '12',
        expiryYear: '30',
        cvv: '123',
      },
      totalAmount: sale.amount.amount,
      currency: sale.amount.currency,
    }),
  );
  const paid = await ok(
    postJson(
      `${runtime.url}/api/compra-online/ventas/${sale.id}/pagos`,
      { token },
      { 'Idempotency-Key': 'request-paths-1' },
    ),
  );
  await ok(fetch(`${runtime.url}/api/compra-online/ventas/${sale.id}`));
  await ok(fetch(`${runtime.url}/api/compra-online/pagos/${paid.payment.id}`));
  for (const sort of ['id', 'createdAt', 'updatedAt', 'state', 'amountMinor']) {
    for (const filter of [
      {},
      { state: 'OK' },
      { paymentMethod: 'tdc' },
      { provider: 'kushki_ad' },
      { country: 'CL' },
      { organizationCode: 'Seguros-Andes' },
      { productCode: 'VIDA-L' },
      { currency: 'CLP', amountMinor_gte: 1 },
      { email: 'camila.rojas@example.com' },
      { rut: '12.345.678-5' },
      { session: '6f1c2b9e-1d2a-4c3b-8e5f-0a1b2c3d4e5f' },
      { createdAt_gte: '2020-01-01' },
      { amountMinor_gte: 1 },
    ]) {
      await ok(admin.get(`/api/admin/sales${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 9] })}`));
    }
    for (const filter of [
      {},
      { state: 'OK' },
      { method: 'tdc' },
      { provider: 'kushki_ad' },
      { saleId: sale.id },
      { currency: 'CLP', amountMinor_gte: 1 },
      { amountMinor_lte: 10_000_000 },
    ]) {
      await ok(admin.get(`/api/admin/payments${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 9] })}`));
    }
  }
  await ok(admin.get(`/api/admin/sales${listQuery({ range: [0, 9] })}`));
  await ok(admin.get(`/api/admin/payments${listQuery({ range: [0, 9] })}`));
  await ok(admin.get(`/api/admin/sales/${sale.id}`));
  await ok(admin.get(`/api/admin/payments/${paid.payment.id}`));

  // The scheduler's jobs and runs (issue 15): a run asked for, then every filter and sort of the console.
  const run = await ok(admin.post('/api/admin/scheduler/jobs/reconcile-payments/runs', {}));
  await ok(admin.get(`/api/admin/scheduler-jobs${listQuery({ range: [0, 9] })}`));
  await ok(admin.get('/api/admin/scheduler-jobs/reconcile-payments'));
  for (const sort of ['id', 'startedAt', 'finishedAt', 'status', 'job']) {
    for (const filter of [
      {},
      { job: 'reconcile-payments' },
      { status: 'succeeded' },
      { trigger: 'manual' },
      { job: 'reconcile-payments', status: 'running' },
      { startedAt_gte: '2020-01-01' },
    ]) {
      await ok(admin.get(`/api/admin/job-runs${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 9] })}`));
    }
  }
  await ok(admin.get(`/api/admin/job-runs/${run.id}`));
  // Insurers' settings (issue 15): the catalogue's organizations are read whole (WHOLE_READS), settings by id.
  await ok(admin.get(`/api/admin/insurers${listQuery({ filter: { country: 'CL' }, range: [0, 9] })}`));
  await ok(admin.get('/api/admin/insurers/Seguros-Andes'));
  // Mail (issue 15): the outbox's filters and sorts, one mail, and the send-mail job's due query.
  await runtime.mail.dispatcher.dispatchDue();
  for (const sort of ['id', 'requestedAt', 'updatedAt', 'status', 'template', 'attempts']) {
    for (const filter of [
      {},
      { status: 'sent' },
      { template: 'lead_assigned' },
      { subjectKind: 'lead' },
      { subjectId: leadIds[0] },
      { givenUp: true },
      { requestedAt_gte: '2020-01-01', requestedAt_lte: '2100-01-01' },
    ]) {
      await ok(
        admin.get(`/api/admin/mail-outbox${listQuery({ filter, sort: [sort, 'DESC'], range: [0, 9] })}`),
      );
    }
  }
  const [mail] = await ok(admin.get(`/api/admin/mail-outbox${listQuery({ range: [0, 0] })}`));
  if (mail) await ok(admin.get(`/api/admin/mail-outbox/${mail.id}`));

  // Group insurance (issue 16): the demo companies' policies and people, as their administrator (one
  // organization) and as staff (every company): every filter and sort of the console's lists, the
  // searches, the export, one person and their history, the loads.
  for (const session of [company, admin]) {
    const policies = await ok(session.get(`/api/admin/policies${listQuery({ range: [0, 24] })}`));
    for (const sort of ['id', 'number', 'name', 'startDate', 'status', 'createdAt']) {
      for (const filter of [{}, { status: 'ACTIVE' }, { q: 'POL' }, { insurerCode: 'Austral-Vida' }]) {
        await ok(
          session.get(`/api/admin/policies${listQuery({ filter, sort: [sort, 'ASC'], range: [0, 24] })}`),
        );
      }
    }
    await ok(session.get(`/api/admin/policies/${policies[0].id}`));
    const policyId = policies[0].id;
    const filters: Record<string, unknown>[] = [
      {},
      { movement: 'TODAS' },
      { movement: 'ALTAS' },
      { movement: 'BAJAS' },
      { movement: 'ALTAS', status: 'ACTIVE' },
      { status: 'PROCESS_ACTIVATION' },
      { policyId },
      { policyId, movement: 'BAJAS' },
      { policyId, movement: 'ALTAS', status: 'ACTIVE' },
      { coverageGroup: 'G1' },
      { employeeStatus: 'PENDING' },
      { effectiveDateFrom: '2020-01-01', effectiveDateTo: '2100-01-01' },
      { q: 'a' },
      { q: '1' },
    ];
    for (const filter of filters) {
      for (const range of [
        [0, 24],
        [25, 49],
      ] as [number, number][]) {
        await ok(
          session.get(`/api/admin/employees${listQuery({ filter, sort: ['updatedAt', 'DESC'], range })}`),
        );
      }
    }
    if (session === admin) {
      await ok(admin.get(`/api/admin/employees${listQuery({ filter: { uninsured: true } })}`));
    }
    await ok(session.get(`/api/admin/employees/export${listQuery({ filter: { movement: 'ALTAS' } })}`));
    const [person] = await ok(session.get(`/api/admin/employees${listQuery({ range: [0, 0] })}`));
    await ok(session.get(`/api/admin/employees/${person.id}`));
    await ok(session.get(`/api/admin/employees/${person.id}/history`));
    await ok(session.get(`/api/admin/bulk-loads${listQuery({ range: [0, 24] })}`));
  }
}

test('every read a request makes is served by an index: no route reads every document', async () => {
  await callEveryReadRoute();
  const store = runtime.engines.readStore as SqliteReadStore;
  const unique = new Map(seen.map((query) => [JSON.stringify(query), query]));
  const scans: string[] = [];
  for (const query of unique.values()) {
    const plan = await store
      .collection(query.collection)
      .explain(query.filter, { ...query.options, operation: query.operation });
    if (!plan.fullScan || WHOLE_READS.some((allowed) => allowed.matches(query))) continue;
    scans.push(
      `${query.collection}.${query.operation}(${JSON.stringify(query.filter)}, ${JSON.stringify(query.options)}): ` +
        `${plan.access}${plan.indexes.length ? ` of ${plan.indexes.join(', ')}` : ''}`,
    );
  }
  expect(unique.size).toBeGreaterThan(100);
  expect(scans).toEqual([]);

  // The duplicate check of a plan request (earlierLeadOf): the leads of that RUT or e-mail through their
  // two indexes, never the product's or the window's leads one by one.
  const duplicateCheck = [...unique.values()]
    .reverse()
    .find((query) => query.collection === 'leads' && '$or' in query.filter && 'productCode' in query.filter)!;
  expect(
    await store.collection('leads').explain(duplicateCheck.filter, duplicateCheck.options),
  ).toMatchObject({ access: 'union', indexes: ['search.rut_1', 'search.email_1'], filterInSql: true });
}, 300_000);
