/**
 * Records of the admin API as the console reads them (admin-console/API.md): the server's own types, from
 * the zod schemas it builds and validates them with, read with `import type` (no bundle cost). Each record
 * carries `revision`, the stream revision it was read at: the console sends it back as `If-Match` on writes.
 */
import type { AdminLeadView } from '@cubre/schemas/leads/adminViews';

/** A lead as the console shows it (services/src/leads/adminView.ts). */
export type Lead = AdminLeadView;
/** A status, sub-status or failure reason as a lead carries it: its id and the name it had then. */
export type { LeadStatusRef as StatusRef } from '@cubre/schemas/leads/statuses';
export type { LeadContact } from '@cubre/schemas/leads/events';
/** What the console reads of a lead's profile (schemas/src/profile.ts). */
export type LeadProfile = NonNullable<AdminLeadView['profile']>;
export type {
  AgendaEntry,
  BulkAssignResult,
  LeadCounts,
  LeadHistoryEntry,
} from '@cubre/schemas/leads/adminViews';
export type {
  FailureReason,
  LeadStatus,
  LeadSubStatus,
  LeadTransition,
} from '@cubre/schemas/leadCatalogue/records';
export type { LeadEventType } from '@cubre/schemas/leads/policy';
/** The bodies of a status change and of a scheduled call or meeting, as the server accepts them. */
export type {
  ScheduleBody as ScheduledEvent,
  StatusChangeBody as StatusChange,
} from '@cubre/schemas/leads/adminRequests';
