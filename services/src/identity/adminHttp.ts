import { IDENTITY_ERRORS, searchKeyOf, type IdentityErrorRule } from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import type { RequestHandler, Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import type { Filter } from '@cubre/platform/ports/readStore';

/** The platform's helpers the identity routes share with the other admin resources. */
export { expectedRevisionOf } from '@cubre/platform/http/etag';
export { allOf, stringOf, stringsOf } from '@cubre/platform/http/simpleRest';

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

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A contains-match on any of `fields` for the `q` filter: case and accents ignored. */
export function textSearch(q: string | undefined, fields: readonly string[]): Filter {
  const key = q === undefined ? '' : searchKeyOf(q);
  if (!key) return {};
  const pattern = { $regex: escapeRegex(key), $options: 'i' };
  return { $or: fields.map((field) => ({ [field]: pattern })) };
}
