import { LEADS_COLLECTION, LEADS_PROJECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import type { Principal, UserDocument } from '@cubre/schemas';
import type { Request, Response } from 'express';
import { forbidden, principalOf } from '../identity/guard';
import { findUserById, permissionsOf } from '../identity/principals';
import { loadLeadPolicy } from '../leadCatalogue/policy';
import { handleCommand, type CommandResult } from '../platform/commands/commandHandler';
import { derivedId } from '../platform/commands/eventIds';
import { CommandRejected } from '../platform/core/decider';
import type { AppContext } from '../platform/http/app';
import { commandMetadataOf } from '../platform/http/commandMetadata';
import { HttpProblem } from '../platform/http/problem';
import { recordNotFound } from '../platform/http/simpleRest';
import { LeadDomainEvent, leadDecider, leadStream, type LeadCommand, type LeadState } from './decider';
import { mayReach } from './adminQueries';

const lead = { decider: leadDecider, eventSchema: LeadDomainEvent };

/** The executive a lead goes to must exist, be active and be able to read leads (issue 5, assignment). */
export async function executiveRef(context: AppContext, executiveId: string) {
  const user: UserDocument | null = await findUserById(context.readStore, executiveId);
  const permissions = user ? await permissionsOf(context.readStore, user.roles) : new Set();
  if (!user || user.status !== 'Activo' || !permissions.has('lead:read')) {
    throw new HttpProblem(422, 'unknown-executive', 'Ejecutivo inválido', 'CODE002: error de asignación', [
      {
        field: 'executiveId',
        rule: 'CODE002',
        message: 'el usuario no existe, está inactivo o no puede trabajar solicitudes',
      },
    ]);
  }
  const recess = user.recess;
  if (recess && (recess.until === null || Date.parse(recess.until) > context.clock().getTime())) {
    throw new HttpProblem(422, 'executive-on-recess', 'Ejecutivo en receso', 'CODE002: error de asignación', [
      {
        field: 'executiveId',
        rule: 'CODE002',
        message: `el ejecutivo está en receso (${recess.reason}) y no recibe solicitudes`,
      },
    ]);
  }
  return { id: user._id, name: user.name };
}

/**
 * Runs one console command on a lead the caller may reach, pinned to a revision when the client sent one
 * (a stale one is the error handler's 409 naming If-Match), and waits until the leads read model shows it.
 */
export async function runLeadCommand(
  context: AppContext,
  req: Request,
  res: Response,
  leadId: string,
  /** The command, or a builder given the command id (notes and events take their ids from it). */
  command: LeadCommand | ((commandId: string) => LeadCommand),
  expectedRevision: number | undefined,
): Promise<CommandResult<LeadState>> {
  const principal: Principal = principalOf(res);
  const doc = await context.readStore.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: leadId });
  if (!doc) throw recordNotFound('leads', leadId);
  if (!mayReach(principal, doc)) {
    throw forbidden('FORBIDDEN', 'la solicitud está asignada a otro ejecutivo', 'id');
  }
  const metadata = commandMetadataOf(req, context.clock(), { kind: 'user', id: principal.userId });
  let result: CommandResult<LeadState>;
  try {
    result = await handleCommand(
      context.eventStore,
      lead,
      leadStream(leadId),
      typeof command === 'function' ? command(metadata.commandId) : command,
      metadata,
      { expectedRevision },
    );
  } catch (error) {
    if (error instanceof CommandRejected && error.rule === 'lead_not_found')
      throw recordNotFound('leads', leadId);
    throw error;
  }
  if (result.globalPosition > 0) {
    await context.visibility.waitUntilVisible(
      { globalPosition: result.globalPosition, streamId: leadStream(leadId) },
      [LEADS_PROJECTION],
      context.config.readYourWritesTimeoutMs,
    );
  }
  return result;
}

export const policyOf = (context: AppContext) => loadLeadPolicy(context.readStore);

/** Ids of notes and scheduled events: from the command id, so a retried post stores nothing twice. */
export const childId = (kind: string, commandId: string) => derivedId(`lead-${kind}`, commandId);
