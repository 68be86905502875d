import { INITIAL_LEAD_STATUS, type LeadContactChanges } from '@cubre/schemas';
import { reminderComesBefore } from '@cubre/schemas/leads/reminderRule';
import { CommandRejected, type Decider } from '../platform/core/decider';
import { canonicalJson } from '../site/canonicalJson';
import { decideContractingStep } from './contracting';
import type { LeadCommand, LeadDomainEvent, LeadState } from './leadModel';
import {
  ASSIGNED_STATUS_ID,
  DUPLICATE_STATUS_ID,
  UNWORKED_STATUS_IDS,
  assignedStartSubStatus,
  judgeStatusChange,
} from './statusRules';

export * from './leadModel';

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

const notFound = () => new CommandRejected('no existe la solicitud', 'lead_not_found', 422, 'id');

/** The changes that differ from what the lead holds: an update that changes nothing records nothing. */
function effectiveChanges(
  state: Extract<LeadState, { status: 'Requested' }>,
  changes: LeadContactChanges,
): LeadContactChanges {
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

/**
 * A lead (seed 002 §3, issue 5): a visitor's request for a plan or an add-on, which the back-office then
 * works through statuses. The storefront starts it (RequestLead) and may correct its contact data
 * (UpdateLeadContact). A request retried with the same content records nothing; a lead id belongs to one
 * request. Status, sub-status, assignment and notes are the console's commands; an online purchase opens
 * and moves its own lead step by step (RecordContractingStep, contracting.ts).
 */
export const leadDecider: Decider<LeadState, LeadCommand, LeadDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'LeadRequested': {
        const { status, subStatus, contracting, ...request } = event.data;
        return {
          status: 'Requested',
          request,
          contact: request.contact,
          region: request.region,
          profile: request.profile,
          leadStatus: status,
          subStatus: subStatus ?? null,
          failureReason: null,
          executive: null,
          duplicateOf: null,
          notes: [],
          scheduled: [],
          contracting: contracting ?? null,
        };
      }
      case 'LeadContactUpdated': {
        if (state.status === 'Empty') return state;
        const { region, profile, ...contact } = event.data.changes;
        return {
          ...state,
          contact: { ...state.contact, ...contact },
          region: region ?? state.region,
          profile: profile ?? state.profile,
        };
      }
      case 'LeadStatusChanged':
        if (state.status === 'Empty') return state;
        return {
          ...state,
          leadStatus: event.data.to,
          subStatus: event.data.subStatus,
          failureReason: event.data.failureReason,
          duplicateOf: event.data.duplicateOf ?? state.duplicateOf,
        };
      case 'LeadAssigned':
        if (state.status === 'Empty') return state;
        return { ...state, executive: event.data.executive };
      case 'LeadNoteAdded':
        if (state.status === 'Empty') return state;
        return { ...state, notes: [...state.notes, { noteId: event.data.noteId, text: event.data.text }] };
      case 'LeadEventScheduled': {
        if (state.status === 'Empty') return state;
        const { leadId: _leadId, ...scheduled } = event.data;
        return { ...state, scheduled: [...state.scheduled, scheduled] };
      }
      case 'LeadContractingStepRecorded': {
        if (state.status === 'Empty') return state;
        const { leadId: _leadId, status, subStatus, moved, ...contracting } = event.data;
        // A step that moves the lead takes it into the purchase or closes it: no failure reason there.
        return moved
          ? { ...state, contracting, leadStatus: status, subStatus, failureReason: null }
          : { ...state, contracting };
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestLead': {
        if (state.status === 'Empty') {
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
        if (same(state.request, command.data)) return [];
        throw new CommandRejected('la solicitud ya existe con otros datos', 'lead_exists', 409, 'id');
      }
      case 'UpdateLeadContact': {
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
      case 'ChangeLeadStatus': {
        if (state.status === 'Empty') throw notFound();
        const { leadId, reason, ...change } = command.data;
        const judged = judgeStatusChange(
          command.policy,
          {
            status: state.leadStatus,
            requestType: state.request.requestType,
            country: state.request.country,
          },
          change,
        );
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
      case 'AssignLead': {
        if (state.status === 'Empty') throw notFound();
        const { leadId, executive, reason } = command.data;
        if (state.executive?.id === executive.id) return [];
        const events: LeadDomainEvent[] = [
          { type: 'LeadAssigned', data: { leadId, executive, previousExecutive: state.executive, reason } },
        ];
        // An unworked lead (Sin Estado, Por Reasignar) becomes Asignado when the policy allows the move.
        const { policy } = command;
        if (
          UNWORKED_STATUS_IDS.includes(state.leadStatus.id) &&
          policy.transitions.get(state.leadStatus.id)?.has(ASSIGNED_STATUS_ID)
        ) {
          const judged = judgeStatusChange(
            policy,
            {
              status: state.leadStatus,
              requestType: state.request.requestType,
              country: state.request.country,
            },
            {
              statusId: ASSIGNED_STATUS_ID,
              subStatusId: assignedStartSubStatus(policy),
              failureReasonId: null,
            },
          );
          events.push({
            type: 'LeadStatusChanged',
            data: { leadId, from: state.leadStatus, ...judged, reason: 'asignación', duplicateOf: null },
          });
        }
        return events;
      }
      case 'AddLeadNote': {
        if (state.status === 'Empty') throw notFound();
        if (state.notes.some((note) => note.noteId === command.data.noteId)) return [];
        return [{ type: 'LeadNoteAdded', data: command.data }];
      }
      case 'ScheduleLeadEvent': {
        if (state.status === 'Empty') throw notFound();
        if (state.scheduled.some((scheduled) => scheduled.eventId === command.data.eventId)) return [];
        const { at, remindAt } = command.data;
        if (!reminderComesBefore(at, remindAt)) {
          throw new CommandRejected(
            'el recordatorio debe ser antes del evento',
            'remind_before',
            422,
            'remindAt',
          );
        }
        return [
          {
            type: 'LeadEventScheduled',
            data: { ...command.data, executiveId: state.executive?.id ?? null },
          },
        ];
      }
      case 'RecordContractingStep':
        return decideContractingStep(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: unknown }).type)}`);
      }
    }
  },
};
