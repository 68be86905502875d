import type { Request, Response } from 'express';
import { HttpProblem, invalidRequest } from './problem';

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

/**
 * The revision a write is pinned to: `If-Match: "3"` or `revision` in the body (react-admin sends the
 * record back with it); both, naming different versions, is a 400. Undefined when neither is given
 * (`If-Match: *` pins nothing either).
 */
export function expectedRevisionOf(req: Request, bodyRevision: number | undefined): number | undefined {
  const pinned = ifMatchRevision(req);
  const header = typeof pinned === 'number' ? pinned : undefined;
  if (header !== undefined && bodyRevision !== undefined && header !== bodyRevision) {
    throw invalidRequest([
      { field: 'revision', rule: 'if_match', message: 'revision e If-Match nombran versiones distintas' },
    ]);
  }
  return header ?? bodyRevision;
}
