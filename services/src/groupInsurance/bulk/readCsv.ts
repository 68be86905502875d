/**
 * A CSV file's records, one at a time, through csv-parse's streaming parser: the file is read in 64 KB
 * chunks and nothing but the current record is held, whatever the file's size.
 *
 * What Excel and HR systems write, decided from the file's first bytes: UTF-8 with or without a BOM, or
 * Windows-1252 (Excel's "CSV" on a Spanish Windows) when the first 64 KB are not valid UTF-8; the delimiter
 * is the one of `;` `,` or tab the header line has most of (Excel in Chile writes `;`).
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { SheetRecord } from './sheetRecord';

const SAMPLE_BYTES = 64 * 1024;
/** No row of the seed's columns comes near this. */
const MAX_RECORD_CHARACTERS = 100_000;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The file's bytes as chunks of at most 64 KB. */
async function* chunksOf(path: string): AsyncGenerator<Buffer> {
  const stream = createReadStream(path, { highWaterMark: SAMPLE_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } finally {
    stream.destroy();
  }
}

/** Valid UTF-8, forgiving a character the sample cut in two at its end. */
function isUtf8(sample: Buffer, complete: boolean): boolean {
  let end = sample.length;
  if (!complete) {
    // Drop a last character that may be incomplete: back up over continuation bytes to its lead byte.
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && (sample[end - back - 1]! & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && sample[end - back - 1]! >= 0xc0) end = end - back - 1;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** The delimiter the header line uses most, outside quotes. */
export function delimiterOf(firstLine: string): ';' | ',' | '\t' {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const character of firstLine) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && character in counts) counts[character as keyof typeof counts]++;
  }
  if (counts[';'] >= counts[','] && counts[';'] >= counts['\t'] && counts[';'] > 0) return ';';
  return counts['\t'] > counts[','] ? '\t' : ',';
}

/** The file as text chunks, decoded as its first bytes say, and the delimiter of its header line. */
async function textOf(path: string): Promise<{ text: AsyncGenerator<string>; delimiter: string }> {
  const chunks = chunksOf(path);
  // Gather the sample: at least 64 KB, or the whole file if smaller.
  const sampleChunks: Buffer[] = [];
  let sampleSize = 0;
  let complete = false;
  while (sampleSize < SAMPLE_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      complete = true;
      break;
    }
    sampleChunks.push(next.value);
    sampleSize += next.value.length;
  }
  let sample = Buffer.concat(sampleChunks);
  const bom = sample.subarray(0, 3).equals(UTF8_BOM);
  if (bom) sample = sample.subarray(3);
  const decoder = new TextDecoder(bom || isUtf8(sample, complete) ? 'utf-8' : 'windows-1252');
  const head = decoder.decode(sample, { stream: true });
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';

  async function* text(): AsyncGenerator<string> {
    try {
      yield head;
      for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    } finally {
      await chunks.return(undefined);
    }
  }
  return { text: text(), delimiter: delimiterOf(firstLine) };
}

/** The CSV's records with their row numbers as a spreadsheet shows them (the first record is row 1). */
export async function* csvRecords(path: string): AsyncGenerator<SheetRecord> {
  const { text, delimiter } = await textOf(path);
  const source = Readable.from(text, { objectMode: false });
  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    // A blank line is a row in Excel too: kept as a record so row numbers match what the user sees.
    skip_empty_lines: false,
    // A record longer than this is a broken quote swallowing the file, not a row: bounded memory.
    max_record_size: MAX_RECORD_CHARACTERS,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, values: record };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}
