import {
  INITIAL_LEAD_STATUS,
  LEAD_CATEGORY,
  LeadContactUpdatedData,
  LeadRequestedData,
  type Country,
  type LeadContact,
  type LeadContactChanges,
  type LeadKind,
  type LeadStatusRef,
  type Profile,
  type Region,
} from '@cubre/schemas';
import { z } from 'zod';
import { CommandRejected, type Decider } from '../platform/core/decider';
import { canonicalJson } from '../site/canonicalJson';

/** Stream of one lead: `lead-{leadId}`. */
export { LEAD_CATEGORY };
export const leadStream = (leadId: string) => `${LEAD_CATEGORY}-${leadId}`;

export const LeadDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LeadRequested'), data: LeadRequestedData }),
  z.object({ type: z.literal('LeadContactUpdated'), data: LeadContactUpdatedData }),
]);
export type LeadDomainEvent = z.infer<typeof LeadDomainEvent>;

/** What the visitor asked for; the lead's starting status is the decider's to set. */
export type LeadRequest = Omit<LeadRequestedData, 'status'>;

export type RequestLead = { type: 'RequestLead'; data: LeadRequest };
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
export type LeadCommand = RequestLead | UpdateLeadContact;

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
 * request. Status, sub-status, assignment and notes are the console's commands, added here later.
 */
export const leadDecider: Decider<LeadState, LeadCommand, LeadDomainEvent> = {
  initialState: () => ({ status: 'Empty' }),

  evolve(state, event) {
    switch (event.type) {
      case 'LeadRequested': {
        const { status, ...request } = event.data;
        return {
          status: 'Requested',
          request,
          contact: request.contact,
          region: request.region,
          profile: request.profile,
          leadStatus: status,
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
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestLead': {
        if (state.status === 'Empty') {
          return [{ type: 'LeadRequested', data: { ...command.data, status: INITIAL_LEAD_STATUS } }];
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
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${String((unknown as { type: unknown }).type)}`);
      }
    }
  },
};
