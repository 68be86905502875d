import type { z } from 'zod';
import { rutCheckDigit } from '@cubre/schemas/identification';
import {
  AuditRecord,
  OrganizationRecord,
  PermissionRecord,
  RoleRecord,
  SessionUser,
  UserRecord,
} from '@cubre/schemas/identity/requests';
import {
  FailureReason,
  LeadStatus,
  LeadSubStatus,
  LeadTransition,
} from '@cubre/schemas/leadCatalogue/records';
import {
  AdminLeadView,
  AgendaEntry,
  BulkAssignResult,
  LeadCounts,
  LeadHistoryEntry,
} from '@cubre/schemas/leads/adminViews';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from './support/leadsFixture';

/**
 * Issue 12, "each shape written once": the console reads the admin API's answers with the types of
 * schemas/src (leads/adminViews.ts, identity/requests.ts, leadCatalogue/records.ts), which the server
 * builds them with. Here the real answers over HTTP are exactly those shapes: nothing missing, nothing of
 * another type, and no field the schema does not name (parsing strips unknown keys, so an answer that
 * parses to itself has none).
 */
let runtime: TestRuntime;
let token = '';
let executiveId = '';

beforeAll(async () => {
  runtime = await startTestRuntime();
  await loadLeadsCatalogue(runtime);
  token = (
    await json(await postJson(`${runtime.url}/token`, { email: 'admin@demo.cl', password: 'Demo.2026!' }))
  ).token;
  executiveId = (
    await json(await postJson(`${runtime.url}/token`, { email: 'ejecutivo@demo.cl', password: 'Demo.2026!' }))
  ).user.id;
});
afterAll(async () => {
  await runtime.dispose();
});

const auth = () => ({ Authorization: `Bearer ${token}` });
async function read(path: string) {
  const response = await fetch(`${runtime.url}${path}`, { headers: auth() });
  expect([path, response.status]).toEqual([path, 200]);
  return json(response);
}
async function send(path: string, body: unknown, status = 200) {
  const response = await postJson(`${runtime.url}${path}`, body, auth());
  expect([path, response.status]).toEqual([path, status]);
  return json(response);
}

/** The answer is the schema's shape, to the last field. */
function expectShape(schema: z.ZodType, answer: unknown) {
  const parsed = schema.safeParse(answer);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(parsed.data).toEqual(answer);
}
const expectEach = (schema: z.ZodType, answers: unknown[]) => {
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) expectShape(schema, answer);
};

test("a lead's answers, from the visitor's request to its history, are the console's shapes", async () => {
  const request = await postJson(`${runtime.url}/api/solicitarplans`, {
    productCode: 'COMP-L',
    nombre: 'Marta Núñez',
    rut: `16543210-${rutCheckDigit('16543210')}`,
    email: 'marta.forma@example.com',
    telefono: '+56 9 1234 5678',
    region: 13,
    profile: { cotizante: [{ sexo: 'Femenino', edad: 38 }] },
    price: 0.85,
  });
  const leadId = (await json(request)).id as string;
  const before = new Date().toISOString();

  expectShape(AdminLeadView, await send(`/api/admin/leads/${leadId}/assign`, { executiveId }));
  expectShape(
    AdminLeadView,
    await send(`/api/admin/leads/${leadId}/notes`, { text: 'Llamar en la tarde' }, 201),
  );
  const at = new Date(Date.now() + 86_400_000).toISOString();
  const remindAt = new Date(Date.now() + 82_800_000).toISOString();
  expectShape(
    AdminLeadView,
    await send(`/api/admin/leads/${leadId}/events`, { type: 'LLAMADA', at, remindAt, note: 'Zoom' }, 201),
  );
  expectShape(AdminLeadView, await read(`/api/admin/leads/${leadId}`));
  expectEach(AdminLeadView, await read('/api/admin/leads'));
  // As it stood before the assignment: rebuilt by the decider, with `asOf`.
  const asOf = await read(`/api/admin/leads/${leadId}?asOf=${encodeURIComponent(before)}`);
  expect(asOf.asOf).toBe(before);
  expectShape(AdminLeadView, asOf);

  expectEach(LeadHistoryEntry, await read(`/api/admin/leads/${leadId}/history`));
  expectEach(AgendaEntry, await read(`/api/admin/agenda`));
  expectShape(LeadCounts, await read('/api/admin/lead-counts'));
  const bulk = await send('/api/admin/leads/assign', {
    ids: [leadId, '00000000-0000-4000-8000-000000000000'],
    executiveId,
  });
  expect(bulk.results.map((result: { ok: boolean }) => result.ok)).toEqual([true, false]);
  expectShape(BulkAssignResult, bulk);
});

test("the catalogues', users', roles', organizations', audit's and session's answers are the console's shapes", async () => {
  expectEach(LeadStatus, await read('/api/admin/lead-statuses'));
  expectEach(LeadSubStatus, await read('/api/admin/lead-sub-statuses'));
  expectEach(FailureReason, await read('/api/admin/failure-reasons'));
  expectEach(LeadTransition, await read('/api/admin/lead-transitions'));
  expectEach(UserRecord, await read('/api/admin/users'));
  expectEach(RoleRecord, await read('/api/admin/roles'));
  expectEach(PermissionRecord, await read('/api/admin/permissions'));
  await send('/api/admin/organizations', { name: 'Constructora Andes', rut: '76.543.210-3' }, 201);
  expectEach(OrganizationRecord, await read('/api/admin/organizations'));
  expectEach(AuditRecord, await read('/api/admin/audit'));
  expectShape(SessionUser, await read('/api/admin/me'));
});
