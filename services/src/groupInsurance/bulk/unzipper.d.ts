/**
 * The part of unzipper (the zip reader exceljs's streaming workbook reader runs on, installed with exceljs;
 * it ships no types) that `inflatedBound.ts` uses: the streaming parser of a zip's entries.
 */
declare module 'unzipper' {
  import type { Duplex, Readable } from 'node:stream';

  export interface Entry extends Readable {
    /** The entry's name in the zip (`xl/sharedStrings.xml`). */
    path: string;
    autodrain(): unknown;
  }

  /** A stream taking the zip's bytes and giving its entries, one at a time, each a stream of inflated bytes. */
  export function Parse(options?: { forceStream?: boolean }): Duplex;

  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
