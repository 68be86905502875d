import type { Request, Response } from 'express';
import { HttpProblem } from './problem';

/** ETags are the aggregate's revision, quoted: `"3"`. */
export function setRevisionETag(res: Response, revision: number): void {
  res.setHeader('ETag', `"${revision}"`);
}

/**
 * The revision a client's `If-Match` pins the command to, or undefined without the header.
 * `*` means "any existing version", which the caller maps to its own check.
 */
export function ifMatchRevision(req: Request): number | '*' | undefined {
  const header = req.get('If-Match');
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const match = /^\s*(?:W\/)?"(-?\d{1,15})"\s*$/.exec(header);
  if (!match) {
    throw new HttpProblem(
      400,
      'validation',
      'Solicitud inválida',
      'If-Match debe ser un ETag de este recurso',
      [{ field: 'If-Match', rule: 'etag', message: 'If-Match debe ser un ETag como "3"' }],
    );
  }
  return Number(match[1]);
}
