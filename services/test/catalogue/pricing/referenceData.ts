import { join } from 'node:path';
import { loadReferenceData } from '@cubre/services/catalogue/reference/loadReferenceData';

/** services/reference-data, the shipped copies of the public tables. */
export const REFERENCE_DIR = join(__dirname, '../../../reference-data');

/** Loaded once per test file, as the server does at start. */
export const reference = loadReferenceData(REFERENCE_DIR);
export const tables = {
  factorTables2016: reference.factorTables2016,
  tablaFactoresUnica: reference.tablaFactoresUnica,
};
