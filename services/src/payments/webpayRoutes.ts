import { PaymentParams, SaleParams } from '@cubre/schemas/payments/sales';
import { WebpayReturnFields, WebpayStartBody, type WebpayStartAnswer } from '@cubre/schemas/payments/webpay';
import express, { Router, type Request, type Response } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { HttpProblem, invalidRequest, notFound } from '@cubre/platform/http/problem';
import { validated, withContract } from '@cubre/platform/http/validate';
import { fieldErrorsOf } from '@cubre/platform/http/zodErrors';
import { PAYMENTS_PROJECTION } from '@cubre/projections/payments/projection';
import type { WebpayPlusGateway } from './gateway/transbank/webpayPlusGateway';
import { SALES_PATH } from './routes';
import { saleStream } from './saleDecider';
import { paymentsOf, paymentViewOf, saleViewOf } from './views';
import { returnFromWebpay, startWebpayPayment } from './webpayPayment';

/** Where Transbank sends the buyer back: one address per payment, so the return names its payment. */
export const WEBPAY_RETURN_PATH = '/api/compra-online/webpay/:paymentId/retorno';
const returnPathOf = (paymentId: string) => WEBPAY_RETURN_PATH.replace(':paymentId', paymentId);

const missingKey = () =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', 'un pago necesita el encabezado Idempotency-Key', [
    {
      field: 'Idempotency-Key',
      rule: 'required',
      message: 'envíe una clave por intento de pago (de 8 a 100 letras, dígitos o . _ : -)',
    },
  ]);

/** Transbank posts its return as a form; small, and only on this route. */
const returnForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

/**
 * Webpay Plus's purchase flow (issue 14), served when the configured gateway is Webpay Plus:
 * - `POST /api/compra-online/ventas/{saleId}/webpay` (Idempotency-Key): the payment and its Webpay
 *   transaction, answered as `{ redirect: { url, token } }` for the page's form POST to Webpay;
 * - `POST|GET /api/compra-online/webpay/{paymentId}/retorno`: Transbank's return of the buyer (public: it
 *   is the buyer's browser), which commits or fails the payment and sends the browser (303) back to the
 *   product's purchase page, where the sale shows 'Compra exitosa!' or the refusal.
 */
export function webpayRoutes(context: AppContext, gateway: WebpayPlusGateway): Router {
  const router = Router();

  async function visible(streamId: string, globalPosition: number) {
    if (globalPosition <= 0) return;
    await context.visibility.waitUntilVisible(
      { globalPosition, streamId },
      [PAYMENTS_PROJECTION],
      context.config.readYourWritesTimeoutMs,
    );
  }

  router.post(
    `${SALES_PATH}/:saleId/webpay`,
    context.rateLimits.guard('purchase'),
    validated({ params: SaleParams, body: WebpayStartBody }, async ({ params, body }, req, res) => {
      const idempotencyKey = req.get('Idempotency-Key');
      if (!idempotencyKey) throw missingKey();
      // The buyer comes back to the host it paid from (the edition's), in the page's language.
      const language = body.lang && body.lang !== 'es' ? `?lang=${body.lang}` : '';
      const origin = `${req.protocol}://${req.get('host')}`;
      const started = await startWebpayPayment(
        context.eventStore,
        gateway,
        req.log,
        {
          saleId: params.saleId,
          idempotencyKey,
          returnUrlFor: (paymentId) => `${origin}${returnPathOf(paymentId)}${language}`,
        },
        commandMetadataOf(req, context.clock(), anonymousVisitor),
      );
      await visible(saleStream(params.saleId), started.lastPosition);
      const payment = await paymentsOf(context.readStore).findOne({ _id: started.paymentId });
      const sale = await saleViewOf(context.readStore, params.saleId);
      if (!sale) throw notFound(`no existe la venta ${params.saleId}`);
      const answer: WebpayStartAnswer = {
        redirect: started.redirect,
        payment: payment ? paymentViewOf(payment) : null,
        sale: { ...sale, gateway: gateway.name },
      };
      res.setHeader('Cache-Control', 'no-store');
      res.status(started.created ? 201 : 200).json(answer);
    }),
  );

  const handleReturn = async (req: Request, res: Response) => {
    const params = PaymentParams.safeParse(req.params);
    // A form POST's fields, or a GET's query: Transbank may send either.
    const fields = WebpayReturnFields.safeParse(
      req.method === 'POST' ? { ...req.query, ...req.body } : req.query,
    );
    const errors = [
      ...(params.success ? [] : fieldErrorsOf(params.error, 'params')),
      ...(fields.success ? [] : fieldErrorsOf(fields.error, req.method === 'POST' ? 'body' : 'query')),
    ];
    if (!params.success || !fields.success) throw invalidRequest(errors);
    const returned = await returnFromWebpay(
      context.eventStore,
      gateway,
      req.log,
      { paymentId: params.data.paymentId, fields: fields.data },
      commandMetadataOf(req, context.clock(), anonymousVisitor),
    );
    // The purchase page reads the sale at once: it shows the settled state.
    await visible(saleStream(returned.saleId), returned.lastPosition);
    const language = fields.data.lang && fields.data.lang !== 'es' ? `/${fields.data.lang}` : '';
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, `${language}/Compra-Online/${encodeURIComponent(returned.productCode)}`);
  };
  // Parsed here (a form or a query, not JSON); the contract still publishes what it takes.
  const answered = (method: 'get' | 'post') =>
    withContract(
      (req: Request, res: Response, next: (error?: unknown) => void) => {
        handleReturn(req, res).catch(next);
      },
      {
        params: PaymentParams,
        query: WebpayReturnFields,
        ...(method === 'post' ? { body: WebpayReturnFields } : {}),
      },
    );
  router.post(WEBPAY_RETURN_PATH, returnForm, answered('post'));
  router.get(WEBPAY_RETURN_PATH, answered('get'));
  return router;
}
