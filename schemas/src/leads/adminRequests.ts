import { z } from 'zod';
import { LeadEventType } from './policy';

/**
 * Bodies of the console's commands on a lead (admin-console/API.md): the server validates with them
 * (services/src/leads/adminRoutes.ts) and the console builds its requests with their input types.
 */

const Revision = z.number().int().min(0).optional();
const Reason = z.string().trim().max(1000).nullable().optional();

/** POST /api/admin/leads/{id}/status. */
export const StatusChangeBody = z.strictObject({
  statusId: z.number({ error: 'statusId es el id del estado' }).int().positive(),
  subStatusId: z.number().int().positive().nullable().optional(),
  failureReasonId: z.number().int().positive().nullable().optional(),
  reason: Reason,
  revision: Revision,
});
/** POST /api/admin/leads/{id}/assign. */
export const AssignBody = z.strictObject({
  executiveId: z.uuid({ error: 'executiveId es el id de un usuario' }),
  reason: Reason,
  revision: Revision,
});
/** POST /api/admin/leads/assign. */
export const BulkAssignBody = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'al menos una solicitud').max(500, 'a lo más 500 solicitudes'),
  executiveId: z.uuid({ error: 'executiveId es el id de un usuario' }),
  reason: Reason,
});
/** POST /api/admin/leads/{id}/notes. */
export const NoteBody = z.strictObject({
  text: z.string().trim().min(1, 'campo requerido').max(4000),
  revision: Revision,
});
/** POST /api/admin/leads/{id}/events: a call or a meeting (rule 002-3.25). */
export const ScheduleBody = z.strictObject({
  type: LeadEventType,
  at: z.iso.datetime({ offset: true, error: 'fecha y hora ISO con zona' }),
  remindAt: z.iso.datetime({ offset: true, error: 'fecha y hora ISO con zona' }).nullable().optional(),
  note: z.string().trim().max(1000).nullable().optional(),
  revision: Revision,
});
/** What the console sends: the bodies as the server accepts them (before its defaults and trimming). */
export type StatusChangeBody = z.input<typeof StatusChangeBody>;
export type ScheduleBody = z.input<typeof ScheduleBody>;
