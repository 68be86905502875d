import { z } from 'zod';
import { headerFor, messageFor, type Lang } from './errorCatalogue';

/**
 * The provider rules of 002 §5, checked before any call to a provider, so a bad request never costs a round
 * trip and the buyer sees the same message whichever provider is configured. Each failure names the field,
 * the rule and the catalogue code whose message it carries (002 §8); all of them are 'Datos Inválidos'.
 * Pure: the day used for the expiry check is passed in.
 */
export const PAYMENT_RULES = {
  card_number_length: '3015',
  security_code_required: '3013',
  security_code_length: '3012',
  expiry_month_required: '3018',
  expiry_month_invalid: '3029',
  expiry_year_required: '3019',
  expiry_year_invalid: '3030',
  card_expired: '7523',
  holder_name_required: '3020',
  document_type_required: '3022',
  document_number_required: '3021',
  payer_email_invalid: '4050',
  notification_url_https: '4020',
  amount_required: '4002',
  amount_numeric: '4003',
  installments_required: '4004',
  installments_numeric: '4005',
  application_fee_above_amount: '4038',
  application_fee_negative: '4039',
} as const;
export type PaymentRule = keyof typeof PAYMENT_RULES;

export type PaymentIssue = {
  field: string;
  rule: PaymentRule;
  code: string;
  message: string;
  header: string;
};

/** What the buyer typed and the server adds; every field optional so that "required" is a rule, not a crash. */
export const providerRequestSchema = z.object({
  card: z
    .object({
      number: z.unknown(),
      securityCode: z.unknown(),
      expiryMonth: z.unknown(),
      expiryYear: z.unknown(),
      holderName: z.unknown(),
    })
    .partial()
    .optional(),
  payer: z.object({ documentType: z.unknown(), documentNumber: z.unknown(), email: z.unknown() }).partial(),
  notificationUrl: z.unknown().optional(),
  amount: z.unknown(),
  installments: z.unknown(),
  applicationFee: z.unknown().optional(),
});
export type ProviderRequest = z.input<typeof providerRequestSchema>;

const blank = (value: unknown): boolean =>
  value === undefined || value === null || String(value).trim() === '';
const digitsOnly = (value: unknown): string => String(value).replace(/[\s-]/g, '');
/** 002-5.10 "numbers only" and "positive decimal": a JSON number, or a string of digits with one optional dot. */
const numeric = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()));
/** 002-5.07: local part up to 64 characters, a domain with a suffix of 2 or more letters. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[A-Za-z]{2,}$/;
/** Card numbers run 13 to 19 digits (ISO/IEC 7812); American Express (34/37) has a 4-digit code. */
const CARD_NUMBER = /^\d{13,19}$/;

type Fail = (field: string, rule: PaymentRule) => void;
type Today = { year: number; month: number };

const collector = (lang: Lang): { issues: PaymentIssue[]; fail: Fail } => {
  const issues: PaymentIssue[] = [];
  const fail: Fail = (field, rule) => {
    const code = PAYMENT_RULES[rule];
    issues.push({ field, rule, code, message: messageFor(code, lang), header: headerFor(code, lang) });
  };
  return { issues, fail };
};

export const cardInputSchema = providerRequestSchema.shape.card.unwrap();
export type CardInput = z.input<typeof cardInputSchema>;

function checkCard(card: CardInput, today: Today, fail: Fail): void {
  const number = digitsOnly(card.number ?? '');
  if (!CARD_NUMBER.test(number)) fail('card.number', 'card_number_length');
  const amex = /^3[47]/.test(number);
  if (blank(card.securityCode)) fail('card.securityCode', 'security_code_required');
  else if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(String(card.securityCode))) {
    fail('card.securityCode', 'security_code_length');
  }
  const month = Number(card.expiryMonth);
  const monthOk = !blank(card.expiryMonth) && Number.isInteger(month) && month >= 1 && month <= 12;
  if (blank(card.expiryMonth)) fail('card.expiryMonth', 'expiry_month_required');
  else if (!monthOk) fail('card.expiryMonth', 'expiry_month_invalid');
  const yearText = String(card.expiryYear ?? '').trim();
  // Two-digit years are this century's, as printed on the card.
  const year = /^\d{2}$/.test(yearText) ? 2000 + Number(yearText) : Number(yearText);
  const yearOk = /^(\d{2}|\d{4})$/.test(yearText) && year >= today.year && year <= today.year + 20;
  if (blank(card.expiryYear)) fail('card.expiryYear', 'expiry_year_required');
  else if (!yearOk) fail('card.expiryYear', 'expiry_year_invalid');
  if (monthOk && yearOk && year === today.year && month < today.month)
    fail('card.expiryMonth', 'card_expired');
  if (blank(card.holderName)) fail('card.holderName', 'holder_name_required');
}

/** The card rules alone (002-5.16 and the holder of 002-5.17), for a tokenizer that sees only the card. */
export function validateCard(card: CardInput, today: Today, lang: Lang = 'es'): PaymentIssue[] {
  const { issues, fail } = collector(lang);
  checkCard(cardInputSchema.parse(card), today, fail);
  return issues;
}

export function validateProviderRequest(
  input: ProviderRequest,
  today: Today,
  lang: Lang = 'es',
): PaymentIssue[] {
  const request = providerRequestSchema.parse(input);
  const { issues, fail } = collector(lang);
  if (request.card) checkCard(request.card, today, fail);

  if (blank(request.payer.documentType)) fail('payer.documentType', 'document_type_required');
  if (blank(request.payer.documentNumber)) fail('payer.documentNumber', 'document_number_required');
  if (blank(request.payer.email) || !EMAIL.test(String(request.payer.email)))
    fail('payer.email', 'payer_email_invalid');

  if (request.notificationUrl !== undefined && !/^https:\/\/[^\s]+$/.test(String(request.notificationUrl))) {
    fail('notificationUrl', 'notification_url_https');
  }

  if (blank(request.amount)) fail('amount', 'amount_required');
  else if (!numeric(request.amount)) fail('amount', 'amount_numeric');
  if (blank(request.installments)) fail('installments', 'installments_required');
  else if (!numeric(request.installments)) fail('installments', 'installments_numeric');

  if (!blank(request.applicationFee)) {
    const fee = Number(request.applicationFee);
    if (fee < 0) fail('applicationFee', 'application_fee_negative');
    else if (numeric(request.amount) && fee > Number(request.amount)) {
      fail('applicationFee', 'application_fee_above_amount');
    }
  }
  return issues;
}
