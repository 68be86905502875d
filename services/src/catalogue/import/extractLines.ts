import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';

/** The file cannot be read as an extract at all (missing, unreadable, not gzip, wrong header): exit code 1. */
export class ExtractFileError extends Error {
  override readonly name = 'ExtractFileError';
}

export interface ExtractLine {
  /** 1-based; the header is line 1. */
  number: number;
  text: string;
}

/** gzip's magic bytes: a '.gz' is recognised by its content, whatever its name says. */
async function isGzip(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
      return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new ExtractFileError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}

/**
 * The lines of a file, gunzipped when it is gzip, decoded as UTF-8 (bytes that are not UTF-8 become
 * U+FFFD, as the extract's lost letters already are). Streamed: one chunk and one line in memory at a
 * time, and the consumer's pace is the reader's (the file waits while commands are in flight).
 */
export async function* extractLines(path: string): AsyncGenerator<ExtractLine> {
  const gzip = await isGzip(path);
  const file = createReadStream(path);
  const source = gzip ? file.pipe(createGunzip()) : file;
  if (gzip) file.on('error', (error) => source.destroy(error));
  source.setEncoding('utf8');
  let rest = '';
  let number = 0;
  try {
    for await (const chunk of source as AsyncIterable<string>) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield { number: ++number, text: clean(line, number) };
    }
  } catch (error) {
    const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : error;
    throw new ExtractFileError(`cannot read ${path}: ${String(reason)}`);
  } finally {
    source.destroy();
  }
  if (rest !== '') yield { number: ++number, text: clean(rest, number) };
}

/** Windows line ends and the byte-order mark of line 1 are not data. */
const clean = (line: string, number: number) =>
  (number === 1 ? line.replace(/^\uFEFF/, '') : line).replace(/\r$/, '');
