import { headerFor, messageFor, type Lang } from '@cubre/schemas/payments/errorCatalogue';
import { majorText, type CardValues, type MinorMoney } from './cardForm';
import type { TokenRefusal } from './kushkiToken';

/**
 * The payment step's side of Mercado Pago's card-token API (issue 14): the requests the browser sends to
 * `api.mercadopago.com` with the account's public key, and Mercado Pago's answers as the form shows them.
 * Pure: the calls themselves are `purchase/mercadoPagoTokenizer`. The requests are those Mercado Pago's v2
 * SDK makes for its core methods `getInstallments` and `createCardToken` (github.com/mercadopago/sdk-js,
 * docs/core-methods.md; gateway/README.md says why the SDK itself is not loaded).
 */
export const MERCADOPAGO_API = 'https://api.mercadopago.com';

/** What `POST /v1/payments` needs besides the token, as Mercado Pago's lookup by BIN answered it. */
export interface CardBrand {
  paymentMethodId: string;
  issuerId?: string;
}

const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/**
 * `GET /v1/payment_methods/installments?public_key=&bin=&amount=`: the card's brand and issuer for the
 * sale's amount, asked with the card's first 8 digits (its BIN, as the SDK sends it), never the number.
 */
export function installmentsUrl(publicKey: string, card: CardValues, amount: MinorMoney): string {
  const query = new URLSearchParams({
    public_key: publicKey,
    bin: digitsOf(card.number).slice(0, 8),
    amount: majorText(amount),
  });
  return `${MERCADOPAGO_API}/v1/payment_methods/installments?${query}`;
}

/** `POST /v1/card_tokens?public_key=`: where the card number goes, and only there. */
export const cardTokenUrl = (publicKey: string) =>
  `${MERCADOPAGO_API}/v1/card_tokens?${new URLSearchParams({ public_key: publicKey })}`;

/** A year as Mercado Pago's card token takes it: four digits ('30' → 2030). */
const fullYear = (text: string) => {
  const year = Number(text.trim());
  return year < 100 ? 2000 + year : year;
};

/** The card token's body (Mercado Pago's names; month and year are numbers). */
export function cardTokenBody(card: CardValues) {
  return {
    card_number: digitsOf(card.number),
    security_code: card.cvv.trim(),
    expiration_month: Number(card.expiryMonth.trim()),
    expiration_year: fullYear(card.expiryYear),
    cardholder: { name: card.name.trim() },
  };
}

/** A Mercado Pago answer as the browser read it: its HTTP status and JSON body (null when none). */
export interface MercadoPagoAnswer {
  status: number;
  body: unknown;
}

/**
 * Mercado Pago's `cause` codes for card data (its card-token errors and the v2 card form's, as listed in
 * data/payments/mercadopago-codes.json and Mercado Pago's card_tokens reference) to the 002 §8 catalogue
 * entry whose words the buyer reads, and the form field it is about.
 */
const CAUSES: Readonly<Record<string, readonly [catalogueCode: string, field: string]>> = {
  '205': ['3017', 'card.number'],
  E301: ['3015', 'card.number'],
  '304': ['3015', 'card.number'],
  '703': ['3015', 'card.number'],
  E202: ['3016', 'card.number'],
  '318': ['3016', 'card.number'],
  '319': ['3016', 'card.number'],
  '701': ['3016', 'card.number'],
  '320': ['3016', 'card.number'],
  '224': ['3013', 'card.securityCode'],
  E302: ['3012', 'card.securityCode'],
  E203: ['3012', 'card.securityCode'],
  '307': ['3012', 'card.securityCode'],
  '321': ['3012', 'card.securityCode'],
  '700': ['3012', 'card.securityCode'],
  '704': ['3012', 'card.securityCode'],
  '208': ['3018', 'card.expiryMonth'],
  '325': ['3029', 'card.expiryMonth'],
  '301': ['7523', 'card.expiryMonth'],
  '209': ['3019', 'card.expiryYear'],
  '326': ['3030', 'card.expiryYear'],
  '702': ['3030', 'card.expiryYear'],
  '221': ['3020', 'card.holderName'],
  E114: ['3020', 'card.holderName'],
  '316': ['bad_filled_other', 'card.holderName'],
  '212': ['3022', 'card.document'],
  '213': ['3022', 'card.document'],
  '322': ['3022', 'card.document'],
  '323': ['3022', 'card.document'],
  '214': ['3021', 'card.document'],
  '324': ['3021', 'card.document'],
};
/** Codes about our public key or Mercado Pago's side, not the buyer's card: the buyer can only retry. */
const NOT_THE_CARD = new Set(['200', '219', '222', '302', '310', '315', 'E115', 'E501']);

const refusal = (entries: readonly (readonly [string, string])[], lang: Lang): TokenRefusal => ({
  title: headerFor(entries[0]![0], lang),
  errors: entries.map(([code, field]) => ({ field, message: messageFor(code, lang) })),
});

/** Mercado Pago could not be reached or answered in trouble: the buyer may try again. */
export const unreachable = (lang: Lang): TokenRefusal =>
  refusal([['processor_unreachable', 'mercadopago']], lang);

/** A 4xx's `cause` list (`[{ code, description }]`), each to its catalogue entry and field. */
function refusalOfCauses(body: unknown, lang: Lang): TokenRefusal {
  const causes = (body as { cause?: unknown } | null)?.cause;
  const codes = (Array.isArray(causes) ? causes : [])
    .map((cause) => String((cause as { code?: unknown }).code ?? ''))
    .filter((code) => code !== '');
  if (codes.some((code) => NOT_THE_CARD.has(code))) return refusal([['system_error', 'mercadopago']], lang);
  const known = codes.map((code) => CAUSES[code]).filter((entry) => entry !== undefined);
  // A refusal whose cause is unknown still says the card data were not taken (the seed's generic 3031).
  return refusal(known.length > 0 ? known : [['3031', 'mercadopago']], lang);
}

/**
 * The installments lookup's answer to the card's brand: its first option's `payment_method_id` and
 * `issuer.id`. An empty list is Mercado Pago not taking that card (a BIN it does not know) for the amount.
 */
export function brandOfInstallments(answer: MercadoPagoAnswer, lang: Lang): CardBrand | TokenRefusal {
  if (answer.status >= 500) return unreachable(lang);
  if (answer.status !== 200) return refusalOfCauses(answer.body, lang);
  const [first] = Array.isArray(answer.body) ? (answer.body as unknown[]) : [];
  const option = first as { payment_method_id?: unknown; issuer?: { id?: unknown } } | undefined;
  if (typeof option?.payment_method_id !== 'string' || option.payment_method_id === '')
    return refusal([['card_not_supported', 'card.number']], lang);
  const issuer = option.issuer?.id;
  return {
    paymentMethodId: option.payment_method_id,
    ...(typeof issuer === 'number' || typeof issuer === 'string' ? { issuerId: String(issuer) } : {}),
  };
}

/** The card token's answer: its `id`, or the catalogue's words for each cause Mercado Pago named. */
export function tokenOfAnswer(answer: MercadoPagoAnswer, lang: Lang): { token: string } | TokenRefusal {
  const id = (answer.body as { id?: unknown } | null)?.id;
  if ((answer.status === 200 || answer.status === 201) && typeof id === 'string' && id.length >= 8)
    return { token: id };
  if (answer.status >= 500 || answer.status < 400) return unreachable(lang);
  return refusalOfCauses(answer.body, lang);
}

export const isRefusal = (answer: object): answer is TokenRefusal => 'errors' in answer;
