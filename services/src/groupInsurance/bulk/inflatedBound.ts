/**
 * A bound on what an XLSX file inflates to, checked before exceljs reads it. An XLSX is a zip: a 15 MB
 * upload can hold a sheet or a shared-strings table that inflates to gigabytes (a zip bomb). exceljs would
 * hold the whole shared-strings table in memory, and spill a sheet stored before it to a temporary file,
 * before the first row comes out; so the entries are inflated once here, counting the bytes as they come
 * (the sizes a zip declares can lie), and the file is refused as soon as a bound is passed.
 *
 * Measured: 100,000 activation rows (a 6.9 MB XLSX with shared strings) inflate to 61 MB, 2.6 MB of it
 * shared strings. The bounds leave room for a 15 MB upload of the densest honest sheet (about twice that).
 */
// The declaration travels with this file into every program that compiles it (the storefront's e2e tests
// reach it through the runtime), which an include list would not.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./unzipper.d.ts" />
import { createReadStream } from 'node:fs';
import unzipper, { type Entry } from 'unzipper';
import { BulkFileError, fileProblem } from './format';

export type InflatedLimits = {
  /** Every entry together. */
  totalBytes: number;
  /** The shared-strings table, which exceljs keeps whole in memory. */
  sharedStringsBytes: number;
};

export const INFLATED_LIMITS: InflatedLimits = {
  totalBytes: 256 * 1024 * 1024,
  sharedStringsBytes: 64 * 1024 * 1024,
};

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The file-level problem of a file past a bound (the load is FAILED with it). */
const tooLarge = (limit: number, what: string) =>
  new BulkFileError([
    fileProblem(
      'inflatedSize',
      `El archivo Excel descomprimido supera ${megabytes(limit)} MB ${what}: divídalo en archivos más pequeños o guárdelo como CSV`,
    ),
  ]);

/** Throws a BulkFileError once the file's entries inflate past a bound; a file that is no zip throws unzipper's error. */
export async function checkInflatedSize(
  path: string,
  limits: InflatedLimits = INFLATED_LIMITS,
): Promise<void> {
  const file = createReadStream(path);
  const zip = file.pipe(unzipper.Parse({ forceStream: true }));
  file.on('error', (error) => zip.destroy(error));
  let total = 0;
  try {
    for await (const item of zip) {
      const entry = item as Entry;
      const sharedStrings = entry.path === 'xl/sharedStrings.xml';
      let own = 0;
      for await (const chunk of entry) {
        const length = (chunk as Buffer).length;
        total += length;
        own += length;
        if (sharedStrings && own > limits.sharedStringsBytes) {
          throw tooLarge(limits.sharedStringsBytes, 'en su tabla de textos');
        }
        if (total > limits.totalBytes) throw tooLarge(limits.totalBytes, 'en total');
      }
    }
  } finally {
    zip.destroy();
    file.destroy();
  }
}
