import { COUNTRIES, type Country } from '@cubre/schemas';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { contractOf, validated, withContract, type ValidInput } from '@cubre/platform/http/validate';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import type { CommandCall, LeadWritten, RequestedKind } from './leadCommands';

/** What the leads' routes share: the edition's body, the command call of a request, a lead's answer. */

/** Where each kind of lead is requested, updated and read back. */
export const PATHS: Record<RequestedKind, { request: string; update: string; read: string }> = {
  plan: {
    request: '/api/solicitarplans',
    update: '/api/solicitarplans/update',
    read: '/api/solicitarplans',
  },
  addon: {
    request: '/api/seguro-adicional/solicitar',
    update: '/api/seguro-adicional/update',
    read: '/api/seguro-adicional/solicitar',
  },
};

/**
 * The command services' view of a request: its command metadata (Idempotency-Key, correlation id, the
 * context's clock) for whichever actor the service names, and its logger.
 */
export const callOf = (context: AppContext, req: Request): CommandCall => ({
  metadataFor: (actor) => commandMetadataOf(req, context.clock(), actor),
  // Read when a service logs: the request's child logger costs more than a cheap request, so it is made
  // only then (platform/http/requestLog.ts).
  get log() {
    return req.log;
  },
});

/**
 * One validated handler per edition: the identification rule of a body depends on the edition, which the
 * `country` header names (rule 001-7.15; Chile without it).
 */
export function perEdition<S extends z.ZodType>(
  schemaFor: (country: Country) => S,
  handler: (
    input: ValidInput<z.output<S>, object, object>,
    req: Request,
    res: Response,
    country: Country,
  ) => Promise<void>,
): RequestHandler {
  const handlers = new Map(
    COUNTRIES.map(({ code }) => [
      code,
      validated({ body: schemaFor(code) }, (input, req, res) => handler(input, req, res, code)),
    ]),
  );
  const dispatch: RequestHandler = (req, res, next) => {
    let country: Country;
    try {
      country = requestCountry(req);
    } catch (error) {
      return next(error);
    }
    return handlers.get(country)!(req, res, next);
  };
  // The published contract shows each edition's body: any one of them, as the `country` header picks.
  const bodies = COUNTRIES.map(({ code }) => contractOf(handlers.get(code))!.body!);
  return withContract(dispatch, {
    ...contractOf(handlers.get('CL'))!,
    body: z.union(bodies as [z.ZodType, z.ZodType, ...z.ZodType[]]),
  });
}

/**
 * The lead after a visitor's command, answered as GET answers it: `LeadView`, its ETag, and the GET path as
 * Location (201, the command opened the lead) or Content-Location (200).
 */
export function answerLead(res: Response, { view, created }: LeadWritten) {
  setRevisionETag(res, view.revision);
  const path = `${PATHS[view.kind as RequestedKind].read}/${view.id}`;
  if (created) res.location(path);
  else res.setHeader('Content-Location', path);
  res.status(created ? 201 : 200).json(view);
}
