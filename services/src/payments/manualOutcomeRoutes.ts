import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
import { recordNotFound } from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { PAYMENTS_PROJECTION } from '@cubre/projections/payments/projection';
import { ManualOutcomeBody, PaymentParams } from '@cubre/schemas/payments/sales';
import { paymentRecordOf } from './adminRoutes';
import type { PaymentGateway } from './gateway/port';
import { recordManualOutcome } from './manualOutcome';
import { paymentStream } from './paymentDecider';
import type { StartSubscription } from './purchase';
import { paymentsOf } from './views';

/**
 * `POST /api/admin/payments/{id}/resultado` (issue 14): staff record a PENDING payment's outcome from the
 * provider's console where the provider cannot be asked by our key (`manualOutcome.ts`). The seed's
 * `payment:create` (recording a payment is creating its result); the payment's events carry who and why.
 * 200 with the payment record; 409 while it may still be in progress, once settled, or where the provider
 * answers for itself; 400 naming the field.
 */
export function manualOutcomeRoutes(
  context: AppContext,
  gateway: PaymentGateway,
  startSubscription: StartSubscription | undefined,
): Router {
  const router = Router();
  router.post(
    '/api/admin/payments/:paymentId/resultado',
    requirePermission(context, 'payment:create'),
    validated({ params: PaymentParams, body: ManualOutcomeBody }, async ({ params, body }, req, res) => {
      if (!(await paymentsOf(context.readStore).findOne({ _id: params.paymentId }))) {
        throw recordNotFound('payments', params.paymentId);
      }
      const now = context.clock();
      const paid = await recordManualOutcome(
        { eventStore: context.eventStore, gateway, logger: req.log, startSubscription },
        { paymentId: params.paymentId, body, now },
        commandMetadataOf(req, now, actorOf(res)),
      );
      await context.visibility.waitUntilVisible(
        { globalPosition: paid.lastPosition, streamId: paymentStream(params.paymentId) },
        [PAYMENTS_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
      const payment = await paymentsOf(context.readStore).findOne({ _id: params.paymentId });
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).json(payment && paymentRecordOf(payment));
    }),
  );
  return router;
}
