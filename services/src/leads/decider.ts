import { INITIAL_LEAD_STATUS, type LeadContactChanges } from '@cubre/schemas';
import { reminderComesBefore } from '@cubre/schemas/leads/reminderRule';
import type { AggregateDefinition } from '@cubre/platform/commands/commandHandler';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { canonicalJson } from '@cubre/platform/core/canonicalJson';
import { decideContractingStep } from './contracting';
import {
  LeadDomainEvent,
  leadStream,
  type AddLeadNote,
  type AssignLead,
  type ChangeLeadStatus,
  type LeadCommand,
  type RequestLead,
  type ScheduleLeadEvent,
  type UpdateLeadContact,
} from './leadModel';
import { evolveLead, initialLeadState, type LeadState, type RequestedLead } from './state';
import {
  ASSIGNED_STATUS_ID,
  DUPLICATE_STATUS_ID,
  UNWORKED_STATUS_IDS,
  assignedStartSubStatus,
  judgeStatusChange,
} from './statusRules';

export * from './leadModel';
export * from './state';

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

const notFound = () => new CommandRejected('no existe la solicitud', 'lead_not_found', 422, 'id');

/** The changes that differ from what the lead holds: an update that changes nothing records nothing. */
function effectiveChanges(state: RequestedLead, changes: LeadContactChanges): LeadContactChanges {
  const current: Record<keyof LeadContactChanges, unknown> = {
    ...state.contact,
    region: state.region,
    profile: state.profile,
  };
  const effective: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes) as [keyof LeadContactChanges, unknown][]) {
    if (value !== undefined && !same(value, current[name])) effective[name] = value;
  }
  return effective as LeadContactChanges;
}

/** What a failure reason's applicability and the policy look at. */
const factsOf = (state: RequestedLead) => ({
  status: state.leadStatus,
  requestType: state.request.requestType,
  country: state.request.country,
});

/**
 * A visitor's request opens the lead (Duplicado at once when the caller found an earlier lead of the same
 * person and product). The same request retried records nothing; a lead id belongs to one request.
 */
export function requestLead(command: RequestLead, state: LeadState): LeadDomainEvent[] {
  if (state.status === 'Requested') {
    if (same(state.request, command.data)) return [];
    throw new CommandRejected('la solicitud ya existe con otros datos', 'lead_exists', 409, 'id');
  }
  const requested: LeadDomainEvent = {
    type: 'LeadRequested',
    data: { ...command.data, status: INITIAL_LEAD_STATUS },
  };
  if (!command.duplicateOf) return [requested];
  return [
    requested,
    {
      type: 'LeadStatusChanged',
      data: {
        leadId: command.data.leadId,
        from: INITIAL_LEAD_STATUS,
        to: { id: DUPLICATE_STATUS_ID, name: 'Duplicado' },
        subStatus: null,
        failureReason: null,
        reason: 'misma persona y producto dentro de la ventana de duplicados',
        duplicateOf: command.duplicateOf,
      },
    },
  ];
}

/** The storefront corrects the contact data of a lead of its kind and edition; only what changes is recorded. */
export function updateLeadContact(command: UpdateLeadContact, state: LeadState): LeadDomainEvent[] {
  const { leadId, kind, country, changes } = command.data;
  if (state.status === 'Empty' || state.request.leadId !== leadId || state.request.kind !== kind) {
    throw notFound();
  }
  if (state.request.country !== country) {
    throw new CommandRejected(
      `la solicitud es de la edición ${state.request.country}: envíe el encabezado country correspondiente`,
      'edition',
      422,
      'country',
    );
  }
  const effective = effectiveChanges(state, changes);
  if (Object.keys(effective).length === 0) return [];
  return [{ type: 'LeadContactUpdated', data: { leadId, changes: effective } }];
}

/** The console moves a lead as the policy allows (statusRules.ts); the same place again records nothing. */
export function changeLeadStatus(command: ChangeLeadStatus, state: LeadState): LeadDomainEvent[] {
  if (state.status === 'Empty') throw notFound();
  const { leadId, reason, ...change } = command.data;
  const judged = judgeStatusChange(command.policy, factsOf(state), change);
  const unchanged =
    judged.to.id === state.leadStatus.id &&
    judged.subStatus?.id === state.subStatus?.id &&
    judged.failureReason?.id === state.failureReason?.id;
  if (unchanged) return [];
  return [
    {
      type: 'LeadStatusChanged',
      data: { leadId, from: state.leadStatus, ...judged, reason, duplicateOf: null },
    },
  ];
}

/**
 * The console gives a lead to an executive. An unworked lead (Sin Estado, Por Reasignar) becomes Asignado in
 * its start sub-status when the policy allows the move; a lead being worked keeps its status.
 */
export function assignLead(command: AssignLead, state: LeadState): LeadDomainEvent[] {
  if (state.status === 'Empty') throw notFound();
  const { leadId, executive, reason } = command.data;
  if (state.executive?.id === executive.id) return [];
  const events: LeadDomainEvent[] = [
    { type: 'LeadAssigned', data: { leadId, executive, previousExecutive: state.executive, reason } },
  ];
  const { policy } = command;
  if (
    UNWORKED_STATUS_IDS.includes(state.leadStatus.id) &&
    policy.transitions.get(state.leadStatus.id)?.has(ASSIGNED_STATUS_ID)
  ) {
    const judged = judgeStatusChange(policy, factsOf(state), {
      statusId: ASSIGNED_STATUS_ID,
      subStatusId: assignedStartSubStatus(policy),
      failureReasonId: null,
    });
    events.push({
      type: 'LeadStatusChanged',
      data: { leadId, from: state.leadStatus, ...judged, reason: 'asignación', duplicateOf: null },
    });
  }
  return events;
}

/** A note; the same note id again (a retried post) records nothing. */
export function addLeadNote(command: AddLeadNote, state: LeadState): LeadDomainEvent[] {
  if (state.status === 'Empty') throw notFound();
  if (state.notes.some((note) => note.noteId === command.data.noteId)) return [];
  return [{ type: 'LeadNoteAdded', data: command.data }];
}

/** A call or meeting on the agenda of the lead's executive; its reminder comes before it. */
export function scheduleLeadEvent(command: ScheduleLeadEvent, state: LeadState): LeadDomainEvent[] {
  if (state.status === 'Empty') throw notFound();
  if (state.scheduled.some((scheduled) => scheduled.eventId === command.data.eventId)) return [];
  const { at, remindAt } = command.data;
  if (!reminderComesBefore(at, remindAt)) {
    throw new CommandRejected('el recordatorio debe ser antes del evento', 'remind_before', 422, 'remindAt');
  }
  return [
    {
      type: 'LeadEventScheduled',
      data: { ...command.data, executiveId: state.executive?.id ?? null },
    },
  ];
}

export function decideLead(command: LeadCommand, state: LeadState): LeadDomainEvent[] {
  switch (command.type) {
    case 'RequestLead':
      return requestLead(command, state);
    case 'UpdateLeadContact':
      return updateLeadContact(command, state);
    case 'ChangeLeadStatus':
      return changeLeadStatus(command, state);
    case 'AssignLead':
      return assignLead(command, state);
    case 'AddLeadNote':
      return addLeadNote(command, state);
    case 'ScheduleLeadEvent':
      return scheduleLeadEvent(command, state);
    case 'RecordContractingStep':
      return decideContractingStep(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${String((unknown as { type: unknown }).type)}`);
    }
  }
}

/**
 * A lead (seed 002 §3, issue 5): a visitor's request for a plan or an add-on, which the back-office then
 * works through statuses. The storefront starts it (RequestLead) and may correct its contact data
 * (UpdateLeadContact); status, sub-status, assignment and notes are the console's commands; an online
 * purchase opens and moves its own lead step by step (RecordContractingStep, contracting.ts).
 */
export const leadDecider: Decider<LeadState, LeadCommand, LeadDomainEvent> = {
  initialState: initialLeadState,
  evolve: evolveLead,
  decide: decideLead,
};

/**
 * The lead aggregate, declared once: its stream, its decider and the schema its stored events are read back
 * with. Every command on a lead (the storefront's, the console's, an online purchase's, the benchmarks')
 * goes through it.
 */
export const leadAggregate = {
  streamOf: leadStream,
  decider: leadDecider,
  eventSchema: LeadDomainEvent,
} satisfies AggregateDefinition<LeadState, LeadCommand, LeadDomainEvent> & {
  streamOf: (leadId: string) => string;
};
