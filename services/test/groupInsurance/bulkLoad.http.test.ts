import { BulkLoadProblemRecord, BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import { EmployeeRecord } from '@cubre/schemas/groupInsurance/employee';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { listQuery, signIn, type Session } from '../identity/support';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import {
  ACTIVATION_HEADER,
  activationCsv,
  cancellationCsv,
  chileToday,
  commit,
  dryRun,
  rutOf,
  type Person,
  lettersOf,
  untilStatus,
  upload,
} from './support';
import { sharedStringsBomb } from './rows/zipBomb';

/**
 * Bulk loads end to end over HTTP (issue 16; 002-1.01): upload → dry run → report → commit → the employee
 * list; the same file again; a corrected file; undo; cancellations; the insurer's answers.
 */
let runtime: TestRuntime;
let company: Session;
let staff: Session;
const POLICY = 'andes-salud-2026';

beforeAll(async () => {
  runtime = await startTestRuntime({ BULK_LOAD_PROGRESS_EVERY: '2' });
  company = await signIn(runtime.url, 'empresa@demo.cl');
  staff = await signIn(runtime.url, 'admin@demo.cl');
});
afterAll(async () => {
  await runtime.dispose();
});

const people = (from: number, count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    legalId: rutOf(30_000_000 + from + i),
    name: 'Ana',
    surname: `Prueba${lettersOf(from + i)}`,
  }));

const employeesOfLoad = async (session: Session, bulkLoadId: string, movement = 'TODAS') => {
  const response = await session.get(
    `/api/admin/employees${listQuery({ filter: { lastBulkLoadId: bulkLoadId, movement }, range: [0, 999] })}`,
  );
  expect(response.status).toBe(200);
  return ((await json(response)) as unknown[]).map((row) => EmployeeRecord.parse(row));
};

test('002-1.01 002-4.09 an activation file with bad rows: the dry run reports each bad row, the commit applies the valid ones, listed under ALTAS', async () => {
  const good = people(0, 5);
  const csv = `${activationCsv(good)}\n7,Malo,Rut,Soto,12345678-0,1985-04-12,Femenino,a@b.cl,+56912345678,TITULAR,2020-01-01,G1,,,,,`;
  const validated = BulkLoadRecord.parse(
    await dryRun(company, { policyId: POLICY, kind: 'activation', fileName: 'altas.csv' }, csv),
  );
  expect(validated.counts).toEqual({ rows: 6, valid: 5, invalid: 1, unchanged: 0, toApply: 5 });

  const problems = await company.get(
    `/api/admin/bulk-load-problems${listQuery({ filter: { bulkLoadId: validated.id } })}`,
  );
  expect(problems.status).toBe(200);
  const rows = ((await json(problems)) as unknown[]).map((row) => BulkLoadProblemRecord.parse(row));
  expect(rows.length).toBeGreaterThanOrEqual(1);
  expect(new Set(rows.map((row) => row.rowNumber))).toEqual(new Set([7]));
  const report = await company.get(`/api/admin/bulk-loads/${validated.id}/report`);
  expect(report.status).toBe(200);
  expect(report.headers.get('content-type')).toMatch(/text\/csv/);
  expect((await report.text()).split(/\r?\n/).filter(Boolean).length).toBe(rows.length + 1);

  expect(await employeesOfLoad(company, validated.id)).toEqual([]);
  const committed = await commit(company, validated.id);
  expect(committed.progress.rowsApplied).toBe(5);
  const listed = await employeesOfLoad(company, validated.id, 'ALTAS');
  expect(listed.map((row) => row.legalId).sort()).toEqual(good.map((p) => p.legalId).sort());
  expect(listed.every((row) => row.status === 'PROCESS_ACTIVATION' && row.employeeStatus === 'PENDING')).toBe(
    true,
  );
  expect(await employeesOfLoad(company, validated.id, 'BAJAS')).toEqual([]);
});

test('002-1.01 the same file again changes nothing: the dry run finds every row unchanged and the commit applies none', async () => {
  const group = people(100, 4);
  const first = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'a.csv' },
    activationCsv(group),
  );
  await commit(company, first.id);
  const before = await employeesOfLoad(company, first.id);

  const again = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'a.csv' },
    activationCsv(group),
  );
  expect(again.counts).toEqual({ rows: 4, valid: 4, invalid: 0, unchanged: 4, toApply: 0 });
  const committed = await commit(company, again.id);
  expect(committed.progress.rowsApplied).toBe(0);
  expect(await employeesOfLoad(company, first.id)).toEqual(before);
  expect(await employeesOfLoad(company, again.id)).toEqual([]);
});

test('002-1.01 a corrected file applies only the rows whose values changed; undo is refused while a later batch touched its people, then allowed once that batch is undone', async () => {
  const group = people(200, 3);
  const first = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'a.csv' },
    activationCsv(group),
  );
  await commit(company, first.id);

  const corrected = group.map((p, i) => (i === 1 ? { ...p, group: 'G2' } : p));
  const second = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'b.csv' },
    activationCsv(corrected),
  );
  expect(second.counts).toMatchObject({ valid: 3, unchanged: 2, toApply: 1 });
  await commit(company, second.id);
  const changed = await employeesOfLoad(company, second.id);
  expect(changed.map((row) => [row.legalId, row.coverageGroup])).toEqual([[group[1]!.legalId, 'G2']]);

  const refused = await company.post(`/api/admin/bulk-loads/${first.id}/undo`, {});
  expect(refused.status).toBe(409);
  expect(refused.headers.get('content-type')).toMatch(/application\/problem\+json/);
  const problem = await json(refused);
  expect(problem.errors[0].rule).toBe('later-change');
  expect(problem.detail).toContain(second.id);

  const undoSecond = await company.post(`/api/admin/bulk-loads/${second.id}/undo`, {});
  expect(undoSecond.status).toBe(202);
  expect((await json(undoSecond)).status).toBe('UNDONE');
  const back = await company.get(`/api/admin/employees/${POLICY}.${group[1]!.legalId}`);
  expect((await json(back)).coverageGroup).toBe('G1');

  const undoFirst = await company.post(`/api/admin/bulk-loads/${first.id}/undo`, {});
  expect(undoFirst.status).toBe(202);
  for (const person of group) {
    expect((await company.get(`/api/admin/employees/${POLICY}.${person.legalId}`)).status).toBe(404);
  }
  const again = await company.post(`/api/admin/bulk-loads/${first.id}/undo`, {});
  expect(again.status).toBe(409);
});

test('002-4.08 002-4.09 cancellations: the insurer accepts a batch of activations, a cancellation file puts people under BAJAS, the insurer accepts one cancellation and declines another', async () => {
  const group = people(300, 3);
  const activated = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'a.csv' },
    activationCsv(group),
  );
  await commit(company, activated.id);
  // A company administrator cannot answer for the insurer; staff can, for the whole batch.
  expect((await company.post(`/api/admin/bulk-loads/${activated.id}/accept`, {})).status).toBe(403);
  const accepted = await staff.post(`/api/admin/bulk-loads/${activated.id}/accept`, {});
  expect(accepted.status).toBe(200);
  expect((await json(accepted)).answered).toBe(3);
  expect((await employeesOfLoad(company, activated.id)).map((row) => row.status)).toEqual([
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
  ]);

  const unknown = { legalId: rutOf(39_999_999), name: 'Nadie', surname: 'Nadie' };
  const cancellation = await dryRun(
    company,
    { policyId: POLICY, kind: 'cancellation', fileName: 'bajas.csv' },
    cancellationCsv([group[0]!, group[1]!, unknown]),
  );
  expect(cancellation.counts).toMatchObject({ rows: 3, valid: 2, invalid: 1, toApply: 2 });
  await commit(company, cancellation.id);
  const bajas = await employeesOfLoad(company, cancellation.id, 'BAJAS');
  expect(bajas.map((row) => row.status)).toEqual(['PROCESS_CANCELLATION', 'PROCESS_CANCELLATION']);
  expect(bajas.every((row) => row.employeeStatus === 'ACTIVE' && row.cancellationReason === 'Renuncia')).toBe(
    true,
  );
  expect(await employeesOfLoad(company, cancellation.id, 'ALTAS')).toEqual([]);

  const [one, two] = bajas;
  const accept = await staff.post(`/api/admin/employees/${one!.id}/accept`, { revision: one!.revision });
  expect(accept.status).toBe(200);
  expect(await json(accept)).toMatchObject({ status: 'CANCELED', employeeStatus: 'INACTIVE' });
  const decline = await staff.post(`/api/admin/employees/${two!.id}/decline`, { revision: two!.revision });
  expect(decline.status).toBe(200);
  expect(await json(decline)).toMatchObject({ status: 'ACTIVE', employeeStatus: 'ACTIVE' });

  const history = await company.get(`/api/admin/employees/${one!.id}/history`);
  expect(history.status).toBe(200);
  expect(((await json(history)) as { kind: string }[]).map((entry) => entry.kind)).toEqual([
    'accept',
    'cancellation',
    'accept',
    'activation',
  ]);
});

test('002-1.01 an XLSX file of activations is read as the CSV is, its bad rows reported by row number', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Altas');
  sheet.addRow(ACTIVATION_HEADER.split(','));
  const group = people(400, 2);
  group.forEach((p, i) =>
    sheet.addRow([
      i + 2,
      p.name,
      p.surname,
      'Soto',
      p.legalId,
      '1985-04-12',
      'Masculino',
      'x@y.cl',
      '+56912345678',
      'TITULAR',
      chileToday(),
      'G2',
    ]),
  );
  sheet.addRow([
    4,
    'Sin',
    'Rut',
    'Soto',
    '',
    '1985-04-12',
    'Masculino',
    'x@y.cl',
    '+56912345678',
    'TITULAR',
    chileToday(),
    'G2',
  ]);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const validated = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'altas.xlsx' },
    file,
  );
  expect(validated.counts).toMatchObject({ rows: 3, valid: 2, invalid: 1, toApply: 2 });
  const problems = await json(
    await company.get(`/api/admin/bulk-load-problems${listQuery({ filter: { bulkLoadId: validated.id } })}`),
  );
  expect(problems.map((row: { rowNumber: number }) => row.rowNumber)).toContain(4);
  await commit(company, validated.id);
  expect((await employeesOfLoad(company, validated.id, 'ALTAS')).length).toBe(2);
  const stored = await company.get(`/api/admin/bulk-loads/${validated.id}/file`);
  expect(stored.status).toBe(200);
  expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);
});

/** A CARGA activation row (002-3.41: holderLegalId and dependentType name the holder and the parentesco). */
const dependantLine = (rowNumber: number, person: Person, holderLegalId: string) =>
  `${rowNumber},${person.name},${person.surname},Soto,${person.legalId},2015-06-01,Masculino,,,CARGA,${chileToday()},G1,${holderLegalId},Hijo,,,`;
const holderLine = (rowNumber: number, person: Person) =>
  `${rowNumber},${person.name},${person.surname},Soto,${person.legalId},1985-04-12,Femenino,a@b.cl,+56912345678,TITULAR,${chileToday()},G1,,,,,`;

test('002-3.41 a dependant whose holder is neither a TITULAR row of the file nor insured under the policy is a report row (holderNotFound) and is not applied; a holder after its dependant, or insured already, is', async () => {
  const [insuredHolder, holderFirst, holderLater, absentHolder] = people(500, 4);
  const earlier = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'titular.csv' },
    activationCsv([insuredHolder!]),
  );
  await commit(company, earlier.id);

  const [childOfFirst, childOfLater, orphan, childOfInsured] = people(600, 4).map((p) => ({
    ...p,
    name: 'Hijo',
  }));
  const csv = [
    ACTIVATION_HEADER,
    holderLine(2, holderFirst!),
    dependantLine(3, childOfFirst!, holderFirst!.legalId),
    dependantLine(4, childOfLater!, holderLater!.legalId),
    holderLine(5, holderLater!),
    dependantLine(6, orphan!, absentHolder!.legalId),
    dependantLine(7, childOfInsured!, insuredHolder!.legalId),
  ].join('\n');
  const validated = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'cargas.csv' },
    csv,
  );
  expect(validated.counts).toEqual({ rows: 6, valid: 5, invalid: 1, unchanged: 0, toApply: 5 });
  const problems = (
    (await json(
      await company.get(
        `/api/admin/bulk-load-problems${listQuery({ filter: { bulkLoadId: validated.id } })}`,
      ),
    )) as unknown[]
  ).map((row) => BulkLoadProblemRecord.parse(row));
  expect(problems.map(({ rowNumber, column, rule }) => ({ rowNumber, column, rule }))).toEqual([
    { rowNumber: 6, column: 'holderLegalId', rule: 'holderNotFound' },
  ]);
  expect(problems[0]!.message).toBe(
    `El titular ${absentHolder!.legalId} no está en el archivo como TITULAR ni asegurado en la póliza: agréguelo como TITULAR`,
  );
  const report = await (await company.get(`/api/admin/bulk-loads/${validated.id}/report`)).text();
  expect(report).toContain('holderNotFound');

  const committed = await commit(company, validated.id);
  expect(committed.progress.rowsApplied).toBe(5);
  const applied = await employeesOfLoad(company, validated.id, 'ALTAS');
  expect(applied.map((row) => row.legalId).sort()).toEqual(
    [holderFirst, childOfFirst, childOfLater, holderLater, childOfInsured].map((p) => p!.legalId).sort(),
  );
  expect((await company.get(`/api/admin/employees/${POLICY}.${orphan!.legalId}`)).status).toBe(404);
  const child = applied.find((row) => row.legalId === childOfLater!.legalId)!;
  expect(child).toMatchObject({ insuredType: 'CARGA', holderLegalId: holderLater!.legalId });
});

test('002-5.13 an XLSX zip bomb (shared strings inflating past 64 MB from a few KB) is refused: the load is FAILED with a Spanish reason, nothing is applied', async () => {
  const [person] = people(700, 1);
  const row = [
    '2',
    person!.name,
    person!.surname,
    'Soto',
    person!.legalId,
    '1985-04-12',
    'Femenino',
    'a@b.cl',
    '+56912345678',
    'TITULAR',
    chileToday(),
    'G1',
  ];
  const bomb = await sharedStringsBomb(ACTIVATION_HEADER.split(','), row, 65);
  const response = await upload(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'bomba.xlsx' },
    bomb,
  );
  expect(response.status).toBe(202);
  const { id } = (await json(response)) as { id: string };
  const failed = BulkLoadRecord.parse(await untilStatus(company, id, ['FAILED', 'VALIDATED']));
  expect(failed.status).toBe('FAILED');
  expect(failed.failure).toContain(
    'El archivo Excel descomprimido supera 64 MB en su tabla de textos: divídalo en archivos más pequeños o guárdelo como CSV',
  );
  expect((await company.post(`/api/admin/bulk-loads/${id}/commit`, {})).status).toBe(409);
  expect((await company.get(`/api/admin/employees/${POLICY}.${person!.legalId}`)).status).toBe(404);
});

test('002-1.01 the commit applies the rows the dry run found valid, without reading and judging the file again (the dry run kept them)', async () => {
  const group = people(800, 3);
  const validated = await dryRun(
    company,
    { policyId: POLICY, kind: 'activation', fileName: 'plan.csv' },
    activationCsv(group),
  );
  expect(validated.counts).toMatchObject({ valid: 3, toApply: 3 });
  // The stored file is no longer a readable bulk-load file: a commit that read it again would fail.
  writeFileSync(join(runtime.dataDir, 'bulk-loads', validated.id), 'nada,que,ver\n');
  const committed = await commit(company, validated.id);
  expect(committed.progress.rowsApplied).toBe(3);
  const listed = await employeesOfLoad(company, validated.id, 'ALTAS');
  expect(listed.map((row) => row.legalId).sort()).toEqual(group.map((p) => p.legalId).sort());
});
