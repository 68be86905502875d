import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseFactorTables2016, type FactorTables2016 } from './factorTables2016';
import { parseGesReference, type GesReference } from './gesPorIsapre';
import { parsePlanesVigentes2016, type PlanVigente2016 } from './planesVigentes2016';
import { ReferenceDataError } from './referenceDataError';
import { parseTablaFactoresUnica, type TablaFactoresUnica } from './tablaFactoresUnica';
import { parseUfValues, type UfValue } from './ufValues';

/** Where each file lives under services/reference-data/ (SOURCES.md). */
export const REFERENCE_FILES = {
  factorTables2016: 'isapres/factor-tables-2016.csv',
  tablaFactoresUnica: 'isapres/tabla-factores-unica-2020.json',
  gesReference: 'isapres/isapre-codes-and-ges.json',
  ufValues: 'economics/uf-values.csv',
  planesVigentes2016: 'isapres/planes-vigentes-2016-09.csv.gz',
} as const;

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ReferenceDataError(
      file,
      null,
      `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
}

const readText = (file: string) => readBytes(file).toString('utf8');

export const loadFactorTables2016 = (file: string): FactorTables2016 =>
  parseFactorTables2016(readText(file), file);
export const loadTablaFactoresUnica = (file: string): TablaFactoresUnica =>
  parseTablaFactoresUnica(readText(file), file);
export const loadGesReference = (file: string): GesReference => parseGesReference(readText(file), file);
export const loadUfValues = (file: string): UfValue[] => parseUfValues(readText(file), file);

export function loadPlanesVigentes2016(file: string): PlanVigente2016[] {
  let csv: string;
  try {
    csv = gunzipSync(readBytes(file)).toString('utf8');
  } catch (error) {
    if (error instanceof ReferenceDataError) throw error;
    throw new ReferenceDataError(file, null, `is not a gzip file (${(error as Error).message})`);
  }
  return parsePlanesVigentes2016(csv, file);
}

/** The tables the pricing functions take, read and checked once at start. */
export type ReferenceData = {
  factorTables2016: FactorTables2016;
  tablaFactoresUnica: TablaFactoresUnica;
  gesReference: GesReference;
  ufValues: UfValue[];
};

/**
 * Reads every table but the plans (8,413 rows, wanted only by the catalogue import) from `directory`,
 * normally services/reference-data. The directory is a parameter because the bundle under dist/ and the
 * sources sit at different depths.
 */
export function loadReferenceData(directory: string): ReferenceData {
  return {
    factorTables2016: loadFactorTables2016(join(directory, REFERENCE_FILES.factorTables2016)),
    tablaFactoresUnica: loadTablaFactoresUnica(join(directory, REFERENCE_FILES.tablaFactoresUnica)),
    gesReference: loadGesReference(join(directory, REFERENCE_FILES.gesReference)),
    ufValues: loadUfValues(join(directory, REFERENCE_FILES.ufValues)),
  };
}
