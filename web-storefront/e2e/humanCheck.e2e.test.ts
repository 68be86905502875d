import type { Page } from 'playwright-core';
import { contactRequestStream } from '@cubre/services/leads/contactDecider';
import { screenshot } from './support/browser';
import { storefrontSession } from './support/session';

/**
 * Issue 13: past a client's threshold the forms a person fills get the seed's bot check (000-8.03) instead
 * of being stored; the form shows it and sends again once "Soy humano!" is clicked. The threshold is
 * lowered to one form per hour for this product only.
 */
const session = storefrontSession({
  RATE_LIMIT_LEADS_HUMAN_CHECK_HOUR: '1',
  RATE_LIMIT_CONTACT_HUMAN_CHECK_HOUR: '1',
});
const visit = session.visit;

const posted = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().method() === 'POST',
  );

async function expectRobotPanel(page: Page) {
  const robot = page.getByTestId('robot-panel');
  await robot.waitFor();
  const text = (await robot.textContent()) ?? '';
  expect(text).toContain('El sistema piensa que eres un robot...');
  expect(text).toContain('Sabemos que eres humano');
  expect(text).toContain('(disculpa las molestias)');
  return robot;
}

async function sendContact(page: Page) {
  await page.goto('/contacto');
  const form = page.locator('main form');
  await form.getByLabel('Nombre').fill('María José Pérez');
  await form.getByLabel('Correo electrónico').fill('maria.perez@correo.cl');
  await form.getByLabel('Teléfono').fill('+56 9 1234 5678');
  await form.getByLabel('Mensaje').fill('Quiero saber más de los seguros de salud para mi familia.');
  const [answer] = await Promise.all([
    posted(page, '/api/contactos'),
    form.getByRole('button', { name: 'Enviar' }).click(),
  ]);
  return answer;
}

async function sendRequest(page: Page) {
  await page.goto('/Comparar/Seguros-de-Salud');
  await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 20_000 });
  await page
    .getByTestId('result-card')
    .first()
    .getByRole('button', { name: /Contratar/ })
    .click();
  const form = page.getByRole('dialog').getByTestId('request-form');
  await form.getByLabel('Nombre completo').fill('María José Pérez');
  await form.getByLabel('RUT').fill('12.345.678-5');
  await form.getByLabel('Correo electrónico').fill('maria.perez@example.cl');
  await form.getByLabel('Teléfono').fill('+56 9 1234 5678');
  const [answer] = await Promise.all([
    posted(page, '/api/solicitarplans'),
    form.getByRole('button', { name: 'Solicitar' }).click(),
  ]);
  return { form, answer };
}

describe('the human check on the forms (issue 13, 000-8.03)', () => {
  test('issue 13 000-8.03 a contact message past the threshold shows "Soy humano!"; the click sends it, stored once', async () => {
    const first = await visit();
    expect((await sendContact(first)).status()).toBe(201);
    await first.getByTestId('contact-sent').waitFor();

    const page = await visit();
    const refused = await sendContact(page);
    expect(refused.status()).toBe(401);
    const robot = await expectRobotPanel(page);
    expect(await page.getByTestId('contact-sent').count()).toBe(0);
    await screenshot(page, 'contact-human-check-desktop');

    const [again] = await Promise.all([
      posted(page, '/api/contactos'),
      robot.getByRole('button', { name: 'Soy humano!' }).click(),
    ]);
    expect(again.status()).toBe(201);
    await page.getByTestId('contact-sent').waitFor();
    const { id } = (await again.json()) as { id: string };
    const events = await session.runtime.engines.eventStore.readStream(contactRequestStream(id));
    expect(events.length).toBe(1);
    expect(session.expectedProblems(page, /status of 401/).length).toBeGreaterThan(0);
  });

  test('issue 13 000-8.03 000-2.21 a plan request past the threshold shows "Soy humano!" in the form; the click sends it and the lead is there', async () => {
    const first = await visit();
    expect((await sendRequest(first)).answer.status()).toBe(201);
    await first.getByTestId('request-success').waitFor();

    const page = await visit();
    const { form, answer: refused } = await sendRequest(page);
    expect(refused.status()).toBe(401);
    const robot = await expectRobotPanel(page);
    expect(await form.getByRole('button', { name: 'Solicitar' }).isDisabled()).toBe(true);
    await screenshot(page, 'request-human-check-desktop');

    const [again] = await Promise.all([
      posted(page, '/api/solicitarplans'),
      robot.getByRole('button', { name: 'Soy humano!' }).click(),
    ]);
    expect(again.status()).toBe(201);
    const success = page.getByTestId('request-success');
    await success.waitFor();
    const leadId = (await success.getAttribute('data-lead')) ?? '';
    const lead = await fetch(`${session.runtime.url}/api/solicitarplans/${leadId}`);
    expect(lead.status).toBe(200);
    expect(session.expectedProblems(page, /status of 401/).length).toBeGreaterThan(0);
  });
});
