import { rutCheckDigit } from '@cubre/schemas/identification';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@cubre/services/identity/seed';
import { postJson } from '../../../services/test/support/testRuntime';

/**
 * What the console's browser tests add to the storefront's (web-storefront/e2e/support: one product and one
 * browser per file, axe, problems checked after each test): the console's address, signing in and out,
 * its MUI selects, its screenshots, and the admin API to prepare leads and check what a screen did.
 */

export { DEMO_PASSWORD };
/** The console's desktop (issue: 1366×800) and the phone the lead list is checked on. */
export const CONSOLE_DESKTOP = { width: 1366, height: 800 };
export const CONSOLE_MOBILE = { width: 390, height: 844 };
export const CONSOLE_SCREENSHOTS = join(__dirname, '..', 'screenshots');

/** Saves a screenshot for reviewers under admin-console/e2e/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(CONSOLE_SCREENSHOTS, { recursive: true });
  await page.screenshot({
    path: join(CONSOLE_SCREENSHOTS, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  });
}

/** The login form, filled and sent; the page is then whatever the console shows (an error, the dashboard). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.endsWith('/login')) await page.goto('/admin/login');
  const form = page.getByRole('form', { name: 'Consola Cubre' });
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Contraseña').fill(password);
  await form.getByRole('button', { name: 'Ingresar' }).click();
}

/** Signs in through the login page (Spanish, the console's default) and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, email, password);
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
  // The dashboard's title in the app bar: shown on a phone too, where the menu is folded away.
  await page.getByRole('banner').getByRole('heading', { name: 'Inicio' }).waitFor();
}

/** Signs out from the user menu (named by the user) and waits for the login page. */
export async function signOut(page: Page, userName: string, logout = 'Cerrar sesión'): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: logout }).click();
  await page.waitForURL('**/admin/login');
}

/** Picks an option of a MUI select (a combobox opening a listbox) by their visible names. */
/**
 * Opens a MUI select's listbox. A select whose options arrive while it is clicked re-renders and drops the
 * click (seen on a loaded machine): the listbox not showing, it is clicked again, a few times at most.
 */
async function openListbox(page: Page, scope: Locator, label: string): Promise<Locator> {
  const combobox = scope.getByRole('combobox', { name: label, exact: true });
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt++) {
    await combobox.click();
    try {
      await listbox.waitFor({ timeout: attempt < 3 ? 5000 : undefined });
      return listbox;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Opens a dialog by clicking `opener` and answers the dialog. On a loaded machine the list behind a bulk
 * action can re-render between the click and the dialog's first paint and drop it (seen once in CI): the
 * dialog not showing within a few seconds, the opener is clicked again, a few times at most.
 */
export async function openDialog(page: Page, opener: Locator, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  for (let attempt = 1; ; attempt++) {
    if (!(await dialog.isVisible())) await opener.click();
    try {
      await dialog.waitFor({ timeout: attempt < 3 ? 5000 : undefined });
      return dialog;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const listbox = await openListbox(page, scope, label);
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'hidden' });
}

/** The names a MUI select offers, read by opening it; closed again with Escape. */
export async function optionsOf(page: Page, scope: Locator, label: string): Promise<string[]> {
  const listbox = await openListbox(page, scope, label);
  const names = (await listbox.getByRole('option').allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return names;
}

/**
 * Drags `source` onto `target` with the mouse, as a person does (HTML5 drag and drop): press, a first move
 * that starts the drag, the target scrolled into view (the kanban's columns overflow sideways), then a
 * move in steps so the page sees dragover events after it has rendered the columns that accept the card.
 */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.scrollIntoViewIfNeeded();
  await source.hover();
  const from = await source.boundingBox();
  if (!from) throw new Error('the dragged element is not visible');
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 16, from.y + from.height / 2 + 16, { steps: 4 });
  await target.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  const to = await target.boundingBox();
  if (!to) throw new Error('the drop target is not visible');
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 80), { steps: 8 });
  await page.mouse.up();
}

/** A valid RUT for a number: its check digit by modulo 11 (rule 002-5.03). */
export function rutFor(body: number): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

export interface Person {
  nombre: string;
  rut: string;
  email: string;
  telefono: string;
}

let people = 0;
/**
 * A new person each call: a distinct RUT and e-mail, so no request is taken for a duplicate of another
 * (same RUT or e-mail for the same product within 30 days is Duplicado).
 */
export function newPerson(nombre: string): Person {
  people += 1;
  return {
    nombre,
    rut: rutFor(15_000_000 + people * 104_729),
    email: `persona${people}.${Date.now().toString(36)}@example.cl`,
    telefono: '+56 9 1234 5678',
  };
}

/** A product of the demo catalogue the storefront's tests load (web-storefront/e2e/support/server.ts). */
export const DEMO_PRODUCT = 'DEMO-CL-DENT-06';

/** The admin API as the demo users call it (admin-console/API.md), to prepare data and check screens. */
export class ConsoleApi {
  private readonly sessions = new Map<string, Promise<{ token: string; user: { id: string } }>>();

  constructor(private readonly baseUrl: () => string) {}

  private session(email: string) {
    let session = this.sessions.get(email);
    if (!session) {
      session = postJson(`${this.baseUrl()}/token`, { email, password: DEMO_PASSWORD }).then(
        async (response) => {
          if (response.status !== 200) throw new Error(`POST /token for ${email}: ${response.status}`);
          return response.json();
        },
      );
      this.sessions.set(email, session);
    }
    return session;
  }

  async token(email: string): Promise<string> {
    return (await this.session(email)).token;
  }

  async userId(email: string): Promise<string> {
    return (await this.session(email)).user.id;
  }

  async get(email: string, path: string): Promise<Response> {
    return fetch(`${this.baseUrl()}${path}`, {
      headers: { Authorization: `Bearer ${await this.token(email)}` },
    });
  }

  async post(
    email: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return postJson(`${this.baseUrl()}${path}`, body, {
      ...headers,
      Authorization: `Bearer ${await this.token(email)}`,
    });
  }

  /** One lead as `email` sees it now (GET /api/admin/leads/{id}). */
  async lead(email: string, id: string): Promise<any> {
    const response = await this.get(email, `/api/admin/leads/${id}`);
    if (response.status !== 200) throw new Error(`GET lead ${id} as ${email}: ${response.status}`);
    return response.json();
  }

  /** A visitor's request (the storefront's own call, POST /api/solicitarplans): the new lead's id. */
  async request(person: Person, productCode = DEMO_PRODUCT): Promise<string> {
    const response = await postJson(`${this.baseUrl()}/api/solicitarplans`, {
      productCode,
      ...person,
      region: 13,
    });
    const body = await response.json();
    if (response.status !== 201) throw new Error(`request: ${response.status} ${JSON.stringify(body)}`);
    if (body.status?.name !== 'Sin Estado') throw new Error(`request: ${JSON.stringify(body.status)}`);
    return body.id;
  }

  /** The supervisor assigns a lead to an executive (POST /api/admin/leads/{id}/assign). */
  async assign(leadId: string, executiveEmail: string, by = 'supervisor@demo.cl'): Promise<void> {
    const response = await this.post(by, `/api/admin/leads/${leadId}/assign`, {
      executiveId: await this.userId(executiveEmail),
    });
    if (response.status !== 200) throw new Error(`assign ${leadId}: ${response.status}`);
  }

  /** New leads assigned to an executive, one per name: their ids, in the names' order. */
  async assignedLeads<const T extends readonly string[]>(
    executiveEmail: string,
    names: T,
  ): Promise<{ [K in keyof T]: string }> {
    const ids: string[] = [];
    for (const name of names) {
      const id = await this.request(newPerson(name));
      await this.assign(id, executiveEmail);
      ids.push(id);
    }
    return ids as { [K in keyof T]: string };
  }
}
