import type { Request, Response } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import type { CommandCall, LeadWritten, RequestedKind } from './leadCommands';

/** What the leads' routes share: the command call of a request, a lead's answer (the edition's body:
 * @cubre/platform/http/perEdition). */

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
