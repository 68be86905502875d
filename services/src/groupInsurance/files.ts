import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Request } from 'express';
import { HttpProblem } from '@cubre/platform/http/problem';

/** Where a bulk load's file is kept: DATA_DIR/bulk-loads/{id} (ids are UUIDs: no path in them). */
export const bulkLoadFilePath = (dataDir: string, bulkLoadId: string) =>
  join(dataDir, 'bulk-loads', bulkLoadId);

export const tooLarge = (maxBytes: number) =>
  new HttpProblem(
    413,
    'payload-too-large',
    'Archivo demasiado grande',
    `el archivo admite a lo más ${maxBytes} bytes`,
    [
      {
        field: 'body',
        rule: 'max_bytes',
        message: `el archivo admite a lo más ${Math.round(maxBytes / 1048576)} MB`,
      },
    ],
  );

/**
 * Streams a request's raw body to the file, counting and hashing as it goes: never more than `maxBytes` is
 * read (beyond it the file is removed and the answer is a 413), and memory holds one chunk at a time.
 */
export async function receiveFile(
  req: Request,
  path: string,
  maxBytes: number,
): Promise<{ size: number; sha256: string }> {
  const declared = Number(req.get('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(req, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    // The client stops sending once answered; the rest of an oversized body is not read.
    if (error instanceof HttpProblem) {
      req.unpipe();
      req.resume();
      throw error;
    }
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}
