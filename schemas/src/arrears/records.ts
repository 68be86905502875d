import { z } from 'zod';
import { moneySchema } from '../payments/money';
import { ARREARS_STAGE_FILTERS, ARREARS_TIMELINE_KINDS } from './lists';
import { arrearsStageSchema } from './events';

/**
 * The console's `arrears` records (GET /api/admin/arrears, /arrears/{id}: services/src/arrears/adminRoutes.ts
 * from projections/src/arrears), one per contract (subscription) that has been overdue.
 */
export const ArrearsNextAction = z.object({
  template: arrearsStageSchema,
  /** True: the next reminder run sends it. False: it waits for the overdue count to reach `atOverdueCount`. */
  due: z.boolean(),
  atOverdueCount: z.number().int().nonnegative(),
  /** The charge run's next attempt (the earliest the count can grow), when waiting for the count. */
  expectedOn: z.string().nullable(),
});
export type ArrearsNextAction = z.infer<typeof ArrearsNextAction>;

export const ArrearsRecord = z.object({
  id: z.uuid(),
  saleId: z.uuid(),
  country: z.string(),
  productCode: z.string(),
  productName: z.string(),
  organizationName: z.string(),
  /** For the console only (the mails go to this address). */
  buyer: z.object({ nombre: z.string(), email: z.string() }),
  amount: moneySchema,
  lifecycle: z.string(),
  /** The sale's state (002-3.30): OVERDUE while in arrears. */
  saleState: z.string().nullable(),
  overdueCount: z.number().int().nullable(),
  inArrears: z.boolean(),
  /** Start of the current arrears episode, null once paid. */
  overdueSince: z.string().nullable(),
  /** The latest episode (its period) and its start, kept after it was paid. */
  episode: z.string(),
  since: z.string(),
  /** The highest stage sent in the latest episode. */
  stage: z.enum(ARREARS_STAGE_FILTERS),
  stagesSent: z.array(arrearsStageSchema),
  lastReminder: z.object({ template: arrearsStageSchema, at: z.string(), manual: z.boolean() }).nullable(),
  nextAction: ArrearsNextAction.nullable(),
  nextAttemptOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArrearsRecord = z.infer<typeof ArrearsRecord>;

/** One line of a contract's timeline: charges, declines and reminders, from the events. */
export const ArrearsTimelineEntry = z.object({
  at: z.string(),
  kind: z.enum(ARREARS_TIMELINE_KINDS),
  period: z.string().nullable(),
  overdueCount: z.number().int().nullable(),
  template: z.string().nullable(),
  /** A decline's 002 §8 code, a forced charge's reason, a manual send's reason. */
  detail: z.string().nullable(),
  /** Who did it: `system` for the charge run and the job, a user's id for staff. */
  actor: z.string().nullable(),
});
export type ArrearsTimelineEntry = z.infer<typeof ArrearsTimelineEntry>;

export const ArrearsDetail = ArrearsRecord.extend({ timeline: z.array(ArrearsTimelineEntry) });
export type ArrearsDetail = z.infer<typeof ArrearsDetail>;

/** POST /api/admin/arrears/{id}/recordatorios (with an Idempotency-Key). */
export const ResendReminderBody = z.strictObject({
  reason: z
    .string({ error: 'reason es un texto' })
    .trim()
    .max(500, 'reason admite a lo más 500 caracteres')
    .optional(),
});
export type ResendReminderBody = z.infer<typeof ResendReminderBody>;

export const ArrearsParams = z.strictObject({
  subscriptionId: z.uuid({ error: 'el identificador de un contrato es un UUID' }),
});
