import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { categoryOf } from '@cubre/schemas/events';
import { MAIL_CATEGORY } from '@cubre/schemas/mail/events';
import { RATE_LIMITS_FILE } from '@cubre/platform/adapters/sqlite/rateLimitStore';
import { startChildRuntime, waitUntilReady, type ChildRuntime } from '../support/childRuntime';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from '../leads/support/leadsFixture';

/**
 * Issue 13, "Anonymous writes without a limit": every anonymous write (lead and add-on requests, purchase
 * steps, contact messages, profile saves, shared links, comparator URLs) is limited per client and in
 * total; forms a person fills ask for the seed's "Soy humano!" (000-8.03) past a per-client threshold.
 * Every refusal is checked to store nothing: the event store's head does not move.
 */

const PERSON = {
  nombre: 'Ana Soto',
  rut: '12.345.678-5',
  email: 'ana.soto@example.com',
  telefono: '+56 9 1234 5678',
};
const planBody = (extra: Record<string, unknown> = {}) => ({
  productCode: 'COMP-L',
  ...PERSON,
  region: 13,
  profile: { cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: '2.100.000' }] },
  ...extra,
});
const contactBody = {
  nombre: 'Bernardo Riquelme',
  email: 'bernardo@example.com',
  telefono: '+56 9 8765 4321',
  mensaje: 'Quisiera cotizar un seguro para mi empresa.',
};
const profileBody = {
  productType: 'ISAPRES',
  model: {
    cotizante: [{ sexo: 'Femenino', edad: '34', ingreso: '1.650.000' }],
    prevision: 'Isapre',
    region: { stateCode: 13 },
    email: 'maria.perez@example.com',
    rut: '12.345.678-5',
    telefono: '+56 9 8765 4321',
    nombre: 'María Pérez',
  },
};
const shareBody = () => ({
  productCode: 'COMP-L',
  profile: { cotizante: [{ sexo: 'Femenino', edad: 41 }] },
  url: `/Comparar/Seguros-de-Salud?order=lowerPrice&n=${randomUUID()}`,
});
const comparatorUrl = () => ({ url: `/Comparar/Isapres?page=${Math.floor(Math.random() * 1e9)}` });

const as = (client: string) => ({ 'X-Forwarded-For': client });

interface Problem {
  type: string;
  title: string;
  detail: string;
  errors: { field: string; rule: string; message: string }[];
  button?: string;
  limit?: { family: string; scope: string; points: number; windowSeconds: number };
}

/** Sends a call that must be refused and proves the refusal stored nothing. */
async function refused(runtime: TestRuntime, send: () => Promise<Response>) {
  const before = await runtime.engines.eventStore.headPosition();
  const response = await send();
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = (await json(response)) as Problem;
  // The only events allowed after the refusal are the mails earlier leads asked for (the lead-mail
  // reactor runs in the background; CI once saw its MailRequested and MailSent land here).
  const after = await runtime.engines.eventStore.readAll({ after: before, maxCount: 100 });
  expect(after.filter((event) => categoryOf(event.streamId) !== MAIL_CATEGORY)).toEqual([]);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), problem };
}

async function statusOf(response: Response) {
  await response.arrayBuffer();
  return response.status;
}

function expectRobot(answer: Awaited<ReturnType<typeof refused>>) {
  expect(answer.status).toBe(401);
  expect(answer.problem.type).toMatch(/\/robot$/);
  expect(answer.problem.title).toBe('El sistema piensa que eres un robot...');
  expect(answer.problem.button).toBe('Soy humano!');
}

function expectClientLimit(answer: Awaited<ReturnType<typeof refused>>, family: string, points: number) {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.problem.limit).toEqual({ family, scope: 'client', points, windowSeconds: 3600 });
  expect(answer.problem.errors[0]).toMatchObject({ field: 'request', rule: 'rate_limit_client' });
  expect(answer.problem.detail).toContain(`por cliente: ${points} por hora`);
}

const human = (runtime: TestRuntime, client: string) =>
  postJson(`${runtime.url}/api/insurance/compare/human`, {}, as(client));

describe('issue 13: per-client limits on every anonymous write (behind a trusted proxy, one client each)', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime({
      TRUSTED_PROXIES: '127.0.0.1',
      PUBLIC_ORIGINS: 'https://cubre.cl',
      RATE_LIMIT_LEADS_PER_CLIENT_HOUR: '4',
      RATE_LIMIT_LEADS_HUMAN_CHECK_HOUR: '2',
      RATE_LIMIT_PURCHASE_PER_CLIENT_HOUR: '4',
      RATE_LIMIT_PURCHASE_HUMAN_CHECK_HOUR: '2',
      RATE_LIMIT_CONTACT_PER_CLIENT_HOUR: '3',
      RATE_LIMIT_CONTACT_HUMAN_CHECK_HOUR: '2',
      RATE_LIMIT_PROFILE_PER_CLIENT_HOUR: '3',
      RATE_LIMIT_PROFILE_HUMAN_CHECK_HOUR: '2',
      RATE_LIMIT_LINKS_PER_CLIENT_HOUR: '3',
    });
    await loadLeadsCatalogue(runtime);
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  test('issue 13 issue 14 000-8.03 an online purchase has its own allowance: its steps past the threshold ask "Soy humano!", past the client limit a 429 naming the purchase', async () => {
    const client = '198.51.100.51';
    const step = () =>
      postJson(
        `${runtime.url}/api/compra-online/pasos`,
        { session: randomUUID(), productCode: 'VIDA-L', step: 'Datos personales', ...PERSON, region: 13 },
        as(client),
      );
    // The plan requests' own allowance is untouched by a purchase, and the other way round.
    expect(await statusOf(await postJson(`${runtime.url}/api/solicitarplans`, planBody(), as(client)))).toBe(
      201,
    );
    expect(await statusOf(await step())).toBe(201);
    expect(await statusOf(await step())).toBe(201);
    expectRobot(await refused(runtime, step));
    expect(await statusOf(await human(runtime, client))).toBe(200);
    expect(await statusOf(await step())).toBe(201);
    expectClientLimit(await refused(runtime, step), 'purchase', 4);
  });

  test('issue 13 000-8.03 lead and add-on requests: past the threshold "Soy humano!" and nothing stored, the click lets the form through, past the client limit a 429 naming it', async () => {
    const client = '198.51.100.1';
    const post = (path: string, body: unknown) => postJson(`${runtime.url}${path}`, body, as(client));
    expect(await statusOf(await post('/api/solicitarplans', planBody()))).toBe(201);
    expect(await statusOf(await post('/api/seguro-adicional/solicitar', planBody()))).toBe(201);
    expectRobot(await refused(runtime, () => post('/api/solicitarplans', planBody())));

    expect(await statusOf(await human(runtime, client))).toBe(200);
    expect(await statusOf(await post('/api/solicitarplans', planBody()))).toBe(201);

    expectClientLimit(
      await refused(runtime, () => post('/api/seguro-adicional/solicitar', planBody())),
      'leads',
      4,
    );
    // The click does not lift the client's own limit.
    expect(await statusOf(await human(runtime, client))).toBe(200);
    expectClientLimit(await refused(runtime, () => post('/api/solicitarplans', planBody())), 'leads', 4);

    // Another client keeps its own allowance.
    const other = await postJson(`${runtime.url}/api/solicitarplans`, planBody(), as('198.51.100.2'));
    expect(await statusOf(other)).toBe(201);
  });

  test('issue 13 000-8.03 contact messages: past the threshold "Soy humano!" and nothing stored, then a 429 naming the limit', async () => {
    const client = '198.51.100.11';
    const send = () => postJson(`${runtime.url}/api/contactos`, contactBody, as(client));
    expect(await statusOf(await send())).toBe(201);
    expect(await statusOf(await send())).toBe(201);
    expectRobot(await refused(runtime, send));
    expect(await statusOf(await human(runtime, client))).toBe(200);
    expectClientLimit(await refused(runtime, send), 'contact', 3);
  });

  test('issue 13 000-8.03 profile saves: past the threshold "Soy humano!" and nothing stored, then a 429 naming the limit', async () => {
    const client = '198.51.100.21';
    const send = () => postJson(`${runtime.url}/api/profile-form/data`, profileBody, as(client));
    expect(await statusOf(await send())).toBe(201);
    expect(await statusOf(await send())).toBe(201);
    expectRobot(await refused(runtime, send));
    expect(await statusOf(await human(runtime, client))).toBe(200);
    expectClientLimit(await refused(runtime, send), 'profile', 3);
  });

  test('issue 13 000-7.26 shared links and comparator URLs share one per-client limit: past it a 429, nothing stored', async () => {
    const client = '198.51.100.31';
    const share = (method: 'POST' | 'PUT') =>
      fetch(`${runtime.url}/api/buscarplanes/sharedinsurance`, {
        method,
        headers: { 'Content-Type': 'application/json', ...as(client) },
        body: JSON.stringify(shareBody()),
      });
    const shorten = () =>
      postJson(`${runtime.url}/api/buscarplanes/comparator-url`, comparatorUrl(), as(client));
    expect(await statusOf(await share('POST'))).toBe(201);
    expect(await statusOf(await share('PUT'))).toBe(201);
    expect(await statusOf(await shorten())).toBe(201);
    expectClientLimit(await refused(runtime, shorten), 'links', 3);
    expectClientLimit(await refused(runtime, () => share('POST')), 'links', 3);
    expectClientLimit(await refused(runtime, () => share('PUT')), 'links', 3);
  });

  test('issue 13 an IPv6 client is counted by its /64: other addresses of the same block share its allowance', async () => {
    const shorten = (client: string) =>
      postJson(`${runtime.url}/api/buscarplanes/comparator-url`, comparatorUrl(), as(client));
    expect(await statusOf(await shorten('2001:db8:1:2::a'))).toBe(201);
    expect(await statusOf(await shorten('2001:db8:1:2:ffff::b'))).toBe(201);
    expect(await statusOf(await shorten('2001:db8:1:2:1:2:3:4'))).toBe(201);
    expectClientLimit(await refused(runtime, () => shorten('2001:db8:1:2::c')), 'links', 3);
    expect(await statusOf(await shorten('2001:db8:1:3::a'))).toBe(201);
  });

  test('issue 13 000-8.03 the "Soy humano!" click is itself limited: past three a minute it is the robot answer', async () => {
    const client = '198.51.100.41';
    for (let i = 0; i < 3; i++) expect(await statusOf(await human(runtime, client))).toBe(200);
    expectRobot(await refused(runtime, () => human(runtime, client)));
  });
});

describe('issue 13: X-Forwarded-For from an untrusted address', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime({
      RATE_LIMIT_CONTACT_PER_CLIENT_HOUR: '3',
      RATE_LIMIT_CONTACT_HUMAN_CHECK_HOUR: '2',
      RATE_LIMIT_LINKS_PER_CLIENT_HOUR: '3',
    });
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  test('issue 13 rotating X-Forwarded-For without TRUSTED_PROXIES does not help: the socket is one client for every write family', async () => {
    let n = 0;
    const rotating = () => as(`203.0.113.${++n}`);
    const shorten = () =>
      postJson(`${runtime.url}/api/buscarplanes/comparator-url`, comparatorUrl(), rotating());
    for (let i = 0; i < 3; i++) expect(await statusOf(await shorten())).toBe(201);
    expectClientLimit(await refused(runtime, shorten), 'links', 3);

    const contact = () => postJson(`${runtime.url}/api/contactos`, contactBody, rotating());
    expect(await statusOf(await contact())).toBe(201);
    expect(await statusOf(await contact())).toBe(201);
    expectRobot(await refused(runtime, contact));
  });
});

describe('issue 13: the total limit, many clients through a trusted proxy', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await startTestRuntime({
      TRUSTED_PROXIES: '127.0.0.1',
      RATE_LIMIT_LINKS_TOTAL_MINUTE: '5',
      RATE_LIMIT_CONTACT_TOTAL_MINUTE: '2',
    });
  });
  afterAll(async () => {
    await runtime.dispose();
  });

  test('issue 13 the total holds whoever sends: each new client past it gets a 429 naming the total, and nothing is stored', async () => {
    const shorten = (i: number) =>
      postJson(`${runtime.url}/api/buscarplanes/comparator-url`, comparatorUrl(), as(`192.0.2.${i}`));
    for (let i = 1; i <= 5; i++) expect(await statusOf(await shorten(i))).toBe(201);
    for (let i = 6; i <= 8; i++) {
      const answer = await refused(runtime, () => shorten(i));
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
      expect(answer.problem.limit).toEqual({ family: 'links', scope: 'total', points: 5, windowSeconds: 60 });
      expect(answer.problem.errors[0]).toMatchObject({ field: 'request', rule: 'rate_limit_total' });
      expect(answer.problem.detail).toContain('entre todos los clientes: 5 por minuto');
    }
    // Each family has its own total: contact messages are still taken, up to theirs.
    const contact = (i: number) =>
      postJson(`${runtime.url}/api/contactos`, contactBody, as(`192.0.2.${100 + i}`));
    expect(await statusOf(await contact(1))).toBe(201);
    expect(await statusOf(await contact(2))).toBe(201);
    expect((await refused(runtime, () => contact(3))).problem.limit?.scope).toBe('total');
  });
});

describe('issue 13: one store of counters for every process', () => {
  const dir = tempDataDir();
  let first: ChildRuntime | undefined;
  let second: ChildRuntime | undefined;
  afterAll(async () => {
    for (const child of [first, second]) {
      if (!child) continue;
      child.child.kill('SIGTERM');
      await child.exited;
    }
    dir.remove();
  });

  test('issue 13 two server processes on one DATA_DIR count against the same allowance', async () => {
    const env = { DATA_DIR: dir.path, RATE_LIMIT_LINKS_PER_CLIENT_HOUR: '3' };
    first = await startChildRuntime(env);
    await waitUntilReady(first.url);
    second = await startChildRuntime(env);
    await waitUntilReady(second.url);
    expect(existsSync(join(dir.path, RATE_LIMITS_FILE))).toBe(true);

    const shorten = (runtime: ChildRuntime) =>
      postJson(`${runtime.url}/api/buscarplanes/comparator-url`, comparatorUrl());
    expect(await statusOf(await shorten(first))).toBe(201);
    expect(await statusOf(await shorten(first))).toBe(201);
    expect(await statusOf(await shorten(second))).toBe(201);
    const refusedBySecond = await shorten(second);
    expect(refusedBySecond.status).toBe(429);
    expect((await json(refusedBySecond)).limit).toMatchObject({
      family: 'links',
      scope: 'client',
      points: 3,
    });
    expect(await statusOf(await shorten(first))).toBe(429);
  });
});
