import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { INSURANCE_TYPES, type IsaprePlanDefinition, type OrganizationDefinition } from '@cubre/schemas';
import { ExtractFileError, importIsaprePlans, type ImportProgress } from '@cubre/services/catalogue/import';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { FIXTURE_TEXT, HEADER_LINE } from './fixture';

const dir = tempDataDir('cubre-import-');
const csv = join(dir.path, 'planes.csv');
const gz = join(dir.path, 'planes.csv.gz');
writeFileSync(csv, FIXTURE_TEXT);
writeFileSync(gz, gzipSync(Buffer.from(FIXTURE_TEXT)));
afterAll(() => dir.remove());

const options = { now: new Date('2026-11-01T12:00:00Z'), correlationId: 'test-import' };

/** The definition last recorded in an entry's stream. */
async function definitionOf<T>(store: EventStore, stream: string): Promise<T> {
  const events = await store.readStream(stream);
  return (events.at(-1)!.data as { definition: T }).definition;
}

describe('importing the planes vigentes extract', () => {
  let store: EventStore;
  beforeAll(() => {
    store = openSqliteEventStore({ dataDir: join(dir.path, 'store') });
  });
  afterAll(() => store.close());

  test('counts every row, imports the good ones and reports the bad ones by line and reason', async () => {
    const summary = await importIsaprePlans(store, csv, options);
    expect(summary).toMatchObject({
      skipped: false,
      read: 9,
      imported: 4,
      revised: 0,
      unchanged: 0,
      rejected: 5,
    });
    expect(summary.rejects).toEqual([
      { line: 4, reason: 'expected 42 columns, found 41' },
      {
        line: 6,
        code: 'BROKEN-2',
        reason: "precio_base_final: '1,3,2' is not a number (decimal comma expected, like 1,32)",
      },
      { line: 7, code: 'BROKEN-3', reason: expect.stringMatching(/^regions\.1: /) },
      { line: 9, code: '63-PCH5', reason: 'plan 63-PCH5 is already on line 2' },
      { line: 11, code: 'BROKEN-4', reason: 'ges: 51,3 UF is not a plausible GES price' },
    ]);
    expect(summary.plansByIsapre).toEqual({ 107: 1, 78: 2, 99: 1 });
    expect(summary.organizations).toEqual({ defined: 3, revised: 0, unchanged: 0 });
    expect(summary.insuranceTypes).toEqual({ defined: INSURANCE_TYPES.length, revised: 0, unchanged: 0 });
  });

  test('lost letters are repaired in their case and counted; separators become spaces; the rest is dropped', async () => {
    const summary = await importIsaprePlans(store, csv, options);
    const words = Object.fromEntries(summary.letters.repairedWords);
    expect(words).toMatchObject({
      CLÍNICA: 1,
      REÑACA: 2,
      Banmédica: 1,
      DÚO: 1,
      'N°2': 1,
      específico: 9,
      médicos: 8,
    });
    expect(summary.letters.unrepairedWords).toEqual([['VALLES�1400�', 1]]);
    expect(summary.letters.unrepaired).toBe(2);
    expect(summary.letters.dashesRepaired).toBe(3);

    const reñaca = await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-CCRD140013');
    expect(reñaca.displayName).toBe('COLECTIVO CLÍNICA REÑACA 4000');
    const duo = await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-DUO-10');
    expect(duo.displayName).toBe('DÚO ORO 10 /1608 VALLES 1400');
    expect(duo.line).toBe('CLINICA REÑACA');
    const tissue = await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-TISSUE2');
    expect(tissue.displayName).toBe('TISSUE SIND.N°2 II - CONSALUD');
    expect(tissue.arancel.name).toBe('ISAPRE CRUZ BLANCA - 31');
    const first = await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-63-PCH5');
    expect(first.targetGroup).toBe('Sin grupo objetivo específico');
  });

  test('000-4.28 000-4.29 000-4.30 the definitions carry the mapped values, GES 513 as 0.513 UF', async () => {
    expect(await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-CCRD140013')).toEqual({
      code: 'CCRD140013',
      isapreCode: 78,
      displayName: 'COLECTIVO CLÍNICA REÑACA 4000',
      startedOn: '2006-06-01',
      targetGroup: 'Sin grupo objetivo específico',
      sex: 'Ambos',
      commercial: false,
      regions: [1, 2],
      planType: 'Grupal',
      modality: 'Libre elección',
      birthCoverage: 'reducida_parto',
      restrictionCodes: [2, 3, 4, 5],
      priceMode: 'UF',
      basePriceUf: 1.32,
      factorTableCode: null,
      arancel: { name: 'ISAPRE CRUZ BLANCA - 31', unit: 'Pesos' },
      ambulatoryCoverage: 70,
      hospitalCoverage: 90,
      fixedCopay: true,
      annualTopUf: null,
      activeContributors: 20,
      activeDependants: 11,
      gesUf: 0.513,
      source: '201609',
    });
    expect(await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-DUO-10')).toMatchObject({
      isapreCode: 99,
      modality: 'Plan Cerrado',
      birthCoverage: 'reducida_honorarios',
      priceMode: '7%',
      basePriceUf: 0,
      regions: [13],
      gesUf: 0.36,
    });
    expect((await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-TISSUE2')).regions).toEqual([]);
  });

  test('the isapres are organizations named as seed 002 §3 names them', async () => {
    const banmedica = await definitionOf<OrganizationDefinition>(store, 'organization-Banmedica');
    expect(banmedica).toEqual({
      code: 'Banmedica',
      displayName: 'Banmédica',
      type: 'ISAPRE',
      typeAlias: 'Isapre',
      url: 'Banmedica',
      country: 'CL',
      isapreCode: 99,
      open: true,
      description: 'Isapre Banmédica S.A.',
    });
    expect((await definitionOf<OrganizationDefinition>(store, 'organization-CruzBlanca')).displayName).toBe(
      'CruzBlanca',
    );
    expect((await definitionOf<OrganizationDefinition>(store, 'organization-Consalud')).isapreCode).toBe(107);
  });

  test('a re-run changes nothing: every plan, isapre and type unchanged, no event appended', async () => {
    const head = await store.headPosition();
    const summary = await importIsaprePlans(store, gz, options);
    expect(summary).toMatchObject({ read: 9, imported: 0, revised: 0, unchanged: 4, rejected: 5 });
    expect(summary.organizations).toEqual({ defined: 0, revised: 0, unchanged: 3 });
    expect(summary.insuranceTypes).toEqual({ defined: 0, revised: 0, unchanged: INSURANCE_TYPES.length });
    expect(await store.headPosition()).toBe(head);
  });

  test('a changed row is a revision; ifEmpty does nothing once the first plan is there', async () => {
    const changed = join(dir.path, 'changed.csv');
    writeFileSync(changed, FIXTURE_TEXT.replace('PACHECO Y CIA LTDA V', 'PACHECO Y CIA LTDA QUINTO'));
    const summary = await importIsaprePlans(store, changed, options);
    expect(summary).toMatchObject({ imported: 0, revised: 1, unchanged: 3 });
    expect((await definitionOf<IsaprePlanDefinition>(store, 'isaprePlan-63-PCH5')).displayName).toBe(
      'PACHECO Y CIA LTDA QUINTO - CONSALUD',
    );
    const head = await store.headPosition();
    const skipped = await importIsaprePlans(store, csv, { ...options, ifEmpty: true });
    expect(skipped).toMatchObject({ skipped: true, read: 0 });
    expect(await store.headPosition()).toBe(head);
  });

  test('progress is reported every N rows with the counts so far', async () => {
    const reports: ImportProgress[] = [];
    await importIsaprePlans(store, csv, {
      ...options,
      progressEveryRows: 3,
      onProgress: (p) => reports.push(p),
    });
    expect(reports.length).toBeGreaterThanOrEqual(3);
    const last = reports.at(-1)!;
    expect(last.unchanged + last.rejected).toBeGreaterThanOrEqual(6);
  });

  test('a file that is missing, or is not the extract, is an ExtractFileError (exit code 1)', async () => {
    await expect(importIsaprePlans(store, join(dir.path, 'nope.csv'), options)).rejects.toThrow(
      ExtractFileError,
    );
    const other = join(dir.path, 'other.csv');
    writeFileSync(other, `${HEADER_LINE.replace('ges', 'ges_uf')}\n`);
    await expect(importIsaprePlans(store, other, options)).rejects.toThrow(/not the planes vigentes extract/);
    const empty = join(dir.path, 'empty.csv');
    writeFileSync(empty, '');
    await expect(importIsaprePlans(store, empty, options)).rejects.toThrow(/is empty/);
  });
});
