/**
 * The card form of the payment step (issue 14): what it sends to the provider's tokenizer, and where the
 * tokenizer's field errors go. The card number goes to the tokenizer only, never to our purchase calls.
 */
export type CardField = 'name' | 'number' | 'expiryMonth' | 'expiryYear' | 'cvv';
export const CARD_FIELDS: readonly CardField[] = ['name', 'number', 'expiryMonth', 'expiryYear', 'cvv'];
export type CardValues = Record<CardField, string>;

export const EMPTY_CARD: CardValues = { name: '', number: '', expiryMonth: '', expiryYear: '', cvv: '' };

/** Money as the API writes it: an integer of the currency's minor unit (ISO 4217). */
export interface MinorMoney {
  amount: number;
  currency: string;
}

/** CLP has no minor unit; PEN, COP and USD have two (ISO 4217). */
const MINOR_DIGITS: Record<string, number> = { CLP: 0, COP: 2, PEN: 2, USD: 2 };

/** Minor units to the decimal text a tokenizer takes ('152722', '12.34'). */
export function majorText({ amount, currency }: MinorMoney): string {
  const digits = MINOR_DIGITS[currency] ?? 2;
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Minor units to a number of the currency's major unit, for formatting. */
export const majorAmount = (money: MinorMoney): number => Number(majorText(money));

/** Kushki's token body, as the sandbox tokenizer takes it, for the sale's amount (a token is for one amount). */
export function tokenBody(card: CardValues, amount: MinorMoney) {
  return {
    card: {
      name: card.name.trim(),
      number: card.number.replace(/[\s-]/g, ''),
      expiryMonth: card.expiryMonth.trim(),
      expiryYear: card.expiryYear.trim(),
      cvv: card.cvv.trim(),
    },
    totalAmount: majorText(amount),
    currency: amount.currency,
  };
}

/** The tokenizer's field names (002 §5: `card.holderName`, `card.securityCode`…) as the form's. */
const TOKENIZER_FIELDS: Record<string, CardField> = {
  'card.holderName': 'name',
  'card.name': 'name',
  'card.number': 'number',
  'card.expiryMonth': 'expiryMonth',
  'card.expiryYear': 'expiryYear',
  'card.securityCode': 'cvv',
  'card.cvv': 'cvv',
};

/**
 * Each field's message of a tokenizer refusal (the first per field), and the messages it names no field
 * of the form for (the amount, say): those are shown with the refusal's header.
 */
export function cardFieldErrors(errors: readonly { field: string; message: string }[]): {
  byField: Partial<Record<CardField, string>>;
  other: string[];
} {
  const byField: Partial<Record<CardField, string>> = {};
  const other: string[] = [];
  for (const { field, message } of errors) {
    const name = TOKENIZER_FIELDS[field];
    if (!name) other.push(message);
    else byField[name] ??= message;
  }
  return { byField, other };
}
