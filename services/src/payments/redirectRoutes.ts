import { PaymentParams, SaleParams } from '@cubre/schemas/payments/sales';
import { WebpayStartBody, type WebpayStartAnswer } from '@cubre/schemas/payments/webpay';
import type { CommandMetadata } from '@cubre/schemas';
import express, { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { HttpProblem, invalidRequest, notFound } from '@cubre/platform/http/problem';
import { validated, withContract } from '@cubre/platform/http/validate';
import { fieldErrorsOf } from '@cubre/platform/http/zodErrors';
import type { Logger } from '@cubre/platform/ports/logger';
import { SALES_PATH, salesVisibleIn } from './routes';
import type { ReturnAnswer, StartedRedirect } from './redirectPayment';
import { saleStream } from './saleDecider';
import { paymentsOf, paymentViewOf, saleViewOf } from './views';

/**
 * One payment paid on a provider's own page (Webpay Plus's transaction, Oneclick's card inscription):
 * - `POST /api/compra-online/ventas/{saleId}/{segment}` (Idempotency-Key): the payment and the provider's
 *   token, answered as `{ redirect: { url, token } }` for the page's form POST to the provider;
 * - `POST|GET {returnPath}`: the provider's return of the buyer (public: it is the buyer's browser), which
 *   settles the payment and sends the browser (303) back to the product's purchase page, where the sale
 *   shows 'Compra exitosa!' or the refusal.
 */
export interface RedirectFlow<Fields extends { lang?: string | undefined }> {
  /** The start's last path segment: `webpay`, `oneclick`. */
  segment: string;
  /** The return's path, with `:paymentId`: one address per payment, so the return names its payment. */
  returnPath: string;
  gatewayName: string;
  /** The provider's return fields (a form POST or a GET's query). */
  returnFields: z.ZodType<Fields>;
  start(
    input: { saleId: string; idempotencyKey: string; returnUrlFor(paymentId: string): string },
    logger: Logger,
    metadata: CommandMetadata,
  ): Promise<StartedRedirect>;
  finish(
    input: { paymentId: string; fields: Fields },
    logger: Logger,
    metadata: CommandMetadata,
  ): Promise<ReturnAnswer>;
}

const missingKey = () =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', 'un pago necesita el encabezado Idempotency-Key', [
    {
      field: 'Idempotency-Key',
      rule: 'required',
      message: 'envíe una clave por intento de pago (de 8 a 100 letras, dígitos o . _ : -)',
    },
  ]);

/** The provider posts its return as a form; small, and only on these routes. */
const returnForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

export function redirectRoutes<Fields extends { lang?: string | undefined }>(
  context: AppContext,
  flow: RedirectFlow<Fields>,
): Router {
  const router = Router();
  const returnPathOf = (paymentId: string) => flow.returnPath.replace(':paymentId', paymentId);
  const visible = salesVisibleIn(context);

  router.post(
    `${SALES_PATH}/:saleId/${flow.segment}`,
    context.rateLimits.guard('purchase'),
    validated({ params: SaleParams, body: WebpayStartBody }, async ({ params, body }, req, res) => {
      const idempotencyKey = req.get('Idempotency-Key');
      if (!idempotencyKey) throw missingKey();
      // The buyer comes back to the host it paid from (the edition's), in the page's language.
      const language = body.lang && body.lang !== 'es' ? `?lang=${body.lang}` : '';
      const origin = `${req.protocol}://${req.get('host')}`;
      const started = await flow.start(
        {
          saleId: params.saleId,
          idempotencyKey,
          returnUrlFor: (paymentId) => `${origin}${returnPathOf(paymentId)}${language}`,
        },
        req.log,
        commandMetadataOf(req, context.clock(), anonymousVisitor),
      );
      await visible(saleStream(params.saleId), started.lastPosition);
      const payment = await paymentsOf(context.readStore).findOne({ _id: started.paymentId });
      const sale = await saleViewOf(context.readStore, params.saleId);
      if (!sale) throw notFound(`no existe la venta ${params.saleId}`);
      const answer: WebpayStartAnswer = {
        redirect: started.redirect,
        payment: payment ? paymentViewOf(payment) : null,
        sale: { ...sale, gateway: flow.gatewayName },
      };
      res.setHeader('Cache-Control', 'no-store');
      res.status(started.created ? 201 : 200).json(answer);
    }),
  );

  const handleReturn = async (req: Request, res: Response) => {
    const params = PaymentParams.safeParse(req.params);
    // A form POST's fields, or a GET's query: the provider may send either.
    const fields = flow.returnFields.safeParse(
      req.method === 'POST' ? { ...req.query, ...req.body } : req.query,
    );
    const errors = [
      ...(params.success ? [] : fieldErrorsOf(params.error, 'params')),
      ...(fields.success ? [] : fieldErrorsOf(fields.error, req.method === 'POST' ? 'body' : 'query')),
    ];
    if (!params.success || !fields.success) throw invalidRequest(errors);
    const returned = await flow.finish(
      { paymentId: params.data.paymentId, fields: fields.data },
      req.log,
      commandMetadataOf(req, context.clock(), anonymousVisitor),
    );
    // The purchase page reads the sale at once: it shows the settled state.
    await visible(saleStream(returned.saleId), returned.lastPosition);
    const lang = fields.data.lang;
    const language = lang && lang !== 'es' ? `/${lang}` : '';
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
        query: flow.returnFields,
        ...(method === 'post' ? { body: flow.returnFields } : {}),
      },
    );
  // Limited before the form is read: a matching token costs a call to the provider.
  const limited = context.rateLimits.guard('returns');
  router.post(flow.returnPath, limited, returnForm, answered('post'));
  router.get(flow.returnPath, limited, answered('get'));
  return router;
}
