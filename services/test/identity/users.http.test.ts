import { COMPANY_ADMIN_ROLES } from '@cubre/schemas';
import { json } from '../support/http';
import { userEmailStream } from '@cubre/services/identity/userEmailStream';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { createActiveUser, freshEmail, listQuery, login, rulesOf, signIn, type Session } from './support';

let runtime: TestRuntime;
let admin: Session;
beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.url, 'admin@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

const newUser = (fields: Record<string, unknown> = {}) => ({
  email: freshEmail(),
  name: 'Paula Prueba',
  roles: ['EJECUTIVO'],
  password: 'Temp.2026#',
  ...fields,
});

describe('users: create', () => {
  test('an administrator creates a user: 201 with the record, Location and ETag; no password hash anywhere', async () => {
    const body = newUser({ email: 'Nueva.Persona@Prueba.cl' });
    const response = await admin.post('/api/admin/users', body);
    expect(response.status).toBe(201);
    const record = await json(response);
    expect(record).toMatchObject({
      email: 'nueva.persona@prueba.cl',
      name: 'Paula Prueba',
      roles: ['EJECUTIVO'],
      organizationId: null,
      status: 'Activo',
      mustChangePassword: true,
      revision: 0,
    });
    expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(response.headers.get('location')).toBe(`/api/admin/users/${record.id}`);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(JSON.stringify(record)).not.toMatch(/scrypt|passwordHash|Temp\.2026/);

    const one = await admin.get(`/api/admin/users/${record.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"0"');
    expect(await json(one)).toEqual(record);
  });

  test('002-8.03 a created user signs in with mustChangePassword and gets PASSWORD_EXPIRED until they change it', async () => {
    const body = newUser();
    expect((await admin.post('/api/admin/users', body)).status).toBe(201);
    const first = await signIn(runtime.url, body.email, body.password);
    expect(first.user.mustChangePassword).toBe(true);
    const refused = await first.get('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(await rulesOf(refused)).toEqual(['PASSWORD_EXPIRED']);
    expect((await first.get('/api/admin/me')).status).toBe(200);
    const changed = await first.post('/api/admin/me/password', {
      currentPassword: body.password,
      newPassword: 'Elegida.26!',
    });
    expect(changed.status).toBe(200);
    expect((await json(changed)).user.mustChangePassword).toBe(false);
  });

  test('002-5.05 002-8.01 a password without the required form is refused: 400 INVALID_PASSWORD_FORM', async () => {
    for (const password of [
      'Corta.1',
      'Demasiado.Larga1',
      'sinmayus.1',
      'SINMINUS.1',
      'SinDigito.!',
      'SinEspecial1',
    ]) {
      const response = await admin.post('/api/admin/users', newUser({ password }));
      expect(response.status).toBe(400);
      const problem = await json(response);
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'password', rule: 'INVALID_PASSWORD_FORM' }),
      ]);
    }
  });

  test('002-8.05 an address that already has a user (any case) is 409 USER_ALREADY_EXISTS', async () => {
    const response = await admin.post('/api/admin/users', newUser({ email: 'EJECUTIVO@demo.cl' }));
    expect(response.status).toBe(409);
    expect(await rulesOf(response)).toEqual(['USER_ALREADY_EXISTS']);
  });

  test('two simultaneous creations with one address make one user and one 409', async () => {
    const body = newUser();
    const answers = await Promise.all([
      admin.post('/api/admin/users', body),
      admin.post('/api/admin/users', { ...body, name: 'Otra Persona' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const list = await admin.get(`/api/admin/users${listQuery({ filter: { q: body.email } })}`);
    expect(await json(list)).toHaveLength(1);
  });

  test('a retried creation (same Idempotency-Key) answers the same user and stores nothing twice', async () => {
    const body = newUser();
    const headers = { 'Idempotency-Key': `create-${Date.now()}` };
    const first = await admin.post('/api/admin/users', body, headers);
    const again = await admin.post('/api/admin/users', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe((await json(first)).id);
  });

  test('002-8.05 an unknown role is 400 ROLE_NOT_FOUND; a company role needs an organization', async () => {
    const unknown = await admin.post('/api/admin/users', newUser({ roles: ['EJECUTIVO', 'SUPERHEROE'] }));
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).errors).toEqual([
      expect.objectContaining({ field: 'roles.1', rule: 'ROLE_NOT_FOUND' }),
    ]);
    const noCompany = await admin.post('/api/admin/users', newUser({ roles: ['ADMIN_EMPRESA_CLIENTE'] }));
    expect(noCompany.status).toBe(422);
    expect((await json(noCompany)).errors[0]).toMatchObject({ field: 'organizationId', rule: 'required' });
    const missingCompany = await admin.post(
      '/api/admin/users',
      newUser({ roles: ['ADMIN_EMPRESA_CLIENTE'], organizationId: 'no-existe' }),
    );
    expect(missingCompany.status).toBe(400);
    expect((await json(missingCompany)).errors[0]).toMatchObject({
      field: 'organizationId',
      rule: 'NOT_FOUND',
    });
  });
});

describe('users: list (ra-data-simple-rest)', () => {
  test('sorts by email, name and createdAt, pages with Content-Range', async () => {
    const byEmail = await admin.get(
      `/api/admin/users${listQuery({ sort: ['email', 'ASC'], range: [0, 2] })}`,
    );
    expect(byEmail.status).toBe(200);
    const rows = await json(byEmail);
    expect(rows).toHaveLength(3);
    const emails = rows.map((row: { email: string }) => row.email);
    expect(emails).toEqual([...emails].sort());
    const range = byEmail.headers.get('content-range')!;
    expect(range).toMatch(/^users 0-2\/\d+$/);
    const total = Number(range.split('/')[1]);

    const all = await json(
      await admin.get(`/api/admin/users${listQuery({ sort: ['email', 'DESC'], range: [0, 999] })}`),
    );
    expect(all).toHaveLength(total);
    expect(all.map((row: { email: string }) => row.email)).toEqual(
      all
        .map((row: { email: string }) => row.email)
        .sort()
        .reverse(),
    );

    const byName = await json(
      await admin.get(`/api/admin/users${listQuery({ sort: ['name', 'ASC'], range: [0, 999] })}`),
    );
    const names = byName.map((row: { name: string }) =>
      row.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
    );
    expect(names).toEqual([...names].sort());

    const byCreation = await json(
      await admin.get(`/api/admin/users${listQuery({ sort: ['createdAt', 'DESC'], range: [0, 999] })}`),
    );
    const created = byCreation.map((row: { createdAt: string }) => row.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  test('filters: q (e-mail or name, accents ignored), role, status, organizationId, id list', async () => {
    const filtered = async (filter: object) =>
      json(await admin.get(`/api/admin/users${listQuery({ filter, range: [0, 999] })}`));
    const tomas = await filtered({ q: 'tomas' });
    expect(tomas.map((row: { email: string }) => row.email)).toEqual(['empresa2@demo.cl']);
    expect((await filtered({ q: 'SUPERVISOR@' })).map((row: { email: string }) => row.email)).toEqual([
      'supervisor@demo.cl',
    ]);
    const executives = await filtered({ role: 'EJECUTIVO' });
    expect(executives.length).toBeGreaterThanOrEqual(2);
    expect(executives.every((row: { roles: string[] }) => row.roles.includes('EJECUTIVO'))).toBe(true);
    const company = await filtered({ organizationId: 'constructora-andes' });
    expect(company.map((row: { email: string }) => row.email)).toEqual(['empresa@demo.cl']);
    const staff = await filtered({ organizationId: null, role: ['SUPERVISOR', 'BACKOFFICE'] });
    expect(staff.map((row: { email: string }) => row.email).sort()).toEqual([
      'backoffice@demo.cl',
      'supervisor@demo.cl',
    ]);
    expect((await filtered({ status: 'Activo' })).length).toBeGreaterThan(5);
    const ids = company.concat(staff).map((row: { id: string }) => row.id);
    expect((await filtered({ id: ids })).map((row: { id: string }) => row.id).sort()).toEqual(
      [...ids].sort(),
    );
  });

  test('an unknown filter or sort field is a 400 naming it', async () => {
    const filter = await admin.get(`/api/admin/users${listQuery({ filter: { password: 'x' } })}`);
    expect(filter.status).toBe(400);
    expect((await json(filter)).errors[0].field).toBe('filter.password');
    const sort = await admin.get(`/api/admin/users${listQuery({ sort: ['passwordHash', 'ASC'] })}`);
    expect(sort.status).toBe(400);
  });

  test('002-8.05 an unknown user is 404 USER_NOT_FOUND', async () => {
    const response = await admin.get('/api/admin/users/00000000-0000-5000-8000-000000000000');
    expect(response.status).toBe(404);
    expect(await rulesOf(response)).toEqual(['USER_NOT_FOUND']);
  });
});

describe('users: update', () => {
  test('PUT with the current If-Match (or body revision) updates; a stale one is 409', async () => {
    const created = await json(await admin.post('/api/admin/users', newUser()));
    const renamed = await admin.put(
      `/api/admin/users/${created.id}`,
      { ...created, name: 'Paula Renombrada', roles: ['EJECUTIVO', 'BACKOFFICE'] },
      { 'If-Match': '"0"' },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"1"');
    expect(await json(renamed)).toMatchObject({
      name: 'Paula Renombrada',
      roles: ['EJECUTIVO', 'BACKOFFICE'],
      revision: 1,
    });
    const staleHeader = await admin.put(
      `/api/admin/users/${created.id}`,
      { name: 'Otra' },
      { 'If-Match': '"0"' },
    );
    expect(staleHeader.status).toBe(409);
    const staleBody = await admin.put(`/api/admin/users/${created.id}`, { name: 'Otra', revision: 0 });
    expect(staleBody.status).toBe(409);
    const emailChange = await admin.put(`/api/admin/users/${created.id}`, { email: 'otra@prueba.cl' });
    expect(emailChange.status).toBe(400);
    expect(await rulesOf(emailChange)).toEqual(['NOT_EDITABLE']);
  });

  test('002-3.12 status is Activo or Inactivo; Inactivo disables the next request and the sign-in (DISABLED_USER)', async () => {
    const user = await createActiveUser(admin, { roles: ['EJECUTIVO'] });
    expect((await user.session.get('/api/admin/me')).status).toBe(200);

    const invalid = await admin.put(`/api/admin/users/${user.id}`, { status: 'Suspendido' });
    expect(invalid.status).toBe(400);

    const disabled = await admin.put(`/api/admin/users/${user.id}`, { status: 'Inactivo' });
    expect(disabled.status).toBe(200);
    expect((await json(disabled)).status).toBe('Inactivo');
    const next = await user.session.get('/api/admin/me');
    expect(next.status).toBe(403);
    expect(await rulesOf(next)).toEqual(['DISABLED_USER']);
    const signIn = await login(runtime.url, user.email, user.password);
    expect(signIn.status).toBe(403);
    expect(await rulesOf(signIn)).toEqual(['DISABLED_USER']);

    expect((await admin.put(`/api/admin/users/${user.id}`, { status: 'Activo' })).status).toBe(200);
    expect((await login(runtime.url, user.email, user.password)).status).toBe(200);
  });

  test('a password set by an administrator must be changed at next sign-in, and old passwords stay refused', async () => {
    const user = await createActiveUser(admin, { roles: ['EJECUTIVO'] });
    const reused = await admin.put(`/api/admin/users/${user.id}`, { password: user.password });
    expect(reused.status).toBe(400);
    expect(await rulesOf(reused)).toEqual(['PASSWORD_IN_HISTORY']);
    const badForm = await admin.put(`/api/admin/users/${user.id}`, { password: 'corta' });
    expect(await rulesOf(badForm)).toEqual(['INVALID_PASSWORD_FORM']);
    const reset = await admin.put(`/api/admin/users/${user.id}`, {
      password: 'Nueva.2026%',
      name: 'Con Clave',
    });
    expect(reset.status).toBe(200);
    expect(await json(reset)).toMatchObject({ mustChangePassword: true, name: 'Con Clave' });
    expect((await login(runtime.url, user.email, user.password)).status).toBe(401);
    const again = await signIn(runtime.url, user.email, 'Nueva.2026%');
    expect(again.user.mustChangePassword).toBe(true);
  });

  test('nobody disables themselves or changes their own roles (409 NOT_EDITABLE); their own name they may', async () => {
    const me = await json(await admin.get(`/api/admin/users/${admin.user.id}`));
    const disable = await admin.put(`/api/admin/users/${me.id}`, { ...me, status: 'Inactivo' });
    expect(disable.status).toBe(409);
    expect((await json(disable)).errors).toEqual([
      expect.objectContaining({ field: 'status', rule: 'NOT_EDITABLE' }),
    ]);
    const demote = await admin.put(`/api/admin/users/${me.id}`, { roles: ['EJECUTIVO'] });
    expect(demote.status).toBe(409);
    expect(await rulesOf(demote)).toEqual(['NOT_EDITABLE']);
    const rename = await admin.put(`/api/admin/users/${me.id}`, { ...me, name: 'Andrea Admin' });
    expect(rename.status).toBe(200);
    expect(await json(rename)).toMatchObject({ name: 'Andrea Admin', roles: ['ADMIN'], status: 'Activo' });
  });

  test('users are never deleted: DELETE is 405 with Allow', async () => {
    const response = await admin.delete(`/api/admin/users/${admin.user.id}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, PUT');
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });
});

describe('users: the guard', () => {
  test('without a token 401; without user:read 403 FORBIDDEN naming it; user:read alone cannot create', async () => {
    expect((await fetch(`${runtime.url}/api/admin/users`)).status).toBe(401);
    const executive = await signIn(runtime.url, 'ejecutivo@demo.cl');
    const refused = await executive.get('/api/admin/users');
    expect(refused.status).toBe(403);
    const problem = await json(refused);
    expect(problem.errors[0]).toMatchObject({ rule: 'FORBIDDEN' });
    expect(problem.detail).toContain('user:read');
    const supervisor = await signIn(runtime.url, 'supervisor@demo.cl');
    expect((await supervisor.get('/api/admin/users')).status).toBe(200);
    expect((await supervisor.post('/api/admin/users', newUser())).status).toBe(403);
  });

  test('nobody gives a role with permissions they lack: an access administrator cannot create an ADMIN', async () => {
    const access = await createActiveUser(admin, { roles: ['ADMIN_QPACCESS'] });
    const escalate = await access.session.post('/api/admin/users', newUser({ roles: ['ADMIN'] }));
    expect(escalate.status).toBe(403);
    expect((await json(escalate)).errors[0]).toMatchObject({ field: 'roles', rule: 'FORBIDDEN' });
    const takeOver = await access.session.put(`/api/admin/users/${admin.user.id}`, {
      password: 'Robada.26!',
    });
    expect(takeOver.status).toBe(403);
    // REFERIDOR holds contact-us:create, which the access administrator does not; their own role they hold.
    expect((await access.session.post('/api/admin/users', newUser({ roles: ['REFERIDOR'] }))).status).toBe(
      403,
    );
    expect(
      (await access.session.post('/api/admin/users', newUser({ roles: ['ADMIN_QPACCESS'] }))).status,
    ).toBe(201);
  });
});

describe('users: company administrators see and manage only their company', () => {
  let company: Session;
  beforeAll(async () => {
    company = await signIn(runtime.url, 'empresa@demo.cl');
  });

  test('their list holds their company only; another company user is a 404', async () => {
    const list = await company.get(`/api/admin/users${listQuery({ range: [0, 999] })}`);
    expect(list.status).toBe(200);
    const rows = await json(list);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row: { organizationId: string }) => row.organizationId === 'constructora-andes')).toBe(
      true,
    );
    expect(list.headers.get('content-range')).toBe(`users 0-${rows.length - 1}/${rows.length}`);
    const others = await json(
      await admin.get(`/api/admin/users${listQuery({ filter: { organizationId: 'transportes-sur' } })}`),
    );
    const other = await company.get(`/api/admin/users/${others[0].id}`);
    expect(other.status).toBe(404);
    expect((await company.put(`/api/admin/users/${others[0].id}`, { name: 'Intruso' })).status).toBe(404);
    expect(
      (
        await company.get(`/api/admin/users${listQuery({ filter: { organizationId: 'transportes-sur' } })}`)
      ).headers.get('content-range'),
    ).toBe('users 0-0/0');
  });

  test('they create users in their company with company roles only (403 otherwise)', async () => {
    const invited = newUser({ roles: ['ADMIN_EMPRESA_REMUNERACIONES'] });
    const own = await company.post('/api/admin/users', invited);
    expect(own.status).toBe(202);
    // Invited: a user of their company (staff see it) who shows in their own list once they accept.
    const created = await json(
      await admin.get(`/api/admin/users${listQuery({ filter: { q: invited.email } })}`),
    );
    expect(created).toMatchObject([
      { email: invited.email, organizationId: 'constructora-andes', mustChangePassword: true },
    ]);
    const invitations = await json(
      await company.get(`/api/admin/invitations${listQuery({ filter: { status: 'Invitación enviada' } })}`),
    );
    expect(invitations.map((row: { email: string }) => row.email)).toContain(invited.email);
    const elsewhere = await company.post(
      '/api/admin/users',
      newUser({ roles: ['ADMIN_EMPRESA_CLIENTE'], organizationId: 'transportes-sur' }),
    );
    expect(elsewhere.status).toBe(403);
    expect((await json(elsewhere)).errors[0]).toMatchObject({ field: 'organizationId', rule: 'FORBIDDEN' });
    const staffRole = await company.post('/api/admin/users', newUser({ roles: ['EJECUTIVO'] }));
    expect(staffRole.status).toBe(403);
    expect((await json(staffRole)).errors[0]).toMatchObject({ field: 'roles', rule: 'FORBIDDEN' });
  });

  test('creating a user with an address of another company or of a free one answers the same 202; the owner is told instead (issue 13)', async () => {
    const taken = await company.post(
      '/api/admin/users',
      newUser({ email: 'Empresa2@demo.cl', roles: ['ADMIN_EMPRESA_CLIENTE'] }),
    );
    const freeEmail = freshEmail('invitado');
    const free = await company.post(
      '/api/admin/users',
      newUser({ email: freeEmail, roles: ['ADMIN_EMPRESA_CLIENTE'] }),
    );
    const staffEmail = await company.post(
      '/api/admin/users',
      newUser({ email: 'supervisor@demo.cl', roles: ['ADMIN_EMPRESA_CLIENTE'] }),
    );
    const answers = [taken, free, staffEmail];
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    const bodies = await Promise.all(answers.map((answer) => json(answer)));
    const emails = ['empresa2@demo.cl', freeEmail, 'supervisor@demo.cl'];
    bodies.forEach((body, index) => {
      expect(Object.keys(body).sort()).toEqual(['email', 'id', 'status']);
      expect(body).toMatchObject({ email: emails[index], status: 'Invitación enviada' });
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    });
    const headerNames = (response: Response) =>
      [...response.headers.keys()]
        .filter(
          (name) => !['date', 'content-length', 'etag', 'x-request-id', 'x-correlation-id'].includes(name),
        )
        .sort();
    expect(headerNames(taken)).toEqual(headerNames(free));

    // The other company's user keeps their company; the owner's address stream tells them who tried.
    const owner = (
      await json(await admin.get(`/api/admin/users${listQuery({ filter: { q: 'empresa2@demo.cl' } })}`))
    )[0];
    expect(owner.organizationId).toBe('transportes-sur');
    const events = await runtime.engines.eventStore.readStream(userEmailStream('empresa2@demo.cl'));
    expect(events.map((event) => event.type)).toEqual(['UserEmailClaimed', 'UserEmailInvitationNoticed']);
    expect(events[1]!.data).toEqual({
      email: 'empresa2@demo.cl',
      userId: owner.id,
      organizationId: 'constructora-andes',
      invitedBy: company.user.id,
    });
    // Their lists tell the addresses apart no more than the answer did: neither invitee is a user of theirs
    // yet (not listed, 404 by id), and both are invitations that read the same.
    const theirUsers = async () =>
      (await json(await company.get(`/api/admin/users${listQuery({ range: [0, 99] })}`))).map(
        (row: { email: string }) => row.email,
      );
    expect(await theirUsers()).not.toEqual(expect.arrayContaining([freeEmail]));
    const freeUser = (
      await json(await admin.get(`/api/admin/users${listQuery({ filter: { q: freeEmail } })}`))
    )[0];
    expect((await company.get(`/api/admin/users/${freeUser.id}`)).status).toBe(404);
    const invitations = async () =>
      json(await company.get(`/api/admin/invitations${listQuery({ range: [0, 99] })}`));
    const sent = (await invitations()).filter((row: { email: string }) =>
      ['empresa2@demo.cl', freeEmail].includes(row.email),
    );
    expect(sent).toHaveLength(2);
    for (const row of sent) {
      expect(Object.keys(row).sort()).toEqual([
        'acceptedAt',
        'email',
        'id',
        'invitedAt',
        'invitedBy',
        'organizationId',
        'status',
      ]);
      expect(row).toMatchObject({
        status: 'Invitación enviada',
        organizationId: 'constructora-andes',
        invitedBy: company.user.id,
        acceptedAt: null,
      });
    }
    expect(sent.map((row: { id: string }) => row.id).sort()).toEqual([bodies[0].id, bodies[1].id].sort());
    // Another company's administrator sees none of them.
    const other = await signIn(runtime.url, 'empresa2@demo.cl');
    expect(
      (await json(await other.get(`/api/admin/invitations${listQuery({ range: [0, 99] })}`))).filter(
        (row: { organizationId: string }) => row.organizationId !== 'transportes-sur',
      ),
    ).toEqual([]);
    expect((await other.get(`/api/admin/invitations/${bodies[1].id}`)).status).toBe(404);
    // Inviting their own invitee again answers the same; the invitation stays one.
    const again = await company.post(
      '/api/admin/users',
      newUser({ email: freeEmail, roles: ['ADMIN_EMPRESA_CLIENTE'] }),
    );
    expect(again.status).toBe(202);

    // The invitee accepts by signing in with the temporary password and choosing their own: now a user of
    // their company, in their list, and the invitation reads Aceptada.
    const invitee = await signIn(runtime.url, freeEmail, 'Temp.2026#');
    const accepted = await invitee.post('/api/admin/me/password', {
      currentPassword: 'Temp.2026#',
      newPassword: 'Propia.2026!',
    });
    expect(accepted.status).toBe(200);
    expect(await theirUsers()).toContain(freeEmail);
    expect((await company.get(`/api/admin/users/${freeUser.id}`)).status).toBe(200);
    expect((await invitations()).find((row: { email: string }) => row.email === freeEmail)).toMatchObject({
      status: 'Aceptada',
      acceptedAt: expect.any(String),
    });
    // An address of their own company's user they see in their list: that stays a 409.
    const ownUser = await company.post(
      '/api/admin/users',
      newUser({ email: freeEmail, roles: ['ADMIN_EMPRESA_CLIENTE'] }),
    );
    expect(ownUser.status).toBe(409);
    expect(await rulesOf(ownUser)).toEqual(['USER_ALREADY_EXISTS']);
  });

  test('the roles they see are the ones they may give', async () => {
    const roles = await json(await company.get(`/api/admin/roles${listQuery({ range: [0, 99] })}`));
    expect(roles.map((role: { id: string }) => role.id).sort()).toEqual([...COMPANY_ADMIN_ROLES].sort());
    expect((await company.get('/api/admin/roles/ADMIN')).status).toBe(404);
  });

  test('their organizations list is their own; another company is a 404', async () => {
    const list = await company.get('/api/admin/organizations');
    expect(list.status).toBe(200);
    expect((await json(list)).map((row: { id: string }) => row.id)).toEqual(['constructora-andes']);
    expect((await company.get('/api/admin/organizations/transportes-sur')).status).toBe(404);
    expect((await company.get('/api/admin/organizations/constructora-andes')).status).toBe(200);
  });
});
