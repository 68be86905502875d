/**
 * The whole shipped extract (services/reference-data/isapres/planes-vigentes-2016-09.csv.gz, 8,413 plans)
 * into a fresh SQLite store, through the catalogue's commands.
 */
import { join } from 'node:path';
import type { IsaprePlanDefinition } from '@cubre/schemas';
import { importIsaprePlans, type ImportSummary } from '@cubre/services/catalogue/import';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { tempDataDir } from '../../../platform/test/support/tempDir';

const SHIPPED = join(__dirname, '../../../reference-data/isapres/planes-vigentes-2016-09.csv.gz');

describe('importing the real 2016 extract', () => {
  const dir = tempDataDir('cubre-real-import-');
  let store: EventStore;
  let summary: ImportSummary;
  beforeAll(async () => {
    store = openSqliteEventStore({ dataDir: dir.path });
    summary = await importIsaprePlans(store, SHIPPED, { now: new Date('2026-11-01T12:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  test('every one of the 8,413 rows is read and imported; none is rejected', () => {
    expect(summary).toMatchObject({ read: 8413, imported: 8413, revised: 0, unchanged: 0, rejected: 0 });
    expect(summary.rejects).toEqual([]);
  });

  test('plans per isapre as the Superintendencia lists them', () => {
    expect(summary.plansByIsapre).toEqual({
      78: 3989,
      107: 1757,
      67: 1503,
      99: 386,
      88: 341,
      81: 284,
      80: 153,
    });
    expect(summary.organizations).toEqual({ defined: 7, revised: 0, unchanged: 0 });
  });

  test('lost letters: 21,978 repaired (words of the dictionary), 233 left (separators and trailing marks)', () => {
    expect(summary.letters.repaired).toBe(21_978);
    expect(summary.letters.unrepaired).toBe(233);
    expect(summary.letters.dashesRepaired).toBe(631);
    expect(Object.fromEntries(summary.letters.repairedWords)).toMatchObject({
      adecuación: 6084,
      médicos: 5305,
      específico: 3115,
      elección: 2952,
      Banmédica: 386,
    });
  });

  test("000-4.28 000-4.29 000-4.30 the real plans' states, modalities and breadths", async () => {
    const plan = async (code: string) =>
      ((await store.readStream(`isaprePlan-${code}`))[0]!.data as { definition: IsaprePlanDefinition })
        .definition;
    expect(await plan('63-PCH5')).toMatchObject({
      commercial: true,
      modality: 'Prestador Preferente',
      birthCoverage: 'general',
      targetGroup: 'Sin grupo objetivo específico',
    });
    expect((await plan('63-FAI1A')).displayName).toBe('#¿NOMBRE?');
    expect((await plan('63-SOD1-R')).displayName).toBe('SODIMAC VIÑA DEL MAR - CONSALUD');
  });
});
