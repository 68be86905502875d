/**
 * What the payment step reaches at Mercado Pago from the browser, so the Content-Security-Policy names
 * exactly that (gateway/README.md, "Mercado Pago's card form in the browser"). The storefront calls Mercado
 * Pago's public-key REST endpoints itself, in a lazy chunk (`web-storefront/src/purchase/mercadoPagoTokenizer`),
 * the same calls Mercado Pago's v2 SDK (`sdk.mercadopago.com/js/v2`) makes for its core methods:
 *
 * - `GET /v1/payment_methods/installments?public_key=&bin=&amount=`: the card's `payment_method_id` and
 *   `issuer.id` for the sale's amount (`POST /v1/payments` needs both);
 * - `POST /v1/card_tokens?public_key=`: the card to a single-use token.
 *
 * Both on `api.mercadopago.com`, one host for every site (MLC, MPE, MCO) and for test credentials (a test
 * account is told apart by its `TEST-` keys, not by a host). No script and no frame: the v2 SDK is not
 * loaded (it is not on npm, only on Mercado Pago's CDN), so `script-src` and `frame-src` stay closed.
 */
export const MERCADOPAGO_API_HOST = 'https://api.mercadopago.com';

export function mercadoPagoBrowserSources() {
  return { scriptSrc: [] as string[], connectSrc: [MERCADOPAGO_API_HOST], frameSrc: [] as string[] };
}
