import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { SmtpSink, readMessage, type Received } from '../mail/support/smtpSink';
import { startMailRuntime, type MailTestRuntime } from '../mail/support/mailRuntime';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import { invitationLinkOf } from './invitationMail';
import { freshEmail, listQuery, login, signIn, type Session } from './support';

/**
 * Issue 15, invitations by e-mail: a company administrator's invitee gets one mail (Spanish, text and the
 * brand's HTML) through the mail outbox and a real SMTP server on loopback, with a link that sets their own
 * password once and expires after seven days (the runtime's clock moved); a wrong, used or old link is a
 * problem naming `token`. The owner of an address that already has a user gets the notice mail instead,
 * and the administrator's answer is the same for both.
 */
const START = '2026-11-26T12:00:00.000Z';
const CHOSEN = 'Propia.2026$';

let sink: SmtpSink;
let runtime: MailTestRuntime;
let company: Session;
beforeAll(async () => {
  sink = new SmtpSink();
  await sink.start();
  runtime = await startMailRuntime(sink.port, START);
  company = await signIn(runtime.url, 'empresa@demo.cl');
}, 60_000);
afterAll(async () => {
  await runtime.dispose();
  await sink.stop();
});

/** Every mail asked so far has been sent (or failed) and the outbox shows it. */
async function delivered() {
  await runtime.mail.dispatcher.idle();
  await runtime.settled();
}

const to = (email: string) => sink.received.filter((message: Received) => message.to.includes(email));

const invite = (email: string, name = 'Paula Invitada') =>
  company.post('/api/admin/users', { email, name, roles: ['ADMIN_EMPRESA_REMUNERACIONES'] });

const accept = (token: string, password = CHOSEN) =>
  postJson(`${runtime.url}/api/admin/invitations/accept`, { token, password });

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = await json(response);
  return { status: response.status, errors: body.errors.map((e: any) => `${e.field} ${e.rule}`) };
}

test('002-5.05 the invitee gets one mail with a link; choosing their password there signs them in, and the link works once', async () => {
  const email = freshEmail('invitada');
  const answered = await invite(email);
  expect(answered.status).toBe(202);
  await delivered();
  // Invited again while the link is alive: the same mail, not a second one.
  expect((await invite(email)).status).toBe(202);
  await delivered();
  const mails = to(email);
  expect(mails).toHaveLength(1);
  const message = readMessage(mails[0]!.raw);
  expect(message.headers.subject).toBe('Te invitaron a la consola de Cubre de Constructora Andes SpA');
  expect(message.text).toContain('Hola Paula Invitada,');
  expect(message.text).toContain('vence el 3 de diciembre de 2026');
  expect(message.html).toContain('#0b5394');
  expect(message.html).toContain('Elegir mi contraseña');
  const { token } = invitationLinkOf(mails[0]!);
  // Only its hash is kept: neither the user's events nor the identity read models hold the token.
  const outbox = await runtime.engines.readStore
    .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
    .find({ 'to.email': email });
  expect(outbox.map((mail) => [mail.template, mail.status, mail.subject.kind])).toEqual([
    ['user_invitation', 'sent', 'user'],
  ]);
  const userId = token.split('.')[0]!;
  const events = await runtime.engines.eventStore.readStream(`user-${userId}`);
  expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserInvitationIssued']);
  expect(JSON.stringify(events)).not.toContain(token.split('.')[2]);

  // Before accepting, nobody signs in with the address (the password is nobody's).
  expect((await login(runtime.url, email, CHOSEN)).status).toBe(401);
  const accepted = await accept(token);
  expect(accepted.status).toBe(200);
  expect(await json(accepted)).toEqual({ email });
  const session = await login(runtime.url, email, CHOSEN);
  expect(session.status).toBe(200);
  expect((await json(session)).user).toMatchObject({ email, mustChangePassword: false });
  // Accepted: in their company's users list, and the invitation reads Aceptada.
  const users = await json(await company.get(`/api/admin/users${listQuery({ filter: { q: email } })}`));
  expect(users.map((user: { email: string }) => user.email)).toEqual([email]);
  const invitations = await json(await company.get(`/api/admin/invitations${listQuery({ range: [0, 99] })}`));
  expect(invitations.find((row: { email: string }) => row.email === email)?.status).toBe('Aceptada');

  const again = await accept(token, 'Otra.2026$x');
  expect(await problemOf(again)).toEqual({ status: 410, errors: ['token INVITATION_USED'] });
  expect((await login(runtime.url, email, 'Otra.2026$x')).status).toBe(401);
  // Invited again once accepted: nothing more is sent (their company sees the user anyway).
  expect((await invite(email)).status).toBe(409);
  await delivered();
  expect(to(email)).toHaveLength(1);
});

test('002-8.01 a link not ours, malformed or with a weak password is a 400 problem naming the field and rule; nothing is recorded', async () => {
  const email = freshEmail('invitado');
  await invite(email, 'Pedro Invitado');
  await delivered();
  const { token } = invitationLinkOf(to(email)[0]!);
  const [userId, sequence, mac] = token.split('.') as [string, string, string];
  const forged = `${userId}.${sequence}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
  expect(await problemOf(await accept(forged))).toEqual({
    status: 400,
    errors: ['token INVITATION_INVALID'],
  });
  expect(await problemOf(await accept('no-es-un-token'))).toEqual({
    status: 400,
    errors: ['token INVITATION_INVALID'],
  });
  expect(await problemOf(await accept(token, 'corta'))).toEqual({
    status: 400,
    errors: ['password INVALID_PASSWORD_FORM'],
  });
  const missing = await postJson(`${runtime.url}/api/admin/invitations/accept`, { password: CHOSEN });
  expect((await problemOf(missing)).errors).toEqual([expect.stringMatching(/^token /)]);
  const events = await runtime.engines.eventStore.readStream(`user-${userId}`);
  expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'UserInvitationIssued']);
  // Still good for its invitee.
  expect((await accept(token)).status).toBe(200);
});

test('a link expires after seven days (410 INVITATION_EXPIRED); inviting again mails a new one, and the old one stays refused', async () => {
  const email = freshEmail('tardia');
  await invite(email, 'Rosa Tardía');
  await delivered();
  const first = invitationLinkOf(to(email)[0]!).token;
  runtime.setNow('2026-12-03T12:00:01.000Z');
  try {
    expect(await problemOf(await accept(first))).toEqual({
      status: 410,
      errors: ['token INVITATION_EXPIRED'],
    });
    const again = await signIn(runtime.url, 'empresa@demo.cl');
    expect(
      (
        await again.post('/api/admin/users', {
          email,
          name: 'Rosa Tardía',
          roles: ['ADMIN_EMPRESA_REMUNERACIONES'],
        })
      ).status,
    ).toBe(202);
    await delivered();
    expect(to(email)).toHaveLength(2);
    const second = invitationLinkOf(to(email)[1]!).token;
    expect(second).not.toBe(first);
    expect(await problemOf(await accept(first))).toEqual({
      status: 400,
      errors: ['token INVITATION_INVALID'],
    });
    expect((await accept(second)).status).toBe(200);
  } finally {
    runtime.setNow(START);
  }
});

test('a taken address and a free one are answered alike; the owner of the taken one gets the notice mail, never an invitation', async () => {
  const free = freshEmail('libre');
  const answers = [await invite('empresa2@demo.cl', 'Alguien'), await invite(free, 'Alguien')];
  expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
  const bodies = await Promise.all(answers.map((answer) => json(answer)));
  expect(bodies.map((body) => Object.keys(body).sort())).toEqual([
    ['email', 'id', 'status'],
    ['email', 'id', 'status'],
  ]);
  expect(bodies.map((body) => body.status)).toEqual(['Invitación enviada', 'Invitación enviada']);
  // Tried again: still one notice per company and address.
  await invite('empresa2@demo.cl', 'Alguien');
  await delivered();
  expect(to(free)).toHaveLength(1);
  expect(readMessage(to(free)[0]!.raw).headers.subject).toContain('Te invitaron');
  const notices = to('empresa2@demo.cl');
  expect(notices).toHaveLength(1);
  const notice = readMessage(notices[0]!.raw);
  expect(notice.headers.subject).toBe('Constructora Andes SpA intentó invitarte a la consola de Cubre');
  expect(notice.text).not.toContain('invitacion#token');
  // The owner keeps their password and company.
  expect((await login(runtime.url, 'empresa2@demo.cl', 'Demo.2026!')).status).toBe(200);
});

test('staff creating a user of no organization still give its temporary password: without one, 400 naming password and rule', async () => {
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const answer = await admin.post('/api/admin/users', {
    email: freshEmail('staff'),
    name: 'Sin Contraseña',
    roles: ['EJECUTIVO'],
  });
  expect(await problemOf(answer)).toEqual({ status: 400, errors: ['password required'] });
});

test('issue 14 002-5.05 staff creating a company administrator without a password send the invitation mail: 201, the user in the company at once, their link sets their own password once', async () => {
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const email = freshEmail('empresa-staff');
  const created = await admin.post('/api/admin/users', {
    email,
    name: 'Elena Empresa',
    roles: ['ADMIN_EMPRESA_CLIENTE'],
    organizationId: 'transportes-sur',
  });
  expect(created.status).toBe(201);
  const user = await json(created);
  expect(user).toMatchObject({ email, organizationId: 'transportes-sur', mustChangePassword: true });
  expect(created.headers.get('etag')).toBe(`"${user.revision}"`);
  await delivered();
  const mails = to(email);
  expect(mails).toHaveLength(1);
  const message = readMessage(mails[0]!.raw);
  expect(message.headers.subject).toBe('Te invitaron a la consola de Cubre de Transportes del Sur Ltda.');
  expect(message.text).toContain('Hola Elena Empresa,');
  const { token } = invitationLinkOf(mails[0]!);
  expect(token.split('.')[0]).toBe(user.id);
  // Staff's addition is no pending invitation: the company's administrator sees the user at once.
  const company2 = await signIn(runtime.url, 'empresa2@demo.cl');
  const listed = await json(await company2.get(`/api/admin/users${listQuery({ filter: { q: email } })}`));
  expect(listed.map((row: { id: string }) => row.id)).toEqual([user.id]);
  // Nobody signs in before the link is used; then with the password they chose, never expired.
  expect((await login(runtime.url, email, CHOSEN)).status).toBe(401);
  expect((await accept(token)).status).toBe(200);
  const session = await login(runtime.url, email, CHOSEN);
  expect(session.status).toBe(200);
  expect((await json(session)).user).toMatchObject({ email, mustChangePassword: false });
  expect(await problemOf(await accept(token, 'Otra.2026$x'))).toEqual({
    status: 410,
    errors: ['token INVITATION_USED'],
  });
});

test('staff who give a company user a temporary password (an API client) send no invitation: the password works and must be changed', async () => {
  const admin = await signIn(runtime.url, 'admin@demo.cl');
  const email = freshEmail('empresa-temporal');
  const created = await admin.post('/api/admin/users', {
    email,
    name: 'Tomás Temporal',
    roles: ['ADMIN_EMPRESA_CLIENTE'],
    organizationId: 'constructora-andes',
    password: 'Temp.2026$',
  });
  expect(created.status).toBe(201);
  await delivered();
  expect(to(email)).toHaveLength(0);
  const session = await login(runtime.url, email, 'Temp.2026$');
  expect(session.status).toBe(200);
  expect((await json(session)).user).toMatchObject({ mustChangePassword: true });
});
