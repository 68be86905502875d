import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, newPerson, submitLogin } from './support/console';

/**
 * The password change in Chromium (rules 002-5.05, 002-8.01, 002-8.04): a user signing in with the
 * temporary password staff gave is held on the change page until done; the form names what a new password
 * lacks and a mismatch before sending, shows the server's refusal of a wrong current password, and once
 * changed opens the console's home. It is the same form as the invitation's (NewPasswordForm).
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(90_000);

const TEMPORARY = 'Temp.2026$';
const CHOSEN = 'Elegida.26!';

test('002-5.05 002-8.01 a temporary password leads to the change page; the form names missing parts and a mismatch, shows a wrong current password refused, then opens the home', async () => {
  const person = newPerson('Tadeo Temporal');
  const created = await api.post('admin@demo.cl', '/api/admin/users', {
    email: person.email,
    name: person.nombre,
    roles: ['EJECUTIVO'],
    password: TEMPORARY,
  });
  expect(created.status).toBe(201);

  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(15_000);
  await submitLogin(page, person.email, TEMPORARY);
  await page.waitForURL('**/admin/change-password');
  await page.getByRole('status').getByText('Su contraseña expiró o es temporal').waitFor();
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  const current = form.getByRole('textbox', { name: 'Contraseña actual' });
  const chosen = form.getByRole('textbox', { name: 'Nueva contraseña', exact: true });
  const again = form.getByRole('textbox', { name: 'Repita la nueva contraseña' });
  const send = form.getByRole('button', { name: 'Cambiar contraseña' });
  // Forced: the way out is signing out, not back.
  await form.getByRole('button', { name: 'Cerrar sesión' }).waitFor();

  // Nothing typed: the current password is required.
  await send.click();
  await form.getByText('Requerido').waitFor();
  // A new password of the wrong form is named before anything is sent.
  await current.fill(TEMPORARY);
  await chosen.fill('corta');
  await again.fill('corta');
  await send.click();
  await form.getByText(/Le falta: .*una mayúscula/).waitFor();
  // Two different passwords.
  await chosen.fill(CHOSEN);
  await again.fill(`${CHOSEN}x`);
  await send.click();
  await form.getByText('Las contraseñas no coinciden').waitFor();
  // A wrong current password: the server's sentence.
  await again.fill(CHOSEN);
  await current.fill('Adivina.26!');
  await send.click();
  await form.getByRole('alert').getByText('Credenciales inválidas.').waitFor();
  session.expectedProblems(page, /400/);

  await current.fill(TEMPORARY);
  await send.click();
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
  await page.getByRole('banner').getByRole('heading', { name: 'Inicio' }).waitFor();
  await page.getByText('Contraseña cambiada').waitFor();
  // The new password is theirs: a fresh sign-in lands on the home, not on the change page.
  const signedIn = await fetch(`${session.runtime.url}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: person.email, password: CHOSEN }),
  });
  expect(signedIn.status).toBe(200);
  expect((await signedIn.json()).user.mustChangePassword).toBe(false);
});
