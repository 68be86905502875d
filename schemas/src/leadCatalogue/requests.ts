import { z } from 'zod';
import {
  FailureReasonRecord,
  LeadCatalogueId,
  LeadStatusRecord,
  LeadSubStatusRecord,
  LeadTransitionRecord,
} from './records';

/**
 * Bodies of the admin API's writes (admin-console/API.md, ra-data-simple-rest): POST creates a record,
 * PUT changes the fields it sends (react-admin sends the whole record back, `id` and `revision` included).
 */

const Revision = z
  .number({ error: 'la versión que se editó (el ETag)' })
  .int({ error: 'un entero' })
  .nonnegative({ error: 'desde 0' });

/** Ids are allocated (the highest in use plus one) when the body names none. */
const optionalId = { id: LeadCatalogueId.optional() };
const activeByDefault = { active: LeadStatusRecord.shape.active.default(true) };

export const LeadStatusCreateBody = LeadStatusRecord.extend({
  ...optionalId,
  requiresSubStatus: LeadStatusRecord.shape.requiresSubStatus.default(false),
  requiresFailureReason: LeadStatusRecord.shape.requiresFailureReason.default(false),
  ...activeByDefault,
});
export type LeadStatusCreateBody = z.output<typeof LeadStatusCreateBody>;

export const LeadSubStatusCreateBody = LeadSubStatusRecord.extend({ ...optionalId, ...activeByDefault });
export type LeadSubStatusCreateBody = z.output<typeof LeadSubStatusCreateBody>;

export const FailureReasonCreateBody = FailureReasonRecord.extend({ ...optionalId, ...activeByDefault });
export type FailureReasonCreateBody = z.output<typeof FailureReasonCreateBody>;

/** The policy of a status is created under that status's id. */
export const LeadTransitionCreateBody = LeadTransitionRecord;
export type LeadTransitionCreateBody = z.output<typeof LeadTransitionCreateBody>;

const revision = { revision: Revision.optional() };

export const LeadStatusUpdateBody = LeadStatusRecord.partial().extend(revision);
export type LeadStatusUpdateBody = z.output<typeof LeadStatusUpdateBody>;
export const LeadSubStatusUpdateBody = LeadSubStatusRecord.partial().extend(revision);
export type LeadSubStatusUpdateBody = z.output<typeof LeadSubStatusUpdateBody>;
export const FailureReasonUpdateBody = FailureReasonRecord.partial().extend(revision);
export type FailureReasonUpdateBody = z.output<typeof FailureReasonUpdateBody>;
export const LeadTransitionUpdateBody = LeadTransitionRecord.partial().extend(revision);
export type LeadTransitionUpdateBody = z.output<typeof LeadTransitionUpdateBody>;

/** `/api/admin/{resource}/{id}`: ids are positive integers. */
export const LeadCatalogueParams = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,5}$/, { error: 'id es un entero positivo' }),
});
