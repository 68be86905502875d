import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { formatRut } from '@cubre/schemas/identification';
import type { BulkLoadProblemRecord, BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { EmployeeRecord } from '@cubre/schemas/groupInsurance/employee';
import type { PolicyRecord } from '@cubre/schemas/groupInsurance/policy';
import { seriousViolations } from '../../web-storefront/e2e/support/axe';
import { storefrontSession } from '../../web-storefront/e2e/support/session';
import { CONSOLE_DESKTOP, ConsoleApi, choose, rutFor, screenshot, signIn } from './support/console';

/**
 * Group insurance in the console (issue 16) in a real browser: a company administrator uploads an XLSX
 * of activations with bad rows, reads the dry run's report, confirms the valid rows and finds the people
 * under ALTAS; uploads cancellations; the back office answers for the insurer; a batch is undone; the
 * other demo company sees none of it. The tests run in order and share the batches they make.
 */
const session = storefrontSession();
const api = new ConsoleApi(() => session.runtime.url);
jest.setTimeout(120_000);

const COMPANY = 'empresa@demo.cl';
const OTHER_COMPANY = 'empresa2@demo.cl';
const STAFF = 'backoffice@demo.cl';

async function visit(): Promise<Page> {
  const page = await session.visit(CONSOLE_DESKTOP);
  page.setDefaultTimeout(20_000);
  return page;
}

async function getJson<T>(email: string, path: string): Promise<T> {
  const response = await api.get(email, path);
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`GET ${path} as ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

const list = <T>(email: string, resource: string, filter: object, perPage = 100) =>
  getJson<T[]>(
    email,
    `/api/admin/${resource}?${new URLSearchParams({
      filter: JSON.stringify(filter),
      range: JSON.stringify([0, perPage - 1]),
    })}`,
  );

/** Today in Chile (the day the server judges effective dates by, 002-9.04), moved by `days`. */
function chileDay(days = 0): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Santiago' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
/** A date cell as Excel keeps it (002-3.43: date-typed columns). */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The seed's column names (002-3.41, 002-3.42), which the server reads whatever its aliases. */
const ACTIVATION_HEADERS = [
  'legalId',
  'name',
  'paternalSurname',
  'maternalSurname',
  'birthDate',
  'gender',
  'email',
  'phone',
  'insuredType',
  'effectiveDate',
  'coverageGroup',
  'holderLegalId',
  'dependentType',
];
const CANCELLATION_HEADERS = [
  'legalId',
  'name',
  'paternalSurname',
  'maternalSurname',
  'birthDate',
  'gender',
  'effectiveDate',
  'reason',
  'insuredType',
  'holderLegalId',
  'dependentType',
];

/** A workbook of one sheet: the header, then the rows (the sheet's row 2 is the first person). */
async function workbook(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Carga');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface Person {
  rut: string;
  name: string;
  paternalSurname: string;
  maternalSurname: string;
}

let serial = 0;
/** A new person with a valid RUT nobody in the demo data has. */
function newPerson(name: string, paternalSurname: string): Person {
  serial += 1;
  const body = 30_000_000 + (Date.now() % 1_000_000) * 7 + serial * 1_013;
  return { rut: rutFor(body), name, paternalSurname, maternalSurname: 'Prueba' };
}

const activationRow = (person: Person, effectiveDate: string, coverageGroup: string, rut = person.rut) => [
  rut,
  person.name,
  person.paternalSurname,
  person.maternalSurname,
  excelDate('1988-04-12'),
  'Femenino',
  `${person.name.toLowerCase()}.${serial}@example.cl`,
  '+56912345678',
  'TITULAR',
  excelDate(effectiveDate),
  coverageGroup,
  '',
  '',
];

/** Uploads a file from the "Nueva carga" page and waits for the load's page: the new load's id. */
async function upload(
  page: Page,
  policy: PolicyRecord,
  kind: 'Altas' | 'Bajas',
  file: { name: string; buffer: Buffer },
): Promise<string> {
  await page.goto('/admin/bulk-loads/create');
  const form = page.getByRole('form', { name: 'Nueva carga' });
  await form.waitFor();
  await choose(page, form, 'Póliza', `${policy.number} · ${policy.name}`);
  await form.getByRole('radio', { name: kind }).check();
  await form.getByLabel('Archivo de la carga').setInputFiles({
    name: file.name,
    mimeType: file.name.endsWith('.csv')
      ? 'text/csv'
      : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file.buffer,
  });
  await form.getByTestId('chosen-file').filter({ hasText: file.name }).waitFor();
  const [created] = await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/admin/bulk-loads' &&
        response.request().method() === 'POST',
    ),
    form.getByRole('button', { name: 'Cargar archivo' }).click(),
  ]);
  expect(created.status()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await page.waitForURL(`**/admin/bulk-loads/${id}/show`);
  return id;
}

const summary = (page: Page) => page.getByRole('region', { name: 'Carga', exact: true });
/** Waits until the load's page shows `status` (the page polls while the server works). */
async function loadShows(page: Page, status: string): Promise<void> {
  await summary(page).locator(`[data-status="${status}"]`).waitFor({ timeout: 60_000 });
}
const count = async (page: Page, name: string) =>
  Number(await summary(page).getByTestId(`count-${name}`).textContent());

/** The employees list searched by a RUT, on a movement tab; the rows that show a status. */
async function searchEmployees(
  page: Page,
  movement: 'ALTAS' | 'BAJAS' | 'TODAS',
  rut: string,
): Promise<Locator> {
  await page.goto('/admin/employees');
  await page
    .getByRole('group', { name: 'Movimientos' })
    .getByRole('button', { name: movement, exact: true })
    .click();
  await page.waitForURL(
    (url) => movement === 'TODAS' || (url.searchParams.get('filter') ?? '').includes(movement),
  );
  await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/admin/employees' &&
        (new URL(response.url()).searchParams.get('filter') ?? '').includes(rut),
    ),
    page.getByPlaceholder('Nombre o RUT').fill(rut),
  ]);
  return page.getByRole('row').filter({ hasText: formatRut(rut) });
}

/** The chip's status code and words in a row or a page: one component, so both must read the same. */
async function chipOf(scope: Locator): Promise<{ status: string | null; words: string | null }> {
  const chip = scope.locator('[data-status]').first();
  await chip.waitFor();
  return { status: await chip.getAttribute('data-status'), words: await chip.textContent() };
}

let policy: PolicyRecord;
let coverageGroup: string;
const hired = [newPerson('Valentina', 'Rojas'), newPerson('Matías', 'Soto'), newPerson('Ignacia', 'Muñoz')];
const badRut = newPerson('Rut', 'Malo');
const tooEarly = newPerson('Fecha', 'Antigua');
let activationLoadId = '';
let cancellationLoadId = '';
let leaving: EmployeeRecord[] = [];

beforeAll(async () => {
  const policies = await list<PolicyRecord>(COMPANY, 'policies', {});
  const withGroups = policies.find(
    (candidate) => candidate.status === 'ACTIVE' && candidate.coverageGroups.length,
  );
  if (!withGroups) throw new Error(`the demo company has no active policy: ${JSON.stringify(policies)}`);
  policy = withGroups;
  coverageGroup = policy.coverageGroups[0]!.code;
});

describe("the console's group insurance", () => {
  test('002-3.41 002-3.43 002-6.05 a company administrator uploads an XLSX of activations with bad rows, reads each row problem, confirms the valid rows and finds them under ALTAS as PROCESS_ACTIVATION (002-4.09)', async () => {
    const today = chileDay();
    const rows = [
      ...hired.map((person) => activationRow(person, today, coverageGroup)),
      // Row 5: a RUT whose check digit is wrong (002-5.03); row 6: coverage starting 100 days ago (002-9.04).
      activationRow(
        badRut,
        today,
        coverageGroup,
        `${badRut.rut.slice(0, -1)}${badRut.rut.endsWith('1') ? '2' : '1'}`,
      ),
      activationRow(tooEarly, chileDay(-100), coverageGroup),
    ];
    const buffer = await workbook(ACTIVATION_HEADERS, rows);

    const page = await visit();
    await signIn(page, COMPANY);
    // The company administrator's menu: group insurance, and no leads.
    const menu = page.getByRole('menu');
    for (const item of ['Pólizas', 'Asegurados', 'Cargas masivas'])
      await menu.getByRole('menuitem', { name: item }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Leads' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Cargas masivas' }).click();
    await page.waitForURL('**/admin/bulk-loads**');
    await page.getByRole('link', { name: 'Nueva carga' }).click();
    await page.waitForURL('**/admin/bulk-loads/create');
    // "Descargar plantilla": the empty file of the seed's columns, as XLSX.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar plantilla' }).click(),
    ]);
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.readFile((await template.path())!);
    expect(templateBook.worksheets[0]!.getRow(1).cellCount).toBeGreaterThanOrEqual(12);

    activationLoadId = await upload(page, policy, 'Altas', { name: 'altas-noviembre.xlsx', buffer });
    await loadShows(page, 'VALIDATED');
    // The report table: row, column and message of every problem the server found, rows 5 and 6 only.
    const problems = await list<BulkLoadProblemRecord>(COMPANY, 'bulk-load-problems', {
      bulkLoadId: activationLoadId,
    });
    expect(problems.filter((problem) => problem.rowNumber < 5)).toEqual([]);
    expect([...new Set(problems.map((problem) => problem.rowNumber))].sort()).toEqual([5, 6]);
    expect(await count(page, 'rows')).toBe(5);
    expect(await count(page, 'valid')).toBe(3);
    expect(await count(page, 'invalid')).toBe(2);
    expect(await count(page, 'toApply')).toBe(3);
    const table = page.getByRole('region', { name: 'Problemas por fila' });
    for (const problem of problems) {
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(problem.rowNumber), exact: true }) })
        .filter({ hasText: problem.message });
      await row.first().waitFor();
      expect(await row.first().textContent()).toContain(problem.column);
    }
    expect(
      await table
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: '2', exact: true }) })
        .count(),
    ).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-load-validated-desktop');

    // "Descargar reporte": the same problems in the downloadable CSV.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar reporte' }).click(),
    ]);
    const reported = parse(readFileSync((await report.path())!), { bom: true, delimiter: ';' }) as string[][];
    expect(reported.slice(1)).toEqual(
      problems.map((problem) => [String(problem.rowNumber), problem.column, problem.rule, problem.message]),
    );

    // The insurer's answers are not the company's: no "Aceptar todo" for its administrator.
    expect(await page.getByRole('button', { name: 'Aceptar todo' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Confirmar carga' }).click();
    await loadShows(page, 'COMMITTED');
    expect(await page.getByRole('button', { name: 'Aceptar todo' }).count()).toBe(0);

    // ALTAS lists the three as PROCESS_ACTIVATION, and the person's page reads the same status.
    const row = await searchEmployees(page, 'ALTAS', hired[0]!.rut);
    await row.first().waitFor();
    const listed = await chipOf(row.first());
    expect(listed).toEqual({ status: 'PROCESS_ACTIVATION', words: 'Alta en proceso' });
    await row.first().click();
    await page.waitForURL('**/admin/employees/**/show');
    const person = page.getByRole('region', { name: 'Asegurado', exact: true });
    await person.waitFor();
    expect(await chipOf(person.locator('dt:text-is("Estado") + dd'))).toEqual(listed);
    expect(await person.locator('dt:text-is("RUT") + dd').textContent()).toBe(formatRut(hired[0]!.rut));
    const history = page.getByRole('table', { name: 'Historial' });
    await history.locator('[data-kind="activation"]').first().waitFor();
    // Neither bad row reached the roster; BAJAS does not list the new people.
    for (const bad of [tooEarly]) {
      const none = await searchEmployees(page, 'TODAS', bad.rut);
      expect(await none.count()).toBe(0);
    }
    const notLeaving = await searchEmployees(page, 'BAJAS', hired[1]!.rut);
    expect(await notLeaving.count()).toBe(0);
    const people = await list<EmployeeRecord>(COMPANY, 'employees', { lastBulkLoadId: activationLoadId });
    expect(people.map((each) => each.legalId).sort()).toEqual(hired.map((each) => each.rut).sort());
    expect(people.every((each) => each.status === 'PROCESS_ACTIVATION' && each.movement === 'ALTA')).toBe(
      true,
    );
  });

  test('002-3.42 a company administrator uploads cancellations of active people and finds them under BAJAS as PROCESS_CANCELLATION', async () => {
    const active = await list<EmployeeRecord>(COMPANY, 'employees', {
      policyId: policy.id,
      status: 'ACTIVE',
      insuredType: 'TITULAR',
    });
    leaving = active.slice(0, 2);
    expect(leaving).toHaveLength(2);
    const rows = leaving.map((person) => [
      person.legalId,
      person.name,
      person.paternalSurname,
      person.maternalSurname ?? '',
      person.birthDate ? excelDate(person.birthDate) : '',
      person.gender ?? '',
      excelDate(chileDay(5)),
      'Renuncia voluntaria',
      'TITULAR',
      '',
      '',
    ]);
    const buffer = await workbook(CANCELLATION_HEADERS, rows);
    const page = await visit();
    await signIn(page, COMPANY);
    cancellationLoadId = await upload(page, policy, 'Bajas', { name: 'bajas-noviembre.xlsx', buffer });
    await loadShows(page, 'VALIDATED');
    expect(await count(page, 'valid')).toBe(2);
    expect(await count(page, 'invalid')).toBe(0);
    await page.getByTestId('no-problems').waitFor();
    await page.getByRole('button', { name: 'Confirmar carga' }).click();
    await loadShows(page, 'COMMITTED');

    const row = await searchEmployees(page, 'BAJAS', leaving[0]!.legalId);
    await row.first().waitFor();
    expect(await chipOf(row.first())).toEqual({ status: 'PROCESS_CANCELLATION', words: 'Baja en proceso' });
  });

  test('002-4.08 002-6.11 the back office accepts both batches for the insurer: the activated people read ACTIVE, the cancelled CANCELED', async () => {
    const page = await visit();
    await signIn(page, STAFF);
    await page.getByRole('menu').getByRole('menuitem', { name: 'Cargas masivas' }).click();
    // Staff see every company, with the organization filter.
    await page.getByRole('combobox', { name: 'Empresa' }).waitFor();
    for (const id of [activationLoadId, cancellationLoadId]) {
      await page.goto(`/admin/bulk-loads/${id}/show`);
      await loadShows(page, 'COMMITTED');
      const [answered] = await Promise.all([
        page.waitForResponse(
          (response) => new URL(response.url()).pathname === `/api/admin/bulk-loads/${id}/accept`,
        ),
        page.getByRole('button', { name: 'Aceptar todo' }).click(),
      ]);
      expect(answered.status()).toBeLessThan(300);
    }
    const activated = await searchEmployees(page, 'ALTAS', hired[1]!.rut);
    await activated.first().locator('[data-status="ACTIVE"]').waitFor();
    expect(await chipOf(activated.first())).toEqual({ status: 'ACTIVE', words: 'Activo' });
    const cancelled = await searchEmployees(page, 'BAJAS', leaving[1]!.legalId);
    await cancelled.first().locator('[data-status="CANCELED"]').waitFor();
    await cancelled.first().click();
    const person = page.getByRole('region', { name: 'Asegurado', exact: true });
    expect(await chipOf(person.locator('dt:text-is("Estado") + dd'))).toEqual({
      status: 'CANCELED',
      words: 'Cancelado',
    });
    // Settled: nothing left to answer.
    expect(await person.getByRole('button', { name: 'Aceptar' }).count()).toBe(0);
    const history = page.getByRole('table', { name: 'Historial' });
    await history.locator('[data-kind="accept"]').first().waitFor();
  });

  test('a batch is undone whole after a confirmation; one whose people changed later is refused in the server words (409)', async () => {
    const page = await visit();
    await signIn(page, COMPANY);
    const late = [newPerson('Joaquín', 'Vera'), newPerson('Antonia', 'Lagos')];
    const buffer = await workbook(
      ACTIVATION_HEADERS,
      late.map((person) => activationRow(person, chileDay(), coverageGroup)),
    );
    const id = await upload(page, policy, 'Altas', { name: 'altas-tardias.xlsx', buffer });
    await loadShows(page, 'VALIDATED');
    await page.getByRole('button', { name: 'Confirmar carga' }).click();
    await loadShows(page, 'COMMITTED');
    expect(await list<EmployeeRecord>(COMPANY, 'employees', { lastBulkLoadId: id })).toHaveLength(2);
    await page.getByRole('button', { name: 'Deshacer carga' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Deshacer la carga?' });
    await dialog.getByRole('button', { name: 'Deshacer carga' }).click();
    await loadShows(page, 'UNDONE');
    const gone = await searchEmployees(page, 'TODAS', late[0]!.rut);
    expect(await gone.count()).toBe(0);
    expect(await list<EmployeeRecord>(COMPANY, 'employees', { q: late[1]!.rut })).toHaveLength(0);

    // The first batch's people were accepted since: its undo would break that, and the server says so.
    await page.goto(`/admin/bulk-loads/${activationLoadId}/show`);
    await loadShows(page, 'COMMITTED');
    await page.getByRole('button', { name: 'Deshacer carga' }).click();
    const [refused] = await Promise.all([
      page.waitForResponse(
        (response) => new URL(response.url()).pathname === `/api/admin/bulk-loads/${activationLoadId}/undo`,
      ),
      page
        .getByRole('dialog', { name: '¿Deshacer la carga?' })
        .getByRole('button', { name: 'Deshacer carga' })
        .click(),
    ]);
    expect(refused.status()).toBe(409);
    const problem = (await refused.json()) as { detail?: string; errors?: { message: string }[] };
    const words = problem.errors?.[0]?.message ?? problem.detail ?? '';
    expect(words).not.toBe('');
    await page.getByTestId('bulk-load-refusal').filter({ hasText: words }).waitFor();
    await loadShows(page, 'COMMITTED');
    // The browser logs the refused call; that refusal is this test's subject.
    session.expectedProblems(page, /409/);
  });

  test("002-4.08 002-6.11 the back office asks for one active person's cancellation from their page and declines it: the person is ACTIVE again; the company exports the list it filtered (employee:export)", async () => {
    const page = await visit();
    await signIn(page, STAFF);
    const found = await searchEmployees(page, 'TODAS', hired[2]!.rut);
    await found.first().locator('[data-status="ACTIVE"]').waitFor();
    await found.first().click();
    const person = page.getByRole('region', { name: 'Asegurado', exact: true });
    await person.getByRole('button', { name: 'Dar de baja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dar de baja al asegurado' });
    await dialog.getByLabel('Motivo de la baja').fill('Término de contrato');
    await dialog.getByRole('button', { name: 'Solicitar baja' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await person.locator('dt:text-is("Estado") + dd [data-status="PROCESS_CANCELLATION"]').waitFor();
    await person.getByRole('button', { name: 'Rechazar' }).click();
    await person.locator('dt:text-is("Estado") + dd [data-status="ACTIVE"]').waitFor();
    expect(await person.getByRole('button', { name: 'Rechazar' }).count()).toBe(0);
    await page.getByRole('table', { name: 'Historial' }).locator('[data-kind="decline"]').first().waitFor();

    const company = await visit();
    await signIn(company, COMPANY);
    // Its last process was a cancellation (declined): TODAS lists it, filtered by its RUT.
    const listed = await searchEmployees(company, 'TODAS', hired[2]!.rut);
    await listed.first().waitFor();
    const [exported] = await Promise.all([
      company.waitForEvent('download'),
      company.getByRole('button', { name: 'Exportar' }).click(),
    ]);
    const csv = readFileSync((await exported.path())!, 'utf8');
    expect(csv).toContain(hired[2]!.rut);
    expect(csv).not.toContain(hired[0]!.rut);
  });

  test("tenant isolation: the other company's administrator sees none of the first company's loads or people", async () => {
    const page = await visit();
    await signIn(page, OTHER_COMPANY);
    const [listed] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/bulk-loads'),
      page.getByRole('menu').getByRole('menuitem', { name: 'Cargas masivas' }).click(),
    ]);
    expect(listed.status()).toBe(200);
    const shown = (await listed.json()) as BulkLoadRecord[];
    expect(shown.some((load) => load.id === activationLoadId || load.id === cancellationLoadId)).toBe(false);
    expect(await page.getByRole('row').filter({ hasText: 'altas-noviembre.xlsx' }).count()).toBe(0);
    // No organization filter for a company administrator: their company is the only one.
    expect(await page.getByRole('combobox', { name: 'Empresa' }).count()).toBe(0);
    const rows = await searchEmployees(page, 'TODAS', hired[0]!.rut);
    expect(await rows.count()).toBe(0);
    expect((await api.get(OTHER_COMPANY, `/api/admin/bulk-loads/${activationLoadId}`)).status).toBe(404);
    expect(
      (
        await api.get(
          OTHER_COMPANY,
          `/api/admin/employees/${encodeURIComponent(`${policy.id}.${hired[0]!.rut}`)}`,
        )
      ).status,
    ).toBe(404);
    const loads = await list<BulkLoadRecord>(OTHER_COMPANY, 'bulk-loads', {});
    expect(loads.some((load) => load.id === activationLoadId)).toBe(false);
  });
});
