import { LEADS_COLLECTION, LEADS_PROJECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import type { LeadEventType, Principal, UserDocument } from '@cubre/schemas';
import { findUserById, permissionsOf } from '../identity';
import { loadLeadPolicy } from '../leadCatalogue';
import { handleCommand, type CommandResult } from '@cubre/platform/commands/commandHandler';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { CommandRejected } from '@cubre/platform/core/decider';
import { forbidden } from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import { recordNotFound } from '@cubre/platform/http/simpleRest';
import type { BulkAssignResult } from '@cubre/schemas/leads/adminViews';
import { mayReach } from './adminQueries';
import { adminViewOf, type AdminLeadView } from './adminView';
import { leadAggregate, type LeadCommand, type LeadState } from './decider';
import type { CommandCall, LeadServiceContext } from './leadCommands';
import type { StatusChangeRequest } from './statusRules';

/**
 * The console's commands on a lead (issue 5): status, assignment (one or many), notes and scheduled events,
 * each by a signed-in principal on a lead it may reach, pinned to a revision when the client sent one (a
 * stale one is the error handler's 409 naming If-Match). Each answers the lead as the console reads it, once
 * the leads read model shows the change. adminRoutes.ts parses the request, calls one and answers.
 */

/** The executive a lead goes to must exist, be active and be able to read leads (issue 5, assignment). */
export async function executiveRef(
  context: Pick<LeadServiceContext, 'readStore' | 'clock'>,
  executiveId: string,
) {
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

/** Ids of notes and scheduled events: from the command id, so a retried post stores nothing twice. */
export const childId = (kind: string, commandId: string) => derivedId(`lead-${kind}`, commandId);

/** Who sends a console command: the principal the guard let through, and the call that carried it. */
export interface ConsoleCaller {
  principal: Principal;
  call: CommandCall;
}

export function leadConsoleCommands(context: LeadServiceContext) {
  const leads = context.readStore.collection<LeadDocument>(LEADS_COLLECTION);
  const policy = () => loadLeadPolicy(context.readStore);

  /**
   * Runs one command on a lead the caller may reach (another's lead is 403; a missing one 404) and waits
   * until the leads read model shows it.
   */
  async function run(
    { principal, call }: ConsoleCaller,
    leadId: string,
    /** The command, or a builder given the command id (notes and events take their ids from it). */
    command: LeadCommand | ((commandId: string) => LeadCommand),
    expectedRevision: number | undefined,
  ): Promise<CommandResult<LeadState>> {
    const doc = await leads.findOne({ _id: leadId });
    if (!doc) throw recordNotFound('leads', leadId);
    if (!mayReach(principal, doc)) {
      throw forbidden('FORBIDDEN', 'la solicitud está asignada a otro ejecutivo', 'id');
    }
    const metadata = call.metadataFor({ kind: 'user', id: principal.userId });
    let result: CommandResult<LeadState>;
    try {
      result = await handleCommand(
        context.eventStore,
        leadAggregate,
        leadAggregate.streamOf(leadId),
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
        { globalPosition: result.globalPosition, streamId: leadAggregate.streamOf(leadId) },
        [LEADS_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
    }
    return result;
  }

  /** The lead as the console reads it, after a command. */
  async function consoleView(leadId: string): Promise<AdminLeadView> {
    const doc = await leads.findOne({ _id: leadId });
    if (!doc) throw recordNotFound('leads', leadId);
    return adminViewOf(doc);
  }

  async function changeStatus(
    caller: ConsoleCaller,
    input: { leadId: string; reason: string | null; expectedRevision?: number } & StatusChangeRequest,
  ): Promise<AdminLeadView> {
    const { leadId, reason, statusId, subStatusId, failureReasonId, expectedRevision } = input;
    const command: LeadCommand = {
      type: 'ChangeLeadStatus',
      data: { leadId, statusId, subStatusId, failureReasonId, reason },
      policy: await policy(),
    };
    await run(caller, leadId, command, expectedRevision);
    return consoleView(leadId);
  }

  async function assign(
    caller: ConsoleCaller,
    input: { leadId: string; executiveId: string; reason: string | null; expectedRevision?: number },
  ): Promise<AdminLeadView> {
    const { leadId, reason, expectedRevision } = input;
    const executive = await executiveRef(context, input.executiveId);
    const command: LeadCommand = {
      type: 'AssignLead',
      data: { leadId, executive, reason },
      policy: await policy(),
    };
    await run(caller, leadId, command, expectedRevision);
    return consoleView(leadId);
  }

  /** Bulk reassignment answers per lead, so one refusal does not undo the others. */
  async function assignMany(
    caller: ConsoleCaller,
    input: { ids: readonly string[]; executiveId: string; reason: string | null },
  ) {
    const executive = await executiveRef(context, input.executiveId);
    const judgedBy = await policy();
    const results: BulkAssignResult['results'] = [];
    for (const leadId of [...new Set(input.ids)]) {
      try {
        const result = await run(
          caller,
          leadId,
          { type: 'AssignLead', data: { leadId, executive, reason: input.reason }, policy: judgedBy },
          undefined,
        );
        results.push({ id: leadId, ok: true, revision: result.revision });
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        results.push({ id: leadId, ok: false, status: error.status, message: error.detail ?? error.title });
      }
    }
    const answer: BulkAssignResult = { data: results.filter((r) => r.ok).map((r) => r.id), results };
    return answer;
  }

  async function addNote(
    caller: ConsoleCaller,
    input: { leadId: string; text: string; expectedRevision?: number },
  ): Promise<AdminLeadView> {
    const { leadId, text, expectedRevision } = input;
    await run(
      caller,
      leadId,
      (commandId) => ({
        type: 'AddLeadNote',
        data: { leadId, noteId: childId('note', commandId), text },
      }),
      expectedRevision,
    );
    return consoleView(leadId);
  }

  /** A call or meeting; times are kept in UTC. */
  async function scheduleEvent(
    caller: ConsoleCaller,
    input: {
      leadId: string;
      type: LeadEventType;
      at: string;
      remindAt: string | null;
      note: string | null;
      expectedRevision?: number;
    },
  ): Promise<AdminLeadView> {
    const { leadId, type, at, remindAt, note, expectedRevision } = input;
    await run(
      caller,
      leadId,
      (commandId) => ({
        type: 'ScheduleLeadEvent',
        data: {
          leadId,
          eventId: childId('event', commandId),
          type,
          at: new Date(at).toISOString(),
          remindAt: remindAt ? new Date(remindAt).toISOString() : null,
          note,
        },
      }),
      expectedRevision,
    );
    return consoleView(leadId);
  }

  return { changeStatus, assign, assignMany, addNote, scheduleEvent, policy };
}
