import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import {
  CONSOLE_DESKTOP,
  CONSOLE_MOBILE,
  ConsoleApi,
  choose,
  drag,
  newPerson,
  optionsOf,
  openDialog,
  screenshot,
  signIn,
  signOut,
  submitLogin,
} from './support/console';

/**
 * The back-office console in a real browser (issue 5): the whole product as `npm start` runs it, with the
 * demo catalogue and the demo users, the console built in admin-console/dist and served at /admin.
 */
/** The app's clock runs this far ahead of real time: a test that needs time to pass moves it. */
let clockAhead = 0;
const appClock = () => new Date(Date.now() + clockAhead);
const session = storefrontSession({}, { clock: appClock });
const api = new ConsoleApi(() => session.runtime.url);
// A scenario signs in two or three people: 5 to 15 s alone, more while `npm test` runs other suites.
jest.setTimeout(60_000);

/** A fresh browser context; a step that waits longer than 15 s fails there, where it waited. */
async function visit(viewport = CONSOLE_DESKTOP): Promise<Page> {
  const page = await session.visit(viewport);
  page.setDefaultTimeout(15_000);
  return page;
}

const SUPERVISOR = 'supervisor@demo.cl';
const ELENA = 'ejecutivo@demo.cl';
const ELENA_NAME = 'Elena Ejecutiva';
const ELENA_OPTION = 'Elena Ejecutiva (ejecutivo@demo.cl)';

const isPost = (page: Page, path: RegExp) =>
  page.waitForResponse(
    (response) => path.test(new URL(response.url()).pathname) && response.request().method() === 'POST',
  );

/** The value a description list (the lead's summary, the "as of" view) gives a term. */
const detail = (scope: Locator, term: string) => scope.locator(`dt:text-is("${term}") + dd`);
const summary = (page: Page) => page.getByRole('region', { name: 'Resumen' });
const timeline = (page: Page) => page.getByRole('list', { name: 'Historial' });
const statusDialog = (page: Page) => page.getByRole('dialog', { name: /^Cambiar el estado de/ });

/** The leads list filtered by its search box (RUT, e-mail or name); waits for a row with `name`. */
async function searchLeads(page: Page, text: string, name: string): Promise<Locator> {
  await page.getByPlaceholder('RUT, correo o nombre').fill(text);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  return row;
}

/**
 * The lead page's status dialog, filled and sent; resolves when the server accepted the command and the
 * dialog closed.
 */
async function changeStatus(
  page: Page,
  choice: { status: string; subStatus?: string; failureReason?: string; reason?: string },
  check?: (dialog: Locator) => Promise<void>,
) {
  await summary(page).getByRole('button', { name: 'Cambiar estado' }).click();
  const dialog = statusDialog(page);
  await dialog.waitFor();
  await choose(page, dialog, 'Nuevo estado', choice.status);
  if (choice.subStatus) await choose(page, dialog, 'Subestado', choice.subStatus);
  if (choice.failureReason) await choose(page, dialog, 'Motivo de fallo', choice.failureReason);
  if (choice.reason) await dialog.getByLabel('Comentario (opcional)').fill(choice.reason);
  if (check) await check(dialog);
  const [answer] = await Promise.all([
    isPost(page, /\/api\/admin\/leads\/[^/]+\/status$/),
    dialog.getByRole('button', { name: 'Cambiar estado' }).click(),
  ]);
  expect(answer.status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
}

/** The timeline line of a change: it must name who made it. */
async function timelineEntry(page: Page, text: string): Promise<string> {
  const entry = timeline(page).getByRole('listitem').filter({ hasText: text });
  await entry.waitFor();
  return (await entry.textContent()) ?? '';
}

describe('the back-office console in a real browser', () => {
  test("002-1.02 002-6.02 a visitor's request in the storefront reaches the supervisor's list; reassigned to Elena, she finds it in hers", async () => {
    // The visitor: a product's detail, its Solicitar tab, the request form.
    const visitor = await visit();
    await visitor.goto('/Comparar/Seguros-de-Salud');
    await visitor.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
    const card = visitor.getByTestId('result-card').first();
    const productName = (await card.locator('h3').textContent()) ?? '';
    await card.getByRole('button', { name: `Ver detalle de ${productName}` }).click();
    const detailDialog = visitor.getByRole('dialog');
    await detailDialog.getByTestId('detail').waitFor();
    await detailDialog.getByRole('tab', { name: 'Solicitar' }).click();
    const form = detailDialog.getByTestId('request-form');
    const person = newPerson('Renata Quintanilla Soto');
    await form.getByLabel('Nombre completo').fill(person.nombre);
    await form.getByLabel('RUT').fill(person.rut);
    await form.getByLabel('Correo electrónico').fill(person.email);
    await form.getByLabel('Teléfono').fill(person.telefono);
    await form.getByRole('button', { name: 'Solicitar' }).click();
    const success = visitor.getByTestId('request-success');
    await success.waitFor();
    const leadId = (await success.getAttribute('data-lead')) ?? '';
    expect(leadId).not.toBe('');

    // The supervisor finds it in the console's list, unassigned, and reassigns it to Elena.
    const supervisor = await visit();
    await signIn(supervisor, SUPERVISOR);
    await supervisor.getByRole('region', { name: 'Leads por estado' }).getByRole('link').first().waitFor();
    expect(await seriousViolations(supervisor)).toEqual([]);
    await screenshot(supervisor, 'dashboard-desktop');

    await supervisor.getByRole('menuitem', { name: 'Leads' }).click();
    await supervisor.waitForURL('**/admin/leads**');
    const row = await searchLeads(supervisor, 'Quintanilla', person.nombre);
    expect(await row.textContent()).toContain('Sin Estado');
    expect(await row.textContent()).toContain(productName);
    expect(await seriousViolations(supervisor)).toEqual([]);
    await screenshot(supervisor, 'leads-list-desktop');

    await row.getByRole('checkbox', { name: 'Seleccionar esta fila' }).check();
    const bulk = await openDialog(
      supervisor,
      supervisor.getByRole('button', { name: 'Reasignar' }),
      'Reasignar 1 lead',
    );
    await choose(supervisor, bulk, 'Ejecutivo', ELENA_OPTION);
    const [assigned] = await Promise.all([
      isPost(supervisor, /\/api\/admin\/leads\/assign$/),
      bulk.getByRole('button', { name: 'Asignar' }).click(),
    ]);
    expect(assigned.status()).toBe(200);
    await supervisor.getByText('1 lead reasignado').waitFor();
    await row.filter({ hasText: ELENA_NAME }).waitFor();
    expect(await row.textContent()).toContain('Asignado');

    const lead = await api.lead(SUPERVISOR, leadId);
    expect(lead).toMatchObject({
      executiveId: await api.userId(ELENA),
      status: { name: 'Asignado' },
      contact: { nombre: person.nombre },
    });

    // Elena, on her phone, finds it among hers: an executive sees only the leads assigned to her.
    const elena = await visit(CONSOLE_MOBILE);
    await signIn(elena, ELENA);
    await elena.goto('/admin/leads');
    const hers = await searchLeads(elena, person.email, person.nombre);
    expect(await hers.textContent()).toContain('Asignado');
    expect(await seriousViolations(elena)).toEqual([]);
    // The table scrolls inside its card: the page itself stays as wide as the phone.
    expect(await elena.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      CONSOLE_MOBILE.width,
    );
    await screenshot(elena, 'leads-list-mobile');
    // On a phone the user menu is an icon, named in the console's language.
    expect(await elena.getByRole('button', { name: 'Perfil', exact: true }).count()).toBe(1);
    expect(await elena.getByRole('button', { name: 'Profile' }).count()).toBe(0);
    const listed = await (await api.get(ELENA, '/api/admin/leads?range=[0,999]')).json();
    expect(listed.map((entry: any) => entry.id)).toContain(leadId);
    expect(listed.every((entry: any) => entry.executiveId === lead.executiveId)).toBe(true);
  });

  test('002-1.02 Elena takes a lead through Asignado/Contactado to Cerrado and another to Fallido with a sub-status and a failure reason; the timeline names her and "as of" shows an earlier state', async () => {
    const [closing, failing] = await api.assignedLeads(ELENA, [
      'Tomás Arancibia Rojas',
      'Valentina Arancibia Mella',
    ]);
    const page = await visit();
    await signIn(page, ELENA);
    await page.getByRole('menuitem', { name: 'Leads' }).click();
    const row = await searchLeads(page, 'Arancibia', 'Tomás Arancibia Rojas');
    await row.getByRole('cell', { name: 'Tomás Arancibia Rojas' }).click();
    await page.waitForURL(`**/admin/leads/${closing}/show`);
    await detail(summary(page), 'Ejecutivo').filter({ hasText: ELENA_NAME }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'lead-page-desktop');

    await changeStatus(
      page,
      { status: 'Asignado', subStatus: 'Contactado', reason: 'Primera llamada' },
      async (dialog) => {
        expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
        await screenshot(page, 'status-dialog-desktop');
        expect(await dialog.getByRole('combobox', { name: 'Nuevo estado', exact: true }).textContent()).toBe(
          'Asignado',
        );
      },
    );
    await detail(summary(page), 'Subestado').filter({ hasText: 'Contactado' }).waitFor();
    const contacted = await timelineEntry(page, 'Subestado: Contactado');
    expect(contacted).toContain('Estado: Asignado → Asignado');
    expect(contacted).toContain(ELENA_NAME);
    expect(contacted).toContain('Motivo: Primera llamada');
    // A moment between the two changes (whole seconds: what the "as of" field takes): the next whole
    // second on the app's clock, which then moves two seconds on, past it, before the second change.
    const between = Math.ceil((appClock().getTime() + 1) / 1000) * 1000;
    clockAhead += 2000;

    await changeStatus(page, { status: 'Cerrado' });
    await detail(summary(page), 'Estado').filter({ hasText: 'Cerrado' }).waitFor();
    expect(await timelineEntry(page, 'Estado: Asignado → Cerrado')).toContain(ELENA_NAME);
    // The assignment by the supervisor is on the timeline too, under his name.
    expect(await timelineEntry(page, `Asignado a ${ELENA_NAME}`)).toContain('Sergio Supervisor');
    expect(await api.lead(ELENA, closing)).toMatchObject({ status: { id: 3, name: 'Cerrado' } });

    // "As of" the moment between: Asignado, Contactado; not yet Cerrado.
    const asOf = page.getByRole('region', { name: 'Ver como estaba' });
    const local = await page.evaluate((at) => {
      const date = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
        date.getHours(),
      )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    }, between);
    await asOf.getByLabel('Fecha y hora').fill(local);
    await asOf.getByRole('button', { name: 'Ver' }).click();
    await asOf.getByText('Así estaba este lead el').waitFor();
    expect(await detail(asOf, 'Estado').textContent()).toBe('Asignado');
    expect(await detail(asOf, 'Subestado').textContent()).toBe('Contactado');
    expect(await detail(summary(page), 'Estado').textContent()).toBe('Cerrado');

    // The other lead fails: Fallido needs a sub-status and a failure reason.
    await page.goto(`/admin/leads/${failing}/show`);
    await detail(summary(page), 'Estado').filter({ hasText: 'Asignado' }).waitFor();
    await changeStatus(page, { status: 'Fallido', subStatus: 'No le interesa', failureReason: 'Muy caro' });
    await detail(summary(page), 'Motivo de fallo').filter({ hasText: 'Muy caro' }).waitFor();
    const failed = await timelineEntry(page, 'Estado: Asignado → Fallido');
    expect(failed).toContain('Subestado: No le interesa');
    expect(failed).toContain('Motivo de fallo: Muy caro');
    expect(failed).toContain(ELENA_NAME);
    expect(await api.lead(ELENA, failing)).toMatchObject({
      status: { id: 4, name: 'Fallido' },
      subStatus: { name: 'No le interesa' },
      failureReason: { name: 'Muy caro' },
    });
  });

  test('002-1.02 the kanban: a card dropped on another column issues the status command; a status needing a sub-status opens the dialog', async () => {
    const [direct, withDialog] = await api.assignedLeads(ELENA, [
      'Ignacio Zamorano Díaz',
      'Josefa Zamorano Díaz',
    ]);
    const page = await visit();
    await signIn(page, ELENA);
    // From the list's toolbar (the menu has the kanban too).
    await page.getByRole('menuitem', { name: 'Leads' }).click();
    await page.getByRole('link', { name: 'Kanban', exact: true }).click();
    await page.waitForURL('**/admin/leads/kanban');
    await page.getByRole('searchbox', { name: 'RUT, correo o nombre' }).fill('Zamorano');
    const column = (status: string) => page.getByRole('region', { name: `Columna ${status}`, exact: true });
    const card = (status: string, name: string) =>
      column(status).getByRole('listitem', { name: `Lead ${name}`, exact: true });
    await card('Asignado', 'Ignacio Zamorano Díaz').waitFor();
    await card('Asignado', 'Josefa Zamorano Díaz').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'kanban-desktop');

    // Por Cerrar needs nothing more: the drop is the command.
    const [moved] = await Promise.all([
      isPost(page, new RegExp(`/api/admin/leads/${direct}/status$`)),
      drag(page, card('Asignado', 'Ignacio Zamorano Díaz'), column('Por Cerrar')),
    ]);
    expect(moved.status()).toBe(200);
    expect(await api.lead(ELENA, direct)).toMatchObject({ status: { id: 9, name: 'Por Cerrar' } });
    await card('Por Cerrar', 'Ignacio Zamorano Díaz').waitFor();

    // Agenda needs a sub-status: the drop opens the dialog on that status.
    await drag(page, card('Asignado', 'Josefa Zamorano Díaz'), column('Agenda'));
    const dialog = statusDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Nuevo estado', exact: true }).textContent()).toBe(
      'Agenda',
    );
    expect((await api.lead(ELENA, withDialog)).status.name).toBe('Asignado');
    await choose(page, dialog, 'Subestado', 'Videollamada');
    const [scheduled] = await Promise.all([
      isPost(page, new RegExp(`/api/admin/leads/${withDialog}/status$`)),
      dialog.getByRole('button', { name: 'Cambiar estado' }).click(),
    ]);
    expect(scheduled.status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    expect(await api.lead(ELENA, withDialog)).toMatchObject({
      status: { id: 13, name: 'Agenda' },
      subStatus: { name: 'Videollamada' },
    });
    await card('Agenda', 'Josefa Zamorano Díaz').waitFor();
    expect(await column('Asignado').getByRole('listitem').count()).toBe(0);
  });

  test("002-1.02 the supervisor renames a failure reason; Elena's status dialog offers the new name", async () => {
    const [leadId] = await api.assignedLeads(ELENA, ['Martina Echeverría Paz']);
    const renamed = 'Cobertura insuficiente para el cliente';
    const supervisor = await visit();
    await signIn(supervisor, SUPERVISOR);
    await supervisor.getByRole('menuitem', { name: 'Motivos de fallo' }).click();
    await supervisor.waitForURL('**/admin/failure-reasons**');
    await supervisor.getByRole('cell', { name: 'Cobertura insuficiente', exact: true }).click();
    await supervisor.waitForURL(/\/admin\/failure-reasons\/\d+$/);
    const name = supervisor.getByRole('textbox', { name: 'Nombre' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Cobertura insuficiente');
    await name.fill(renamed);
    // The form enables Guardar once dirty, with MUI's colour transition: axe reads the button when it has
    // settled, not mid-fade from its disabled grey (a fresh-clone run read 1.8:1 there once).
    await supervisor.getByRole('button', { name: 'Guardar', disabled: false }).waitFor();
    await supervisor.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    expect(await seriousViolations(supervisor)).toEqual([]);
    await screenshot(supervisor, 'failure-reason-edit-desktop');
    const [saved] = await Promise.all([
      supervisor.waitForResponse(
        (response) =>
          /\/api\/admin\/failure-reasons\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
      ),
      supervisor.getByRole('button', { name: 'Guardar' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await supervisor.waitForURL(/\/admin\/failure-reasons(\?.*)?$/);
    await supervisor.getByRole('cell', { name: renamed, exact: true }).waitFor();

    const elena = await visit();
    await signIn(elena, ELENA);
    await elena.goto(`/admin/leads/${leadId}/show`);
    await detail(summary(elena), 'Estado').filter({ hasText: 'Asignado' }).waitFor();
    await summary(elena).getByRole('button', { name: 'Cambiar estado' }).click();
    const dialog = statusDialog(elena);
    await choose(elena, dialog, 'Nuevo estado', 'Fallido');
    await choose(elena, dialog, 'Subestado', 'No le interesa');
    const reasons = await optionsOf(elena, dialog, 'Motivo de fallo');
    expect(reasons).toContain(renamed);
    expect(reasons).not.toContain('Cobertura insuficiente');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('002-6.02 Elena cannot open roles or permissions: no menu entry, the pages deny access, the API answers 403', async () => {
    const page = await visit();
    await signIn(page, ELENA);
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Leads' }).waitFor();
    for (const entry of ['Roles', 'Permisos', 'Usuarios', 'Auditoría']) {
      expect(await menu.getByRole('menuitem', { name: entry }).count()).toBe(0);
    }
    expect(await menu.getByText('Usuarios y permisos').count()).toBe(0);

    // The pages are never drawn for her: no list request leaves the browser, so no refusal notice shows.
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/admin\/(roles|permissions|audit)/.test(path)) asked.push(path);
    });
    for (const resource of ['roles', 'permissions', 'roles/EJECUTIVO', 'audit']) {
      await page.goto(`/admin/${resource}`);
      await page.waitForURL('**/admin/access-denied');
      await page.getByRole('heading', { name: 'Acceso denegado' }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await page.getByRole('row').count()).toBe(0);
    }
    await screenshot(page, 'access-denied-desktop');
    expect(asked).toEqual([]);
    expect(await page.getByRole('alert').count()).toBe(0);

    for (const path of ['/api/admin/roles', '/api/admin/permissions', '/api/admin/roles/EJECUTIVO']) {
      const response = await api.get(ELENA, path);
      expect(response.status).toBe(403);
      expect((await response.json()).errors[0].rule).toBe('FORBIDDEN');
    }
  });

  test("002-8.04 a wrong password shows 'Credenciales inválidas.'; the English switch shows English labels; signing out ends the session", async () => {
    const page = await visit();
    await page.goto('/admin/leads');
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Consola Cubre' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'login-desktop');

    const [refused] = await Promise.all([
      // The console signs in through its cookie session (POST /api/admin/session), not POST /token.
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/admin/session' && response.request().method() === 'POST',
      ),
      submitLogin(page, ELENA, 'Demo.2025?'),
    ]);
    expect(refused.status()).toBe(401);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Credenciales inválidas.');
    expect(session.expectedProblems(page, /status of 401/)).toHaveLength(1);
    await screenshot(page, 'login-error-desktop');

    // A lead of hers, so that her list has rows (and column headers) to read.
    await api.assignedLeads(ELENA, ['Pedro Lagos Fuentes']);
    await signIn(page, ELENA);
    await page.getByRole('button', { name: 'Idioma: Español. Cambiar idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Leads by status' }).waitFor();
    const menu = page.getByRole('menu');
    for (const entry of ['Leads', 'Kanban', 'Agenda', 'Failure reasons']) {
      await menu.getByRole('menuitem', { name: entry, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Language: English. Change language' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('menuitem', { name: 'Leads', exact: true }).click();
    for (const header of ['Name', 'Request type', 'Country', 'Sub-status']) {
      await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    expect(await page.getByRole('columnheader', { name: 'Nombre', exact: true }).count()).toBe(0);
    // The choice is kept: a reload (or a lead opened in a new tab) is still English, and says so.
    await page.reload();
    await page.getByRole('columnheader', { name: 'Country', exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await signOut(page, ELENA_NAME, 'Logout');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('cubre.admin.session'))).toBeNull();
    // Signed out, a page of the console leads to the login; sign-out reset the console's store, so the
    // next visit starts in Spanish, and the page says so.
    await page.goto('/admin/leads');
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
  });
  test("issue 13 the console's session is out of scripts' reach: no token in localStorage, sessionStorage or document.cookie; a reload keeps it (writes too); signing out ends it", async () => {
    const page = await visit();
    await signIn(page, 'admin@demo.cl');
    const cookies = await page.context().cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name === 'cubre_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect(cookies.find((cookie) => cookie.name === 'cubre_device')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    });
    /** Everything a script of the page can read: both storages and document.cookie. */
    const readable = () =>
      page.evaluate(() => {
        const all = (storage: Storage) =>
          Object.keys(storage).map((key) => `${key}=${storage.getItem(key) ?? ''}`);
        return { local: all(localStorage), session: all(sessionStorage), cookie: document.cookie };
      });
    const signedIn = await readable();
    expect(signedIn.cookie).toBe('');
    const everything = JSON.stringify(signedIn);
    expect(everything).not.toContain(sessionCookie!.value);
    expect(everything).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(everything).not.toContain('cubre.admin.session');

    // A reload keeps the session (the cookie), and a write still passes the CSRF check.
    await page.goto('/admin/organizations/create');
    await page.reload();
    const name = `Empresa Recargada ${Date.now()}`;
    await page.getByLabel('Nombre').fill(name);
    const [created] = await Promise.all([
      isPost(page, /^\/api\/admin\/organizations$/),
      page.getByRole('button', { name: 'Guardar' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().headers()['x-csrf-token']).toMatch(/^[\w-]{43}$/);
    expect(created.request().headers().authorization).toBeUndefined();
    await page.waitForURL('**/admin/organizations');
    expect(JSON.stringify(await readable())).not.toContain(sessionCookie!.value);

    await signOut(page, 'Andrea Administradora');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('cubre_session');
    // The cookie as it was is refused now: signing out ended the session on the server.
    const replayed = await fetch(`${session.runtime.url}/api/admin/me`, {
      headers: { Cookie: `cubre_session=${sessionCookie!.value}` },
    });
    expect(replayed.status).toBe(401);
    await page.goto('/admin/organizations');
    await page.waitForURL('**/admin/login');
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
  });
  test('issue 13 a company administrator creating a user gets the same answer for an address of another company as for a free one', async () => {
    const page = await visit();
    await signIn(page, 'empresa@demo.cl');
    /** The create form, filled and sent: what the server answered and what the console then said. */
    const invite = async (email: string) => {
      await page.goto('/admin/users/create');
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Nombre').fill('Invitada Prueba');
      await page.getByRole('combobox', { name: 'Roles' }).click();
      await page.getByRole('option', { name: 'Administrador de empresa cliente' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      // No temporary password: the invitee chooses theirs through the invitation e-mail (issue 15).
      await page.getByText('Le enviaremos una invitación por correo').waitFor();
      expect(await page.getByLabel('Contraseña temporal').count()).toBe(0);
      const [answer] = await Promise.all([
        isPost(page, /^\/api\/admin\/users$/),
        page.getByRole('button', { name: 'Guardar' }).click(),
      ]);
      await page.waitForURL('**/admin/invitations');
      const notice = page.getByRole('alert').filter({ hasText: email });
      await notice.waitFor();
      const body = await answer.json();
      return {
        status: answer.status(),
        keys: Object.keys(body).sort(),
        said: ((await notice.textContent()) ?? '').replace(email, '{email}'),
      };
    };
    const taken = await invite('empresa2@demo.cl');
    const freeEmail = `invitada.${Date.now().toString(36)}@example.cl`;
    const free = await invite(freeEmail);
    expect(taken).toEqual(free);
    expect(taken.status).toBe(202);
    expect(taken.said).toMatch(/^Invitación enviada a \{email\}/);
    // Their Invitaciones list shows both alike; Usuarios shows neither until the invitee accepts.
    const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
    for (const email of ['empresa2@demo.cl', freeEmail]) {
      await rowOf(email).waitFor();
      expect(await rowOf(email).textContent()).toContain('Invitación enviada');
    }
    await page.goto('/admin/users');
    await page.getByRole('row').nth(1).waitFor();
    expect(await rowOf(freeEmail).count()).toBe(0);
    expect(await rowOf('empresa2@demo.cl').count()).toBe(0);
  });
});
