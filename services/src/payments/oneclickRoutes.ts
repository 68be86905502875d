import { OneclickReturnFields } from '@cubre/schemas/payments/webpay';
import type { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { OneclickGateway } from './gateway/transbank/oneclickGateway';
import { returnFromOneclick, startOneclickInscription } from './oneclickPayment';
import type { StartSubscription } from './purchase';
import { redirectRoutes } from './redirectRoutes';

/** Oneclick's `response_url`: one address per payment, so the return names its payment. */
export const ONECLICK_RETURN_PATH = '/api/compra-online/oneclick/:paymentId/retorno';

/**
 * Oneclick Mall's purchase flow (issue 14), served when the configured gateway is Oneclick:
 * `POST /api/compra-online/ventas/{saleId}/oneclick` starts the card inscription of a monthly sale's
 * payment (the page posts its `TBK_TOKEN` to Transbank's inscription page),
 * `POST|GET /api/compra-online/oneclick/{paymentId}/retorno` is Transbank's return of the buyer, which
 * finishes the inscription, charges the first period and records the subscription (`redirectRoutes.ts`).
 */
export const oneclickRoutes = (
  context: AppContext,
  gateway: OneclickGateway,
  startSubscription: StartSubscription | undefined,
): Router =>
  redirectRoutes(context, {
    segment: 'oneclick',
    returnPath: ONECLICK_RETURN_PATH,
    gatewayName: gateway.name,
    returnFields: OneclickReturnFields,
    start: (input, logger, metadata) =>
      startOneclickInscription(
        context.eventStore,
        gateway,
        logger,
        { ...input, subscriptionsServed: startSubscription !== undefined },
        metadata,
      ),
    finish: (input, logger, metadata) => {
      // No payment can be waiting here without subscriptions: its start was refused.
      if (!startSubscription)
        throw new CommandRejected('las suscripciones no están disponibles', 'subscriptions_unavailable', 422);
      return returnFromOneclick(context.eventStore, gateway, logger, input, metadata, startSubscription);
    },
  });
