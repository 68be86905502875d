import {
  LeadAssignedData,
  LeadContractingStepRecordedData,
  LeadEventScheduledData,
  LeadNoteAddedData,
  LeadStatusChangedData,
  type ExecutiveRef,
  type LeadPolicy,
  LEAD_CATEGORY,
  LeadContactUpdatedData,
  LeadRequestedData,
  type Country,
  type LeadContact,
  type LeadContactChanges,
  type LeadKind,
  type PaymentMethod,
  type PurchaseStep,
} from '@cubre/schemas';
import { z } from 'zod';
import type { StatusChangeRequest } from './statusRules';

/**
 * What a lead is made of: its stream, its events and the commands it takes (seed 002 §3). Its state and
 * evolve are in state.ts, the decision of each command in decider.ts (and contracting.ts for a purchase's
 * steps), so that each of those imports this vocabulary and none imports the other.
 */

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
