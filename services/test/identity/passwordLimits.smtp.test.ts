import { SmtpSink, type Received } from '../mail/support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from '../mail/support/mailRuntime';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { invitationLinkOf } from './invitationMail';
import { DEMO, freshEmail, login, signIn, type Session } from './support';

/**
 * Issue 14, invitation hardening: the console's password choices (the invitation link's accept, the
 * password change) are the `password` family of the rate limits, so nobody tries tokens and passwords at
 * full speed. Past a client's allowance a 429 problem+json with Retry-After, as every limited route
 * answers, and nothing recorded; another client's good link still works; the client is the socket's
 * address unless a configured proxy (TRUSTED_PROXIES) names it.
 */
const LIMIT = 3;
const CHOSEN = 'Propia.2026$';
const ACCEPT = '/api/admin/invitations/accept';

let sink: SmtpSink;
let proxied: MailTestRuntime;
let company: Session;
beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  proxied = await startMailRuntime(sink.port, undefined, {
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT_PASSWORD_PER_CLIENT_HOUR: String(LIMIT),
  });
  company = await signIn(proxied.url, 'empresa@demo.cl');
}, 60_000);
afterAll(async () => {
  await proxied.dispose();
  await sink.stop();
});

const as = (client: string) => ({ 'X-Forwarded-For': client });
const accept = (url: string, token: string, client: string, password = CHOSEN) =>
  postJson(`${url}${ACCEPT}`, { token, password }, as(client));

/** A fresh invitee of Constructora Andes and the token of the link their mail carries. */
async function invitedToken() {
  const email = freshEmail('limitada');
  const invited = await company.post('/api/admin/users', {
    email,
    name: 'Lina Limitada',
    roles: ['ADMIN_EMPRESA_REMUNERACIONES'],
  });
  expect(invited.status).toBe(202);
  await proxied.mail.dispatcher.idle();
  const mail = sink.received.find((message: Received) => message.to.includes(email));
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return { email, token: invitationLinkOf(mail).token };
}

async function limited(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = await json(response);
  return {
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after')),
    rule: problem.errors[0]?.rule,
    limit: problem.limit,
  };
}

test('issue 14 a client trying links past its allowance gets 429 problem+json with Retry-After naming the password family, and nothing is recorded', async () => {
  const { token } = await invitedToken();
  const [userId, sequence] = token.split('.') as [string, string];
  const client = '198.51.100.14';
  for (let i = 0; i < LIMIT; i++) {
    const guess = await accept(proxied.url, `${userId}.${sequence}.guess${i}`, client);
    expect(guess.status).toBe(400);
    await guess.arrayBuffer();
  }
  const before = await proxied.engines.eventStore.headPosition();
  // The good token itself is refused once the client is past its allowance: the limit comes first.
  expect(await limited(await accept(proxied.url, token, client))).toEqual({
    status: 429,
    retryAfter: expect.any(Number),
    rule: 'rate_limit_client',
    limit: { family: 'password', scope: 'client', points: LIMIT, windowSeconds: 3600 },
  });
  expect((await limited(await accept(proxied.url, token, client))).retryAfter).toBeGreaterThan(0);
  expect(await proxied.engines.eventStore.headPosition()).toBe(before);
  // The same family holds the password change: a session from that client cannot test passwords either.
  const admin = await signIn(proxied.url, 'admin@demo.cl');
  const change = await admin.post(
    '/api/admin/me/password',
    { currentPassword: 'Adivina.2026!', newPassword: CHOSEN },
    as(client),
  );
  expect((await limited(change)).status).toBe(429);
});

test('issue 14 under the allowance a good link still works: a client with two wrong tries accepts on the third and signs in', async () => {
  const { email, token } = await invitedToken();
  const client = '198.51.100.15';
  const weak = await accept(proxied.url, token, client, 'corta');
  expect(weak.status).toBe(400);
  await weak.arrayBuffer();
  const forged = await accept(proxied.url, `${token.slice(0, -2)}xx`, client);
  expect(forged.status).toBe(400);
  await forged.arrayBuffer();
  const accepted = await accept(proxied.url, token, client);
  expect(accepted.status).toBe(200);
  expect(await json(accepted)).toEqual({ email });
  expect((await login(proxied.url, email, CHOSEN)).status).toBe(200);
});

test('issue 14 the password change counts against the same allowance and still works under it', async () => {
  const client = '198.51.100.16';
  const ejecutivo = await signIn(proxied.url, 'ejecutivo2@demo.cl');
  const changed = await ejecutivo.post(
    '/api/admin/me/password',
    { currentPassword: DEMO, newPassword: CHOSEN },
    as(client),
  );
  expect(changed.status).toBe(200);
  await changed.arrayBuffer();
  expect((await login(proxied.url, 'ejecutivo2@demo.cl', CHOSEN)).status).toBe(200);
});

describe('issue 14 without TRUSTED_PROXIES', () => {
  let direct: TestRuntime;
  beforeAll(async () => {
    direct = await startTestRuntime({ RATE_LIMIT_PASSWORD_PER_CLIENT_HOUR: String(LIMIT) });
  });
  afterAll(async () => {
    await direct.dispose();
  });

  test('issue 14 a rotated X-Forwarded-For is ignored: the socket is one client, held to its allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await accept(direct.url, 'no-es-un-token', `203.0.113.${i + 1}`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
