import type { Response } from 'express';
import type { Filter, ReadCollection, ReadDocument, SortSpec } from '../ports/readStore';
import { csvCell } from './csvCell';
import { keysetOrderOf, keysetPages } from './keysetPages';

/**
 * The console's server-side CSV exports (sales, payments, employees): the list's filter, scope and order,
 * every row, streamed a page at a time so memory holds one page whatever the list's size.
 */

/** One line of the file (without its CRLF): each cell formula-safe (csvCell.ts). */
export const csvLine = <R>(columns: readonly (keyof R)[], row: R): string =>
  columns.map((column) => csvCell(row[column])).join(',');

/** Rows of an export read at a time: memory holds one page. */
export const EXPORT_PAGE = 1000;
/** How long an export waits for a client that stopped reading (yet keeps the connection) before it ends it. */
export const EXPORT_IDLE_MS = 60_000;

/**
 * Waits, whenever the response's buffer is full, until it takes more (`drain`) or the client went away
 * (`close`). One listener of each for the whole response: behind the compression middleware `drain` is
 * the gzip stream's, and a listener added per wait could never be removed from it (Node warned of eleven).
 */
function backpressure(res: Response, idleMs: number): () => Promise<void> {
  let wake: (() => void) | null = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on('drain', resume);
  res.on('close', resume);
  return () =>
    res.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          // A client that reads nothing more would hold the export (and its page) for ever.
          const idle = setTimeout(() => res.destroy(), idleMs);
          wake = () => {
            clearTimeout(idle);
            resolve();
          };
        });
}

/**
 * Streams a list as a CSV attachment: a UTF-8 BOM (a spreadsheet reads the accents), the columns, then
 * every row the filter matches (null: none, the header alone) in the list's order (`keysetPages`: one key
 * and `_id`), CRLF lines, waiting for the client whenever the socket's buffer is full and stopping when it
 * went away.
 */
export async function streamCsv<T extends ReadDocument, R>(
  res: Response,
  file: {
    name: string;
    collection: ReadCollection<T>;
    filter: Filter | null;
    sort: SortSpec;
    columns: readonly (keyof R)[];
    row: (doc: T) => R;
    /** How long to wait for a client that stopped reading (EXPORT_IDLE_MS; tests shorten it). */
    idleMs?: number;
  },
): Promise<void> {
  keysetOrderOf(file.sort);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(`\uFEFF${file.columns.join(',')}\r\n`);
  const drained = backpressure(res, file.idleMs ?? EXPORT_IDLE_MS);
  if (file.filter) {
    for await (const page of keysetPages(file.collection, file.filter, file.sort, EXPORT_PAGE)) {
      if (res.destroyed) break;
      const lines = page.map((doc) => csvLine(file.columns, file.row(doc)));
      if (!res.write(`${lines.join('\r\n')}\r\n`)) await drained();
    }
  }
  res.end();
}
