import { headerFor, messageFor, type Lang } from '@cubre/schemas/payments/errorCatalogue';
import { kushkiCatalogueCode } from '@cubre/schemas/payments/kushkiCodes';
import { validateCard } from '@cubre/schemas/payments/providerValidation';
import { majorText, type CardValues, type MinorMoney } from './cardForm';

/**
 * The payment step's side of Kushki's browser library (`@kushki/js`, issue 14): the card as kushki.js
 * takes it, and its answer as the form shows it. Pure: the library itself is `purchase/kushkiTokenizer`.
 */

/** What kushki.js's `requestToken` / `requestSubscriptionToken` take (it renames cvc to Kushki's cvv). */
export interface KushkiCard {
  name: string;
  number: string;
  cvc: string;
  expiryMonth: string;
  expiryYear: string;
}

/** Two digits, as Kushki's card body has them ('7' → '07', '2030' → '30'). */
const twoDigits = (text: string) => text.trim().padStart(2, '0').slice(-2);

export function kushkiCard(card: CardValues): KushkiCard {
  return {
    name: card.name.trim(),
    number: card.number.replace(/[\s-]/g, ''),
    cvc: card.cvv.trim(),
    expiryMonth: twoDigits(card.expiryMonth),
    expiryYear: twoDigits(card.expiryYear),
  };
}

/** `requestToken`'s body: a one-time token is made for the sale's amount (Kushki refuses another, 220). */
export const kushkiTokenRequest = (card: CardValues, amount: MinorMoney) => ({
  card: kushkiCard(card),
  amount: majorText(amount),
  currency: amount.currency,
});

/** `requestSubscriptionToken`'s body: the card kept for the periods, no amount (each charge says it). */
export const kushkiSubscriptionTokenRequest = (card: CardValues, currency: string) => ({
  card: kushkiCard(card),
  currency,
});

/**
 * What kushki.js hands its callback: `{ token }`, or its error object (`{ code, message, error }`: Kushki's
 * API refusal, such as `017` for the test card 000000000000000000, or the library's own `E0xx`).
 */
export type KushkiAnswer = { token?: unknown; code?: unknown; message?: unknown };

/** A refusal as the form shows it: the catalogue's header, each message beside its field (cardForm names). */
export interface TokenRefusal {
  title: string;
  errors: { field: string; message: string }[];
}

/** Which field a Kushki token refusal is about: the card's number for a card Kushki does not take. */
const FIELD_OF: Readonly<Record<string, string>> = {
  '017': 'card.number',
  '019': 'card.number',
  E005: 'card.number',
  '022': 'card.securityCode',
};

/**
 * Kushki's answer to the payment step's outcome: its token, or the 002 §8 catalogue's header and message
 * for its code in the page's language (Kushki's own Spanish text is not shown: the catalogue's is the
 * site's wording in three languages). A code the catalogue lacks reads as K505 (declined, try again).
 */
export function kushkiTokenOutcome(answer: KushkiAnswer, lang: Lang): { token: string } | TokenRefusal {
  if (typeof answer.token === 'string' && answer.token.length > 0) return { token: answer.token };
  const code = typeof answer.code === 'string' ? answer.code : 'K002';
  const catalogueCode = kushkiCatalogueCode(code);
  return {
    title: headerFor(catalogueCode, lang),
    errors: [{ field: FIELD_OF[code] ?? 'kushki', message: messageFor(catalogueCode, lang) }],
  };
}

/** The month of `now` as the card rules take it (a card expiring this month is still good). */
const monthOf = (now: Date) => ({ year: now.getFullYear(), month: now.getMonth() + 1 });

/**
 * The provider rules of 002 §5 on the card before Kushki is asked (the sandbox's tokenizer checks the same
 * on the server): a refusal with each field's message, or null when the card may be sent.
 */
export function cardRefusal(card: CardValues, lang: Lang, now: Date): TokenRefusal | null {
  const issues = validateCard(
    {
      number: card.number,
      securityCode: card.cvv.trim(),
      expiryMonth: card.expiryMonth.trim(),
      expiryYear: card.expiryYear.trim(),
      holderName: card.name.trim(),
    },
    monthOf(now),
    lang,
  );
  if (issues.length === 0) return null;
  return { title: issues[0]!.header, errors: issues.map(({ field, message }) => ({ field, message })) };
}
