import { z } from 'zod';
import { eventOf } from '../events';
import { ContractingProgress } from './contracting';
import { LeadEventType } from './policy';
import { LeadStatusRef } from './statuses';

/**
 * Events of the back-office's work on a lead (seed 002 §3, issue 5), on the lead's own stream beside
 * LeadRequested. Who made each change is the event's metadata actor; names referred to (status,
 * sub-status, failure reason, executive) are copied as they were, so the history reads the same after a
 * catalogue entry is renamed.
 */

/** A catalogue entry as a lead carries it: id and name at the time. */
export const CatalogueRef = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1).max(120),
});
export type CatalogueRef = z.infer<typeof CatalogueRef>;

export const Reason = z.string().trim().max(1000);

export const LeadStatusChangedData = z.strictObject({
  leadId: z.uuid(),
  from: LeadStatusRef,
  to: LeadStatusRef,
  subStatus: CatalogueRef.nullable(),
  failureReason: CatalogueRef.nullable(),
  reason: Reason.nullable(),
  /** Set when the change marks the lead a duplicate (Duplicado): the earlier lead it repeats. */
  duplicateOf: z.uuid().nullable(),
});
export type LeadStatusChangedData = z.infer<typeof LeadStatusChangedData>;
export const LeadStatusChanged = eventOf('LeadStatusChanged', LeadStatusChangedData);

export const ExecutiveRef = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1).max(120),
});
export type ExecutiveRef = z.infer<typeof ExecutiveRef>;

export const LeadAssignedData = z.strictObject({
  leadId: z.uuid(),
  executive: ExecutiveRef,
  /** null for a first assignment. */
  previousExecutive: ExecutiveRef.nullable(),
  reason: Reason.nullable(),
});
export type LeadAssignedData = z.infer<typeof LeadAssignedData>;
export const LeadAssigned = eventOf('LeadAssigned', LeadAssignedData);

export const LeadNoteAddedData = z.strictObject({
  leadId: z.uuid(),
  noteId: z.uuid(),
  text: z.string().trim().min(1).max(4000),
});
export type LeadNoteAddedData = z.infer<typeof LeadNoteAddedData>;
export const LeadNoteAdded = eventOf('LeadNoteAdded', LeadNoteAddedData);

export const LeadEventScheduledData = z.strictObject({
  leadId: z.uuid(),
  eventId: z.uuid(),
  type: LeadEventType,
  /** When the call or meeting is (ISO date-time with offset). */
  at: z.iso.datetime({ offset: true }),
  /** When to remind the executive; before `at`. */
  remindAt: z.iso.datetime({ offset: true }).nullable(),
  note: z.string().trim().max(1000).nullable(),
  /** Whose agenda it goes to: the lead's executive when it was scheduled. */
  executiveId: z.uuid().nullable(),
});
export type LeadEventScheduledData = z.infer<typeof LeadEventScheduledData>;
export const LeadEventScheduled = eventOf('LeadEventScheduled', LeadEventScheduledData);

/**
 * A step of the online purchase after the session's first (that one is the LeadRequested that opened the
 * lead): the step as reported, and where the lead stands after it. `moved` is false when the step was only
 * recorded: the back-office holds the lead outside Contratación Online, or the sale is already closed
 * (services/src/leads/README.md); the status and sub-status are then the ones it keeps.
 */
export const LeadContractingStepRecordedData = z.strictObject({
  leadId: z.uuid(),
  ...ContractingProgress.shape,
  status: LeadStatusRef,
  subStatus: CatalogueRef.nullable(),
  moved: z.boolean(),
});
export type LeadContractingStepRecordedData = z.infer<typeof LeadContractingStepRecordedData>;
export const LeadContractingStepRecorded = eventOf(
  'LeadContractingStepRecorded',
  LeadContractingStepRecordedData,
);
