import { z } from 'zod';
import { SaleView } from './sales';

/**
 * Which browser tokenizer the payment step uses for the configured gateway (issue 14): the sandbox's own
 * (`npm start`'s default), Kushki's `kushki.js` with the merchant's **public** id and its environment, or
 * Mercado Pago's card-token endpoint with the account's **public** key. The private merchant id and the
 * access token never leave the server. Other gateways tokenize on their own pages (Webpay) or
 * are not sold by card online yet: `none`.
 */
export const CardTokenizer = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('sandbox') }),
  z.strictObject({
    provider: z.literal('kushki'),
    /** Kushki's public merchant id (KUSHKI_PUBLIC_MERCHANT_ID): what kushki.js sends as Public-Merchant-Id. */
    publicMerchantId: z.string().min(1).max(120),
    /** Integration (api-uat) or production (api) hosts, as the server's own Kushki calls. */
    inTestEnvironment: z.boolean(),
  }),
  z.strictObject({
    provider: z.literal('mercadopago'),
    /**
     * Mercado Pago's public key (MERCADOPAGO_PUBLIC_KEY): what the payment step sends as `public_key` to
     * Mercado Pago's card-token and installments endpoints. The access token never leaves the server.
     */
    publicKey: z.string().min(8).max(120),
  }),
  z.strictObject({ provider: z.literal('none') }),
]);
export type CardTokenizer = z.infer<typeof CardTokenizer>;

/** The buyer's view of a sale as the purchase calls answer it: with the tokenizer its payment step uses. */
export const PurchaseSaleView = SaleView.extend({ cardTokenizer: CardTokenizer });
export type PurchaseSaleView = z.infer<typeof PurchaseSaleView>;
