import { IDENTITY_ERRORS, searchKeyOf, type IdentityErrorRule } from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { AppContext } from '../platform/http/app';
import { ifMatchRevision } from '../platform/http/etag';
import { HttpProblem, invalidRequest } from '../platform/http/problem';
import type { Filter } from '../platform/ports/readStore';

/** An async handler whose failures reach the error middleware (list routes parse their own query). */
export const route =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };

/**
 * The revision an update is pinned to: `If-Match: "3"` or `revision` in the body (react-admin sends the
 * record back with it); both must agree. Undefined when neither is given (`*` pins nothing either).
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

/** A 404 naming the seed's error type (USER_NOT_FOUND, ROLE_NOT_FOUND, NOT_FOUND). */
export const missing = (rule: IdentityErrorRule, resource: string, id: string) =>
  new HttpProblem(404, 'not-found', 'No encontrado', `${resource} ${id} no existe`, [
    { field: 'id', rule, message: IDENTITY_ERRORS[rule] },
  ]);

/** A change the resource never accepts, with the reason and the methods it does. */
export const methodNotAllowed = (allow: string, detail: string) =>
  new HttpProblem(
    405,
    'method-not-allowed',
    'Método no permitido',
    detail,
    [{ field: 'method', rule: 'NOT_EDITABLE', message: detail }],
    { Allow: allow },
  );

/** POST, PUT, PATCH and DELETE on a read-only resource: 405 with the reason, after the guard. */
export function refuseWrites(
  router: Router,
  paths: string[],
  detail: string,
  guards: RequestHandler[],
  allow = 'GET',
): void {
  const refuse = route(async () => {
    throw methodNotAllowed(allow, detail);
  });
  for (const method of ['post', 'put', 'patch', 'delete'] as const) router[method](paths, ...guards, refuse);
}

/** A read-only field of the record sent back with another value than the record's. */
export const notEditable = (field: string, message: string) =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', message, [
    { field, rule: 'NOT_EDITABLE', message },
  ]);

/** Read-your-writes: the answer waits until the identity read models show the write. */
export async function untilVisible(
  context: AppContext,
  streamId: string,
  written: { globalPosition: number },
): Promise<void> {
  if (written.globalPosition <= 0) return;
  await context.visibility.waitUntilVisible(
    { globalPosition: written.globalPosition, streamId },
    [IDENTITY_PROJECTION],
    context.config.readYourWritesTimeoutMs,
  );
}

/** `filter[key]` as a list of strings (one value or an array), undefined when absent. */
export function stringsOf(filter: Record<string, unknown>, key: string): string[] | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => typeof item === 'string' && item.length <= 200)) {
    throw invalidRequest([
      { field: `filter.${key}`, rule: 'format', message: 'un texto o una lista de textos' },
    ]);
  }
  return list as string[];
}

/** `filter[key]` as one string, undefined when absent. */
export function stringOf(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > 200) {
    throw invalidRequest([{ field: `filter.${key}`, rule: 'format', message: 'un texto' }]);
  }
  return value;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contains-match on any of `fields` for the `q` filter: case and accents ignored. */
export function textSearch(q: string | undefined, fields: readonly string[]): Filter {
  const key = q === undefined ? '' : searchKeyOf(q);
  if (!key) return {};
  const pattern = { $regex: escapeRegex(key), $options: 'i' };
  return { $or: fields.map((field) => ({ [field]: pattern })) };
}

/** `$and` of the non-empty filters. */
export function allOf(...filters: Filter[]): Filter {
  const parts = filters.filter((filter) => Object.keys(filter).length > 0);
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0]! : { $and: parts };
}
