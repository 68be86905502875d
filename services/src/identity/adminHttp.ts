import { IDENTITY_ERRORS, searchKeyOf, type IdentityErrorRule } from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import type { RequestHandler, Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import type { Filter } from '@cubre/platform/ports/readStore';

/** The platform's helpers the identity routes share with the other admin resources. */
export { expectedRevisionOf } from '@cubre/platform/http/etag';

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
  // Express 5 forwards a rejected promise to the error handler: no wrapper needed.
  const refuse: RequestHandler = async () => {
    throw methodNotAllowed(allow, detail);
  };
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
