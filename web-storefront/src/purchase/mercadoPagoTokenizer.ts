// First: the card rules' zod schemas are built below, and must be built without eval (see the file).
import './zodWithoutEval';
import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import type { Lang } from '@cubre/schemas/payments/errorCatalogue';
import type { CardValues, MinorMoney } from '../domain/purchase/cardForm';
import { cardRefusal, type TokenRefusal } from '../domain/purchase/kushkiToken';
import {
  brandOfInstallments,
  cardTokenBody,
  cardTokenUrl,
  installmentsUrl,
  isRefusal,
  tokenOfAnswer,
  unreachable,
  type CardBrand,
  type MercadoPagoAnswer,
} from '../domain/purchase/mercadoPagoToken';

/**
 * Mercado Pago on the payment step: its own chunk, loaded only when the sale's gateway is Mercado Pago (the
 * comparator's initial JavaScript never carries it). The browser asks Mercado Pago itself, with the
 * account's public key: the card's brand and issuer by its BIN, then a card token, to which the card number
 * goes and nowhere else; only the token, the brand and the issuer come back to our calls.
 */
type MercadoPagoSettings = Extract<CardTokenizer, { provider: 'mercadopago' }>;

/** One call to Mercado Pago: no cookie, our origin only as referrer; a network failure is an answer too. */
async function ask(url: string, init: RequestInit = {}): Promise<MercadoPagoAnswer | null> {
  try {
    const response = await fetch(url, { ...init, credentials: 'omit', cache: 'no-store' });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch {
    return null;
  }
}

/**
 * The card to a Mercado Pago token: the 002 §5 card rules first (no call for a card they refuse), then
 * Mercado Pago's brand lookup for the sale's amount, then its card token. A monthly sale's preapproval
 * takes the same token (`card_token_id`). Resolves the token with the card's brand, or the refusal to show.
 */
export async function mercadoPagoToken(
  settings: MercadoPagoSettings,
  card: CardValues,
  amount: MinorMoney,
  lang: Lang,
): Promise<{ token: string; brand: CardBrand } | TokenRefusal> {
  const refused = cardRefusal(card, lang, new Date());
  if (refused) return refused;
  const looked = await ask(installmentsUrl(settings.publicKey, card, amount));
  if (!looked) return unreachable(lang);
  const brand = brandOfInstallments(looked, lang);
  if (isRefusal(brand)) return brand;
  const tokenized = await ask(cardTokenUrl(settings.publicKey), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(cardTokenBody(card)),
  });
  if (!tokenized) return unreachable(lang);
  const token = tokenOfAnswer(tokenized, lang);
  return isRefusal(token) ? token : { token: token.token, brand };
}
