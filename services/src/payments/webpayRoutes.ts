import { WebpayReturnFields } from '@cubre/schemas/payments/webpay';
import type { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import type { WebpayPlusGateway } from './gateway/transbank/webpayPlusGateway';
import { redirectRoutes } from './redirectRoutes';
import { returnFromWebpay, startWebpayPayment } from './webpayPayment';

/** Where Transbank sends the buyer back: one address per payment, so the return names its payment. */
export const WEBPAY_RETURN_PATH = '/api/compra-online/webpay/:paymentId/retorno';

/**
 * Webpay Plus's purchase flow (issue 14), served when the configured gateway is Webpay Plus:
 * `POST /api/compra-online/ventas/{saleId}/webpay` starts the payment's Webpay transaction (the page posts
 * its `token_ws` to Webpay), `POST|GET /api/compra-online/webpay/{paymentId}/retorno` is Transbank's return
 * of the buyer, which commits or fails the payment (`redirectRoutes.ts`).
 */
export const webpayRoutes = (context: AppContext, gateway: WebpayPlusGateway): Router =>
  redirectRoutes(context, {
    segment: 'webpay',
    returnPath: WEBPAY_RETURN_PATH,
    gatewayName: gateway.name,
    returnFields: WebpayReturnFields,
    start: (input, logger, metadata) =>
      startWebpayPayment(context.eventStore, gateway, logger, input, metadata),
    finish: (input, logger, metadata) =>
      returnFromWebpay(context.eventStore, gateway, logger, input, metadata),
  });
