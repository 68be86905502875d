import { OfflinePaymentBody, type TransferAccount } from '@cubre/schemas/payments/bankTransfer';
import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import {
  PaymentParams,
  PayBody,
  SaleParams,
  SessionParams,
  startSaleBody,
} from '@cubre/schemas/payments/sales';
import { Router, type Response } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { perEdition } from '@cubre/platform/http/perEdition';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { PAYMENTS_PROJECTION } from '@cubre/projections/payments/projection';
import { payOffline, withOfflinePayment, type OfflineMethod } from './bankTransfer';
import type { PaymentGateway } from './gateway/port';
import type { JudgeActivationRows } from './companySale';
import { paySale, saleIdOf, startSale, type PurchaseCatalogue, type StartSubscription } from './purchase';
import { saleStream } from './saleDecider';
import { paymentsOf, paymentViewOf, saleViewOf } from './views';

export const SALES_PATH = '/api/compra-online/ventas';

/** Waits until the sales and payments read models show what a call wrote (nothing written: no wait). */
export const salesVisibleIn =
  (context: AppContext) =>
  async (streamId: string, globalPosition: number): Promise<void> => {
    if (globalPosition <= 0) return;
    await context.visibility.waitUntilVisible(
      { globalPosition, streamId },
      [PAYMENTS_PROJECTION],
      context.config.readYourWritesTimeoutMs,
    );
  };

const missingKey = () =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', 'un pago necesita el encabezado Idempotency-Key', [
    {
      field: 'Idempotency-Key',
      rule: 'required',
      message: 'envíe una clave por intento de pago (de 8 a 100 letras, dígitos o . _ : -)',
    },
  ]);

const transferUnavailable = () =>
  new HttpProblem(422, 'transfer_unavailable', 'Solicitud inválida', 'esta tienda no recibe transferencias', [
    {
      field: 'paymentMethod',
      rule: 'transfer_unavailable',
      message: 'no hay una cuenta para transferencias configurada: pague con tarjeta',
    },
  ]);

/** Webpay Plus and Oneclick take the card on Transbank's page: no card token reaches the pay call. */
const redirectOnly = (gateway: 'webpay_plus' | 'oneclick') =>
  gateway === 'webpay_plus'
    ? new HttpProblem(
        422,
        'webpay_redirect',
        'Solicitud inválida',
        'con Webpay Plus se paga en la página de Webpay',
        [
          {
            field: 'token',
            rule: 'webpay_redirect',
            message:
              'inicie el pago con POST /api/compra-online/ventas/{id}/webpay: Webpay no recibe tokens de tarjeta',
          },
        ],
      )
    : new HttpProblem(
        422,
        'oneclick_inscription',
        'Solicitud inválida',
        'con Oneclick la tarjeta se inscribe en la página de Transbank',
        [
          {
            field: 'token',
            rule: 'oneclick_inscription',
            message:
              'inicie la inscripción con POST /api/compra-online/ventas/{id}/oneclick: Oneclick no recibe tokens de tarjeta',
          },
        ],
      );

/**
 * The buyer's side of an online purchase (issue 14): start the session's sale, read it, pay it. Anonymous
 * like the lead calls, limited as a purchase (the `purchase` family and its human check), and answered only by
 * the sale's id, an unguessable UUID: never the buyer's personal data.
 */
export function purchaseRoutes(
  context: AppContext,
  gateway: PaymentGateway,
  catalogue: PurchaseCatalogue,
  startSubscription?: StartSubscription,
  judgeActivationRows?: JudgeActivationRows,
  /** The browser tokenizer the payment step uses (the gateway's library, its public merchant id). */
  cardTokenizer: CardTokenizer = { provider: 'sandbox' },
  /** The account a buyer may transfer to ('Transferencia bancaria'); null: transfers are not offered. */
  transferAccount: TransferAccount | null = null,
): Router {
  const router = Router();
  const visible = salesVisibleIn(context);

  async function answerSale(res: Response, saleId: string, status: 200 | 201) {
    const view = await saleViewOf(context.readStore, saleId);
    if (!view) throw notFound(`no existe la venta ${saleId}`);
    res.setHeader('Cache-Control', 'no-store');
    if (status === 201) res.location(`${SALES_PATH}/${saleId}`);
    // The payment step's form depends on the gateway (Webpay Plus: a redirect, no card form; Kushki: its
    // tokenizer) and on whether a transfer is offered or awaited.
    res
      .status(status)
      .json({ ...withOfflinePayment(view, transferAccount), gateway: gateway.name, cardTokenizer });
  }

  router.post(
    SALES_PATH,
    context.rateLimits.guard('purchase'),
    perEdition(startSaleBody, async ({ body }, req, res, country) => {
      const { saleId, result } = await startSale(
        context.eventStore,
        catalogue,
        body,
        country,
        commandMetadataOf(req, context.clock(), anonymousVisitor),
        judgeActivationRows,
        gateway.name,
      );
      await visible(saleStream(saleId), result.globalPosition);
      req.log.info({ saleId, productCode: body.productCode }, 'sale started');
      await answerSale(res, saleId, result.events.length > 0 ? 201 : 200);
    }),
  );

  router.get(
    `${SALES_PATH}/:saleId`,
    validated({ params: SaleParams }, async ({ params }, _req, res) => answerSale(res, params.saleId, 200)),
  );

  // The seeds' shared purchase link carries the session, not the sale (`?session=&sessionType=`): the
  // session's sale, if it started one (its id derives from the session: the UUID is the secret, as a
  // sale's id is), else 404 and the page starts it.
  router.get(
    '/api/compra-online/sesiones/:session',
    validated({ params: SessionParams }, async ({ params }, _req, res) =>
      answerSale(res, saleIdOf(params.session), 200),
    ),
  );

  router.post(
    `${SALES_PATH}/:saleId/pagos`,
    context.rateLimits.guard('purchase'),
    validated({ params: SaleParams, body: PayBody }, async ({ params, body }, req, res) => {
      // Webpay Plus and Oneclick take no card token: the card is typed on Transbank's page
      // (webpayRoutes.ts, oneclickRoutes.ts).
      if (gateway.name === 'webpay_plus' || gateway.name === 'oneclick') throw redirectOnly(gateway.name);
      const idempotencyKey = req.get('Idempotency-Key');
      if (!idempotencyKey) throw missingKey();
      const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
      const paid = await paySale(
        context.eventStore,
        gateway,
        req.log,
        {
          saleId: params.saleId,
          token: body.token,
          method: body.paymentMethod ?? null,
          idempotencyKey,
          card: { paymentMethodId: body.paymentMethodId, issuerId: body.issuerId },
          installments: body.installments,
        },
        metadata,
        startSubscription,
      );
      // The sale's stream was written last (or the payment's, when it stays pending): both are visible
      // once the projection reached the last position written.
      await visible(saleStream(params.saleId), paid.lastPosition);
      const payment = await paymentsOf(context.readStore).findOne({ _id: paid.paymentId });
      const sale = await saleViewOf(context.readStore, params.saleId);
      res.setHeader('Cache-Control', 'no-store');
      res.status(paid.created ? 201 : 200).json({
        payment: payment && paymentViewOf(payment),
        sale: sale && { ...withOfflinePayment(sale, transferAccount), cardTokenizer },
      });
    }),
  );

  /** A payment staff settle by hand, asked by the buyer: a bank transfer, or one an executive coordinates. */
  const offlineRoute = (path: string, method: OfflineMethod) =>
    router.post(
      `${SALES_PATH}/:saleId/${path}`,
      context.rateLimits.guard('purchase'),
      validated({ params: SaleParams, body: OfflinePaymentBody }, async ({ params }, req, res) => {
        if (method === 'transfer_non_automated' && !transferAccount) throw transferUnavailable();
        const idempotencyKey = req.get('Idempotency-Key');
        if (!idempotencyKey) throw missingKey();
        const paid = await payOffline(
          context.eventStore,
          { saleId: params.saleId, idempotencyKey, method },
          commandMetadataOf(req, context.clock(), anonymousVisitor),
        );
        await visible(saleStream(params.saleId), paid.lastPosition);
        req.log.info({ saleId: params.saleId, paymentId: paid.paymentId, method }, 'offline payment awaited');
        const payment = await paymentsOf(context.readStore).findOne({ _id: paid.paymentId });
        const sale = await saleViewOf(context.readStore, params.saleId);
        res.setHeader('Cache-Control', 'no-store');
        res.status(paid.created ? 201 : 200).json({
          payment: payment && paymentViewOf(payment),
          sale: sale && {
            ...withOfflinePayment(sale, transferAccount),
            gateway: gateway.name,
            cardTokenizer,
          },
        });
      }),
    );
  // 'Transferencia bancaria' (transfer_non_automated) and 'Coordinar el pago con un ejecutivo' (no_payment).
  offlineRoute('transferencia', 'transfer_non_automated');
  offlineRoute('sin-pago', 'no_payment');

  router.get(
    '/api/compra-online/pagos/:paymentId',
    validated({ params: PaymentParams }, async ({ params }, _req, res) => {
      const payment = await paymentsOf(context.readStore).findOne({ _id: params.paymentId });
      if (!payment) throw notFound(`no existe el pago ${params.paymentId}`);
      res.setHeader('Cache-Control', 'no-store');
      res.json(paymentViewOf(payment));
    }),
  );
  return router;
}
