import { z } from 'zod';
import { langSchema } from './errorCatalogue';
import { PaymentView, SaleView } from './sales';

/**
 * Webpay Plus's redirect flow (issue 14): the payment step starts a Transbank transaction and the browser
 * POSTs its token to Webpay's page; Transbank sends the buyer back to our return page with `token_ws` (to
 * commit) or with `TBK_TOKEN`/`TBK_ORDEN_COMPRA`/`TBK_ID_SESION` (the buyer cancelled, or time ran out).
 */

/** Body of POST /api/compra-online/ventas/{saleId}/webpay (with an Idempotency-Key header). */
export const WebpayStartBody = z.strictObject({
  /** The page's language: the buyer comes back to the purchase page in it. */
  lang: langSchema.optional(),
});
export type WebpayStartBody = z.infer<typeof WebpayStartBody>;

/** What the payment step gets: where to send the buyer (null once the payment is settled), and the sale. */
export const WebpayStartAnswer = z.strictObject({
  redirect: z.strictObject({ url: z.string(), token: z.string() }).nullable(),
  payment: PaymentView.nullable(),
  sale: SaleView,
});
export type WebpayStartAnswer = z.infer<typeof WebpayStartAnswer>;

// Transbank's tokens are 64 hex characters; a little room, never an unbounded string.
const tbkField = z.string().trim().min(1).max(120);

/**
 * What Transbank sends back to the return page, as a form POST or a GET's query: Transbank's own field
 * names. Unknown fields are ignored (Transbank may add some).
 */
export const WebpayReturnFields = z.object({
  token_ws: tbkField.optional(),
  TBK_TOKEN: tbkField.optional(),
  TBK_ORDEN_COMPRA: z.string().trim().max(26).optional(),
  TBK_ID_SESION: z.string().trim().max(61).optional(),
  lang: langSchema.optional(),
});
export type WebpayReturnFields = z.infer<typeof WebpayReturnFields>;

/**
 * What Transbank sends back to Oneclick's `response_url` once the buyer leaves the inscription page
 * (issue 14): `TBK_TOKEN` (the inscription's token: finish it), with `TBK_ORDEN_COMPRA`/`TBK_ID_SESION`
 * when the buyer abandoned it or its time ran out. The start and its answer are Webpay's
 * (`WebpayStartBody`, `WebpayStartAnswer`): the browser posts the token as `TBK_TOKEN` instead.
 */
export const OneclickReturnFields = z.object({
  TBK_TOKEN: tbkField.optional(),
  TBK_ORDEN_COMPRA: z.string().trim().max(26).optional(),
  TBK_ID_SESION: z.string().trim().max(61).optional(),
  lang: langSchema.optional(),
});
export type OneclickReturnFields = z.infer<typeof OneclickReturnFields>;
