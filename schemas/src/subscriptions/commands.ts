import { z } from 'zod';
import { forcedChargeReasonSchema } from './events';

/**
 * Bodies of the console's subscription writes (services/src/subscriptions/adminRoutes.ts). Each write
 * carries If-Match with the subscription's revision (409 when stale) and the forced charge an
 * Idempotency-Key.
 */
const Reason = z
  .string({ error: 'reason es el motivo, un texto' })
  .trim()
  .min(1, 'reason es obligatorio')
  .max(500, 'reason admite a lo más 500 caracteres');

/** POST /api/admin/subscriptions/{id}/cobros-forzados */
export const ForcedChargeBody = z.strictObject({ reason: forcedChargeReasonSchema });
export type ForcedChargeBody = z.infer<typeof ForcedChargeBody>;

/** POST /api/admin/subscriptions/{id}/solicitud-cancelacion */
export const CancellationRequestBody = z.strictObject({ reason: Reason });
export type CancellationRequestBody = z.infer<typeof CancellationRequestBody>;

/** POST /api/admin/subscriptions/{id}/cancelacion: with a final payment, or ending now without one. */
export const CancellationBody = z.strictObject({
  withFinalPayment: z.boolean({ error: 'withFinalPayment es true o false' }),
  reason: Reason,
});
export type CancellationBody = z.infer<typeof CancellationBody>;

/**
 * POST /api/admin/subscriptions/{id}/fecha-de-cobro (002-4.13 changeDate): the day the next charge (or the
 * overdue period's next retry) is made, in Chile's calendar.
 */
export const ChargeDateBody = z.strictObject({
  chargeOn: z.iso.date({ error: 'chargeOn es una fecha yyyy-mm-dd' }),
  reason: Reason,
});
export type ChargeDateBody = z.infer<typeof ChargeDateBody>;

export const SubscriptionParams = z.strictObject({
  subscriptionId: z.uuid({ error: 'el identificador de una suscripción es un UUID' }),
});
