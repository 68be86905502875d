import fc from 'fast-check';
import { loadSiteCatalogue } from '../site/support/siteFixture';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { signIn, type Session } from '../identity/support';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';
import { activationCsv, commit, dryRun, lettersOf, rutOf } from '../groupInsurance/support';
import { APPROVED_CARD, buySubscription } from '../subscriptions/support';
import { faultOf, seedOf } from './support/answers';
import {
  fillPath,
  operationsOfDocument,
  requestsOf,
  type AttackRequest,
  type DocumentedOperation,
} from './support/operations';
import type { JsonSchema } from './support/schemaArbitrary';

/**
 * Issue 13, the attack suite past the refusals: the generated ids of the main suite name nothing, so a
 * write by id stops at its 404 and the decider behind it is never fuzzed. Here every admin write by id
 * (PUT, POST, DELETE on `/api/admin/{resource}/{id}…`) is called on the ids of real records (the demo
 * data's, read from the resource's own list), its shaped body carrying the record's current `revision`
 * where the body has one: the request reaches the command, its rules and the event store. No answer is a
 * 5xx or a non-problem error, and writes do get through (a 2xx for most of them at least once).
 *
 * Left out: the signed-in administrator's own user and role (a generated role or status would lock the
 * suite out of the operations after it, which tells nothing about the product).
 */
const SEED = Number(process.env.ATTACK_SEED ?? 13_2027);
const RUNS = 16 * Number(process.env.ATTACK_RUNS_SCALE ?? 1);

let runtime: TestRuntime;
let token: string;
let writes: DocumentedOperation[];
let components: Record<string, JsonSchema>;
let ownIds: Set<string>;

beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0', LOGIN_MAX_FAILURES: '1000' });
  await loadSiteCatalogue(runtime);
  await loadLeadsCatalogue(runtime);
  const session = await signIn(runtime.url, 'admin@demo.cl');
  token = session.token;
  await realRecordsOfEveryKind(session);
  const document = await json(await fetch(`${runtime.url}/api/openapi.json`));
  components = document.components.schemas;
  writes = operationsOfDocument(document).filter(
    (o) => o.admin && o.method !== 'GET' && o.pathParameters.length === 1 && collectionOf(o) !== undefined,
  );
  const me = await admin('GET', '/api/admin/me');
  const meBody = (await me.json()) as { id?: string; roles?: string[]; role?: string };
  ownIds = new Set([meBody.id, ...(meBody.roles ?? []), meBody.role].filter((v): v is string => !!v));
});
afterAll(async () => {
  await runtime?.dispose();
});

/**
 * Records the demo data does not make in a test runtime: visitors' leads, monthly subscriptions bought
 * with the sandbox's card (a sale, its payment, the subscription, its mail in the outbox) and bulk loads
 * (one validated, one committed) under a demo policy.
 */
async function realRecordsOfEveryKind(session: Session): Promise<void> {
  for (const n of [1, 2, 3]) {
    const lead = await postJson(`${runtime.url}/api/solicitarplans`, {
      productCode: 'COMP-L',
      nombre: `Visitante ${lettersOf(n)}`,
      rut: rutOf(13_000_000 + n * 7919),
      email: `visitante${n}@example.com`,
      telefono: '+56 9 1234 5678',
      region: 13,
    });
    expect(lead.status).toBe(201);
  }
  for (const _ of [1, 2]) expect((await buySubscription(runtime.url, APPROVED_CARD)).paid.status).toBe(201);
  const [policy] = (await json(await session.get('/api/admin/policies?range=[0,0]'))) as { id: string }[];
  const people = (first: number) =>
    [0, 1, 2].map((i) => ({ legalId: rutOf(first + i), name: `Ana ${lettersOf(i)}`, surname: 'Pino' }));
  const committed = await dryRun(
    session,
    { policyId: policy!.id, kind: 'activation', fileName: 'altas.csv' },
    activationCsv(people(21_000_000)),
  );
  await commit(session, committed.id);
  await dryRun(
    session,
    { policyId: policy!.id, kind: 'activation', fileName: 'altas-dos.csv' },
    activationCsv(people(22_000_000)),
  );
}

/** `/api/admin/leads/{id}/status` → `/api/admin/leads`: the list its ids come from. */
function collectionOf(operation: DocumentedOperation): string | undefined {
  const match = /^(\/api\/admin\/[^{}]+?)\/\{[^}]+\}/.exec(operation.path);
  return match?.[1];
}

function admin(method: string, path: string, body?: string): Promise<Response> {
  return fetch(`${runtime.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
}

/** The ids of up to 20 records of the list (react-admin's `range`), the administrator's own left out. */
async function realIdsOf(collection: string): Promise<string[]> {
  const response = await admin('GET', `${collection}?range=${encodeURIComponent('[0,19]')}`);
  if (!response.ok) {
    await response.arrayBuffer();
    return [];
  }
  const records = (await response.json()) as unknown;
  if (!Array.isArray(records)) return [];
  return records
    .map((record: { id?: unknown }) => String(record.id ?? ''))
    .filter((id) => id !== '' && !ownIds.has(id));
}

/** The record's current revision, when it shows one: the body's `revision` is set to it. */
async function revisionOf(collection: string, id: string): Promise<number | undefined> {
  const response = await admin('GET', `${collection}/${encodeURIComponent(id)}`);
  if (!response.ok) {
    await response.arrayBuffer();
    return undefined;
  }
  const record = (await response.json()) as { revision?: unknown };
  return typeof record.revision === 'number' ? record.revision : undefined;
}

function withRevision(body: string | undefined, revision: number | undefined): string | undefined {
  if (body === undefined || revision === undefined) return body;
  const value = JSON.parse(body) as unknown;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('revision' in value))
    return body;
  return JSON.stringify({ ...value, revision });
}

describe('the attack suite on real records (issue 13)', () => {
  test(`every admin write by id: ${RUNS} shaped requests on real records at their current revision get no 5xx, and most writes succeed at least once`, async () => {
    const faults: string[] = [];
    const tried: string[] = [];
    const succeeded = new Set<string>();
    for (const operation of writes) {
      const collection = collectionOf(operation)!;
      const ids = await realIdsOf(collection);
      if (ids.length === 0) continue;
      const name = `${operation.method} ${operation.path}`;
      tried.push(name);
      const parameter = operation.pathParameters[0]!;
      const requests = fc
        .tuple(requestsOf(operation, components, 0), fc.constantFrom(...ids))
        .map(([request, id]): [AttackRequest, string] => [
          { ...request, path: fillPath(operation, { [parameter.name]: id }) },
          id,
        ]);
      const details = await fc.check(
        fc.asyncProperty(requests, async ([request, id]) => {
          const body = withRevision(request.body, await revisionOf(collection, id));
          const answer = await faultOf(runtime.url, token, operation, { ...request, body });
          if (answer.ok) succeeded.add(name);
          if (answer.fault) throw new Error(answer.fault);
        }),
        { seed: seedOf(SEED, operation), numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed) faults.push(`${name} (seed ${details.seed}): ${String(details.errorInstance)}`);
    }
    expect(faults).toEqual([]);
    // The suite reaches real records for most by-id writes (every resource the demo data fills)…
    expect(tried.length).toBeGreaterThan(writes.length / 2);
    // …and gets past their rules: shaped bodies at the current revision are often valid commands.
    expect(succeeded.size).toBeGreaterThan(tried.length / 3);
  }, 240_000);
});
