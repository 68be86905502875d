import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import { recordNotFound } from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { PAYMENTS_PROJECTION } from '@cubre/projections/payments/projection';
import { headerFor, messageFor } from '@cubre/schemas/payments/errorCatalogue';
import { PaymentParams, ReversalBody, type ReversalKind } from '@cubre/schemas/payments/sales';
import { paymentRecordOf } from './adminRoutes';
import type { PaymentGateway } from './gateway/port';
import { paymentStream } from './paymentDecider';
import { reversePayment } from './reversal';
import { paymentsOf } from './views';

const PATHS: Record<ReversalKind, string> = { void: 'anulaciones', refund: 'devoluciones' };

const missingKey = () =>
  new HttpProblem(
    400,
    'validation',
    'Solicitud inválida',
    'una anulación o devolución necesita el encabezado Idempotency-Key',
    [{ field: 'Idempotency-Key', rule: 'required', message: 'una clave por anulación o devolución' }],
  );

/**
 * Staff void or refund a paid payment (issue 14; 002-3.31): `POST /api/admin/payments/{id}/anulaciones`
 * (the day it was approved) and `…/devoluciones` (the whole amount, after), with a reason and an
 * Idempotency-Key. The seed's `payment:delete` reverses a payment; the payment's events carry who did it and
 * why, and the audit keeps them. 201 when the provider reversed it, 202 while its answer is not known (the
 * same key asks again), 422 with the 002 §8 catalogue's message when it refused.
 */
export function paymentReversalRoutes(context: AppContext, gateway: PaymentGateway): Router {
  const router = Router();
  for (const kind of ['void', 'refund'] as const) {
    router.post(
      `/api/admin/payments/:paymentId/${PATHS[kind]}`,
      requirePermission(context, 'payment:delete'),
      validated({ params: PaymentParams, body: ReversalBody }, async ({ params, body }, req, res) => {
        const idempotencyKey = req.get('Idempotency-Key');
        if (!idempotencyKey) throw missingKey();
        if (!(await paymentsOf(context.readStore).findOne({ _id: params.paymentId }))) {
          throw recordNotFound('payments', params.paymentId);
        }
        const now = context.clock();
        const reversed = await reversePayment(
          context.eventStore,
          gateway,
          req.log,
          { paymentId: params.paymentId, kind, reason: body.reason, idempotencyKey, now },
          commandMetadataOf(req, now, actorOf(res)),
        );
        if (reversed.lastPosition > 0) {
          await context.visibility.waitUntilVisible(
            { globalPosition: reversed.lastPosition, streamId: paymentStream(params.paymentId) },
            [PAYMENTS_PROJECTION],
            context.config.readYourWritesTimeoutMs,
          );
        }
        if (reversed.outcome === 'refused') {
          const code = reversed.catalogueCode ?? '';
          throw new HttpProblem(422, 'reversal-refused', headerFor(code), messageFor(code), [
            { field: 'paymentId', rule: code, message: messageFor(code) },
          ]);
        }
        const payment = await paymentsOf(context.readStore).findOne({ _id: params.paymentId });
        res.setHeader('Cache-Control', 'no-store');
        res
          .status(reversed.outcome === 'uncertain' ? 202 : reversed.created ? 201 : 200)
          .json(payment && paymentRecordOf(payment));
      }),
    );
  }
  return router;
}
