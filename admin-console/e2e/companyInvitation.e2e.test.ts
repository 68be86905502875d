import { companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import type { MailOutboxDocument } from '@cubre/projections/mail/projection';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, choose, newPerson, screenshot, signIn } from './support/console';
import { COMPANY, WORKERS, payCompanySale, startCompanySale } from './support/companySale';

/**
 * The company buyer becomes the company's administrator (issues 14 and 15): paying a company's sale invites
 * the buyer's e-mail; the invitation waits in the console's mail outbox; its link, opened in Chromium,
 * lets the buyer choose a password, after which they are signed in and see their company's policy and
 * its employees, and nothing of any other company.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(90_000);

const CHOSEN = 'Trigal.2026!';

type OutboxRecord = Pick<MailOutboxDocument, 'to' | 'status' | 'subjectLine' | 'text'> & { id: string };

/** The buyer's invitation as staff read it in the console's mail outbox, once the dispatcher sent it. */
async function invitationOf(email: string): Promise<OutboxRecord> {
  const { runtime } = session;
  await runtime.mail.dispatcher.idle();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: await runtime.engines.eventStore.headPosition(), streamId: '' },
    ['mail'],
    15_000,
  );
  const filter = encodeURIComponent(JSON.stringify({ template: 'user_invitation', subjectKind: 'user' }));
  const listed = await api.get('admin@demo.cl', `/api/admin/mail-outbox?filter=${filter}&range=[0,99]`);
  expect(listed.status).toBe(200);
  const rows = ((await listed.json()) as OutboxRecord[]).filter((row) => row.to.email === email);
  expect(rows).toHaveLength(1);
  const one = await api.get('admin@demo.cl', `/api/admin/mail-outbox/${rows[0]!.id}`);
  return (await one.json()) as OutboxRecord;
}

describe("the company buyer's invitation", () => {
  test("002-5.05 paid, the buyer is invited; the link opens the password page, and once chosen the buyer is signed in to their company's policy and employees", async () => {
    const buyer = newPerson('Marta Tapia Fuentes');
    const sale = await startCompanySale(session, buyer);
    await payCompanySale(session, sale, buyer.nombre);
    const policyNumber = `WEB-${sale.id.slice(0, 8).toUpperCase()}`;

    const mail = await invitationOf(buyer.email);
    expect(mail.status).toBe('sent');
    expect(mail.subjectLine).toBe(`Te invitaron a la consola de Cubre de ${COMPANY.razonSocial}`);
    const link = /https?:\/\/[^\s]+\/admin\/invitacion#token=[\w.-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The mail points at the configured console; this test's product runs on its own port.
    const local = link!.replace(/^https?:\/\/[^/]+/, session.runtime.url);

    const page = await session.visit(CONSOLE_DESKTOP);
    page.setDefaultTimeout(15_000);
    await page.goto(local);
    const form = page.getByRole('form', { name: 'Elija su contraseña' });
    await form.waitFor();
    // A password of the wrong form is named before anything is sent.
    await form.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('corta');
    await form.getByRole('textbox', { name: 'Repita la nueva contraseña' }).fill('corta');
    await form.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await form.getByText(/Le falta:/).waitFor();
    await form.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(CHOSEN);
    await form.getByRole('textbox', { name: 'Repita la nueva contraseña' }).fill(CHOSEN);
    await screenshot(page, 'company-invitation-desktop');
    await form.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await page.getByRole('banner').getByRole('heading', { name: 'Inicio' }).waitFor();

    // Their company's policy, and only it.
    await page.goto('/admin/policies');
    const policies = page.getByRole('row').filter({ hasText: policyNumber });
    await policies.first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'sur-vida-2026' }).count()).toBe(0);
    await page.goto(`/admin/policies/${companyPolicyIdOf(sale.id)}/show`);
    await page.getByText(policyNumber).first().waitFor();

    // Its employees: the collaborators the sale named, waiting for the insurer's activation.
    await page.goto('/admin/employees');
    const employees = page.getByRole('row').filter({ hasText: policyNumber });
    await employees.nth(WORKERS - 1).waitFor();
    expect(await employees.count()).toBe(WORKERS);
    await screenshot(page, 'company-invitation-employees-desktop');

    // The link worked once: opened again, it says so.
    const again = await session.visit(CONSOLE_DESKTOP);
    again.setDefaultTimeout(15_000);
    await again.goto(local);
    const second = again.getByRole('form', { name: 'Elija su contraseña' });
    await second.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Otra.2026$x');
    await second.getByRole('textbox', { name: 'Repita la nueva contraseña' }).fill('Otra.2026$x');
    await second.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await second
      .getByRole('alert')
      .getByText('El enlace de invitación ya se usó: ingrese con su contraseña.')
      .waitFor();
    session.expectedProblems(again, /410/);
  });
});

describe("staff's company users", () => {
  test("issue 14 002-5.05 staff creating a company administrator in the console send the invitation: no temporary password asked, the mail's link lets the user choose theirs and signs them in", async () => {
    const page = await session.visit(CONSOLE_DESKTOP);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'admin@demo.cl');
    await page.goto('/admin/users/create');
    const person = newPerson('Rocío Staff Invitada');
    await page.getByLabel('Correo electrónico').fill(person.email);
    await page.getByLabel('Nombre').fill(person.nombre);
    await page.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Administrador de empresa cliente' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // A staff colleague (no organization) gets a temporary password; a company's user is invited instead.
    await page.getByLabel('Contraseña temporal').waitFor();
    await page.getByLabel('Contraseña temporal').fill('Temp.2026$');
    await choose(page, page.locator('form'), 'Organización', 'Transportes del Sur Ltda.');
    await page.getByText('Le enviaremos una invitación por correo').waitFor();
    expect(await page.getByLabel('Contraseña temporal').count()).toBe(0);
    const [created] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/admin/users',
      ),
      page.getByRole('button', { name: 'Guardar' }).click(),
    ]);
    expect(created.status()).toBe(201);
    // The password typed before the company was chosen is not sent: the invitee chooses their own.
    expect(JSON.parse(created.request().postData() ?? '{}')).not.toHaveProperty('password');
    await page.waitForURL('**/admin/users');
    await page
      .getByRole('alert')
      .filter({ hasText: `enviamos a ${person.email} una invitación para elegir su contraseña` })
      .waitFor();

    const mail = await invitationOf(person.email);
    expect(mail.subjectLine).toBe('Te invitaron a la consola de Cubre de Transportes del Sur Ltda.');
    const link = /https?:\/\/[^\s]+\/admin\/invitacion#token=[\w.-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const invitee = await session.visit(CONSOLE_DESKTOP);
    invitee.setDefaultTimeout(15_000);
    await invitee.goto(link!.replace(/^https?:\/\/[^/]+/, session.runtime.url));
    const form = invitee.getByRole('form', { name: 'Elija su contraseña' });
    await form.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(CHOSEN);
    await form.getByRole('textbox', { name: 'Repita la nueva contraseña' }).fill(CHOSEN);
    await form.getByRole('button', { name: 'Guardar contraseña e ingresar' }).click();
    await invitee.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await invitee.getByRole('banner').getByRole('heading', { name: 'Inicio' }).waitFor();
    await invitee.getByRole('banner').getByRole('button', { name: person.nombre }).waitFor();
  });
});
