import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FactorTables } from '../pricing/factors';
import { loadReferenceData, type ReferenceData } from '../reference/loadReferenceData';
import { topeImponibleAt } from '../reference/topeImponible';
import { ufAt } from '../reference/ufValues';

/** What every price needs besides the product and the profile: tables, the UF of the day, the tope. */
export interface PricingContext {
  tables: FactorTables;
  reference: ReferenceData;
  ufValueAt(day: Date): number;
  topeImponibleUfAt(day: Date): number;
}

/**
 * `services/reference-data`, found from wherever this code runs: the sources, or the esbuild bundle in
 * `dist/` (a different depth). REFERENCE_DATA_DIR overrides it.
 */
export function referenceDataDir(): string {
  const configured = process.env.REFERENCE_DATA_DIR;
  if (configured) return configured;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const candidate = join(dir, 'services', 'reference-data');
    if (existsSync(join(candidate, 'SOURCES.md'))) return candidate;
    if (existsSync(join(dir, 'reference-data', 'SOURCES.md'))) return join(dir, 'reference-data');
    if (dirname(dir) === dir) throw new Error('services/reference-data not found; set REFERENCE_DATA_DIR');
  }
}

export function loadPricingContext(directory = referenceDataDir()): PricingContext {
  const reference = loadReferenceData(directory);
  const tables: FactorTables = {
    factorTables2016: reference.factorTables2016,
    tablaFactoresUnica: reference.tablaFactoresUnica,
  };
  return {
    tables,
    reference,
    ufValueAt: (day) => ufAt(reference.ufValues, day).clp,
    topeImponibleUfAt: (day) => topeImponibleAt(day),
  };
}
