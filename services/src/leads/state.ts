import type {
  CatalogueRef,
  ContractingProgress,
  ExecutiveRef,
  LeadContact,
  LeadEventType,
  LeadStatusRef,
  Profile,
  Region,
  StoredEvent,
} from '@cubre/schemas';
import { LeadDomainEvent, type LeadRequest } from './leadModel';

/**
 * The lead's state and how each event changes it (Emmett's `evolve`): what the decider judges a command
 * against, and the one fold every view built from the stream uses (`foldLead`: now, or as of a moment).
 */

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
/** A lead that exists: every command but the one that opens it needs one. */
export type RequestedLead = Extract<LeadState, { status: 'Requested' }>;

export const initialLeadState = (): LeadState => ({ status: 'Empty' });

export function evolveLead(state: LeadState, event: LeadDomainEvent): LeadState {
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
}

/** A lead folded from its stream, with the times and revision its stored events carry. */
export interface FoldedLead {
  state: RequestedLead;
  createdAt: string;
  updatedAt: string;
  revision: number;
}

/**
 * The lead from its stored events: as it stands now (the answer when the read model has not caught up), or
 * as it stood at `asOf` (the console's "as of" view: the events up to that moment). Undefined when the lead
 * did not exist then. The decider's own `evolve`, so no view keeps a second implementation of the lead.
 */
export function foldLead(
  events: readonly StoredEvent[],
  options: { asOf?: string } = {},
): FoldedLead | undefined {
  const until = options.asOf === undefined ? Infinity : Date.parse(options.asOf);
  const folded = events.filter((event) => Date.parse(event.occurredAt) <= until);
  const first = folded[0];
  const last = folded[folded.length - 1];
  if (!first || !last) return undefined;
  let state = initialLeadState();
  for (const event of folded) {
    state = evolveLead(state, LeadDomainEvent.parse({ type: event.type, data: event.data }));
  }
  if (state.status !== 'Requested') return undefined;
  return { state, createdAt: first.occurredAt, updatedAt: last.occurredAt, revision: last.revision };
}
