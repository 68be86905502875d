import { CommandRejected } from '@cubre/platform/core/decider';
import type { ChargeRequest, PaymentGateway } from './gateway/port';

/**
 * What the provider's browser lookup said of a tokenized card, beside its token: Mercado Pago's
 * `payment_method_id` (visa, master, debvisa…) and `issuer_id`, which its `POST /v1/payments` takes with
 * the token (its card token names neither). Never card data: a brand and a bank's number.
 */
export type CardBrand = { paymentMethodId?: string | undefined; issuerId?: string | undefined };

/**
 * A one-time Mercado Pago charge without the card's payment_method_id would be refused by Mercado Pago
 * (4001) after the payment was recorded: refused here first, naming the field. A monthly sale's
 * preapproval takes the card token alone, and the other gateways take none of this.
 */
export function requireCardBrand(gateway: PaymentGateway, card: CardBrand | undefined): void {
  if (gateway.name !== 'mercadopago' || card?.paymentMethodId) return;
  throw new CommandRejected(
    'paymentMethodId es obligatorio con Mercado Pago: el medio de pago que Mercado Pago informó para la tarjeta',
    'required',
    422,
    'paymentMethodId',
  );
}

/** The brand as the gateway's charge takes it (absent fields left out). */
export const cardBrandOf = (
  card: CardBrand | undefined,
): Pick<ChargeRequest, 'paymentMethodId' | 'issuerId'> => ({
  ...(card?.paymentMethodId ? { paymentMethodId: card.paymentMethodId } : {}),
  ...(card?.issuerId ? { issuerId: card.issuerId } : {}),
});
