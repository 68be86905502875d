import {
  INITIAL_LEAD_STATUS,
  LeadAssignedData,
  LeadContractingStepRecordedData,
  LeadEventScheduledData,
  LeadNoteAddedData,
  LeadStatusChangedData,
  type CatalogueRef,
  type ContractingProgress,
  type ExecutiveRef,
  type LeadEventType,
  type LeadPolicy,
  LEAD_CATEGORY,
  LeadContactUpdatedData,
  LeadRequestedData,
  type Country,
  type LeadContact,
  type LeadContactChanges,
  type LeadKind,
  type LeadStatusRef,
  type PaymentMethod,
  type Profile,
  type PurchaseStep,
  type Region,
} from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '../platform/core/decider';
import { canonicalJson } from '../site/canonicalJson';
import { decideContractingStep } from './contracting';
import {
  ASSIGNED_STATUS_ID,
  DUPLICATE_STATUS_ID,
  UNWORKED_STATUS_IDS,
  assignedStartSubStatus,
  judgeStatusChange,
  type StatusChangeRequest,
} from './statusRules';

/** Stream of one lead: `lead-{leadId}`. */
export { LEAD_CATEGORY };
export const leadStream = (leadId: string) => `${LEAD_CATEGORY}-${leadId}`;

export const LeadDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LeadRequested'), data: LeadRequestedData }),
  z.object({ type: z.literal('LeadContactUpdated'), data: LeadContactUpdatedData }),
  z.object({ type: z.literal('LeadStatusChanged'), data: LeadStatusChangedData }),
  z.object({ type: z.literal('LeadAssigned'), data: LeadAssignedData }),
  z.object({ type: z.literal('LeadNoteAdded'), data: LeadNoteAddedData }),
  z.object({ type: z.literal('LeadEventScheduled'), data: LeadEventScheduledData }),
  z.object({ type: z.literal('LeadContractingStepRecorded'), data: LeadContractingStepRecordedData }),
]);
export type LeadDomainEvent = z.infer<typeof LeadDomainEvent>;

/** What the visitor asked for; the lead's starting status (and an online purchase's step) is the decider's to set. */
export type LeadRequest = Omit<LeadRequestedData, 'status' | 'subStatus' | 'contracting'>;

export type RequestLead = {
  type: 'RequestLead';
  data: LeadRequest;
  /** An earlier lead of the same person for the same product within the window: this one is Duplicado. */
  duplicateOf?: string | null;
};
export type UpdateLeadContact = {
  type: 'UpdateLeadContact';
  data: {
    leadId: string;
    /** The kind the calling path serves: a plan update never reaches an add-on, nor the reverse. */
    kind: LeadKind;
    /** The edition the caller validated the identification for. */
    country: Country;
    changes: LeadContactChanges;
  };
};
/** The console's commands carry the policy they are judged by (built from the editable catalogues). */
export type ChangeLeadStatus = {
  type: 'ChangeLeadStatus';
  data: { leadId: string; reason: string | null } & StatusChangeRequest;
  policy: LeadPolicy;
};
export type AssignLead = {
  type: 'AssignLead';
  data: { leadId: string; executive: ExecutiveRef; reason: string | null };
  policy: LeadPolicy;
};
export type AddLeadNote = { type: 'AddLeadNote'; data: LeadNoteAddedData };
export type ScheduleLeadEvent = {
  type: 'ScheduleLeadEvent';
  data: Omit<LeadEventScheduledData, 'executiveId'>;
};
/**
 * A step of an online purchase (POST /api/compra-online/pasos): the lead of the session (its id derived
 * from the session) is opened by the first step and followed by the next ones (contracting.ts).
 */
export type RecordContractingStep = {
  type: 'RecordContractingStep';
  data: {
    leadId: string;
    session: string;
    step: PurchaseStep;
    sessionType: string | null;
    paymentMethod: PaymentMethod | null;
    subscription: boolean | null;
  };
  /** The lead the first step opens; a later step must name the same product and edition. */
  request: Omit<LeadRequest, 'contact'> & { contact: Partial<LeadContact> };
  /** The catalogues' current names of the statuses and sub-statuses a step moves a lead to. */
  policy: LeadPolicy;
};
export type LeadCommand =
  | RequestLead
  | UpdateLeadContact
  | ChangeLeadStatus
  | AssignLead
  | AddLeadNote
  | ScheduleLeadEvent
  | RecordContractingStep;

export interface ScheduledLeadEvent {
  eventId: string;
  type: LeadEventType;
  at: string;
  remindAt: string | null;
  note: string | null;
  executiveId: string | null;
}

export type LeadState =
  | { status: 'Empty' }
  | {
      status: 'Requested';
      /** The request as first made: a retried request is recognised by it. */
      request: LeadRequest;
      contact: LeadContact;
      region: Region | null;
      profile: Profile | null;
      /** Where the back-office stands with it (seed 002 §3); only the console moves it (issue 5). */
      leadStatus: LeadStatusRef;
      subStatus: CatalogueRef | null;
      failureReason: CatalogueRef | null;
      executive: ExecutiveRef | null;
      duplicateOf: string | null;
      notes: { noteId: string; text: string }[];
      scheduled: ScheduledLeadEvent[];
      /** A lead opened by an online purchase: its session and the last step reported; null otherwise. */
      contracting: ContractingProgress | null;
    };

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
        if (remindAt !== null && Date.parse(remindAt) > Date.parse(at)) {
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
