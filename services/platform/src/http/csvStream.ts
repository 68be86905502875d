import type { Response } from 'express';
import type { Filter, ReadCollection, ReadDocument, SortSpec } from '../ports/readStore';
import { csvCell } from './csvCell';
import { keysetPages } from './keysetPages';

/**
 * The console's server-side CSV exports (sales, payments, employees): the list's filter, scope and order,
 * every row, streamed a page at a time so memory holds one page whatever the list's size.
 */

/** One line of the file (without its CRLF): each cell formula-safe (csvCell.ts). */
export const csvLine = <R>(columns: readonly (keyof R)[], row: R): string =>
  columns.map((column) => csvCell(row[column])).join(',');

/** Rows of an export read at a time: memory holds one page. */
export const EXPORT_PAGE = 1000;

/** Waits until the response takes more (`drain`), or the client went away (`close`). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
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
  },
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.name}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(`\uFEFF${file.columns.join(',')}\r\n`);
  if (file.filter) {
    for await (const page of keysetPages(file.collection, file.filter, file.sort, EXPORT_PAGE)) {
      if (res.destroyed) break;
      const lines = page.map((doc) => csvLine(file.columns, file.row(doc)));
      if (!res.write(`${lines.join('\r\n')}\r\n`)) await drained(res);
    }
  }
  res.end();
}
