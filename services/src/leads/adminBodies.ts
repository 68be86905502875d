import { LeadEventType } from '@cubre/schemas';
import { z } from 'zod';

/** The bodies of the console's lead commands (admin-console/API.md), as adminRoutes.ts parses them. */

const Revision = z.number().int().min(0).optional();
const Reason = z.string().trim().max(1000).nullable().optional();

export const StatusChangeBody = z.strictObject({
  statusId: z.number({ error: 'statusId es el id del estado' }).int().positive(),
  subStatusId: z.number().int().positive().nullable().optional(),
  failureReasonId: z.number().int().positive().nullable().optional(),
  reason: Reason,
  revision: Revision,
});
export const AssignBody = z.strictObject({
  executiveId: z.uuid({ error: 'executiveId es el id de un usuario' }),
  reason: Reason,
  revision: Revision,
});
export const BulkAssignBody = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'al menos una solicitud').max(500, 'a lo más 500 solicitudes'),
  executiveId: z.uuid({ error: 'executiveId es el id de un usuario' }),
  reason: Reason,
});
export const NoteBody = z.strictObject({
  text: z.string().trim().min(1, 'campo requerido').max(4000),
  revision: Revision,
});
export const ScheduleBody = z.strictObject({
  type: LeadEventType,
  at: z.iso.datetime({ offset: true, error: 'fecha y hora ISO con zona' }),
  remindAt: z.iso.datetime({ offset: true, error: 'fecha y hora ISO con zona' }).nullable().optional(),
  note: z.string().trim().max(1000).nullable().optional(),
  revision: Revision,
});
