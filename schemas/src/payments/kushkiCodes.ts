import { entryFor } from './errorCatalogue';

/**
 * Kushki's answer codes (data/payments/kushki-api.json) to the 002 §8 catalogue, for the server's calls
 * and the storefront's kushki.js alike. Kushki answers a refusal as
 * `{ code, message }`: processor codes of three digits ('021' insufficient funds, the Chile test cards), its
 * own K codes, or ones the seed names itself (K505, K322, 577...). A code the seed names maps to itself; the
 * rest to the processor reason with the same meaning; anything else to K505 (declined, try again).
 */
const KUSHKI_TO_CATALOGUE: Readonly<Record<string, string>> = {
  '006': 'other_reason',
  '017': 'invalid_card',
  '019': 'card_not_supported',
  '021': 'insufficient_funds',
  '022': 'cvv_failure',
  '023': 'blocked_card',
  '201': 'invalid_merchant',
  '205': 'invalid_transaction',
  '220': 'invalid_amount',
  K220: 'invalid_amount',
  '228': 'processor_unreachable',
  '621': 'other_reason',
  '622': 'K027',
  '703': '4002',
  K001: '4006',
  K002: 'system_error',
  K003: 'transaction_not_permitted',
  K006: 'rejected_by_bank',
  K007: 'blocked_card',
  K008: 'token_invalid',
  K010: 'invalid_transaction',
  K012: 'invalid_amount',
  K014: 'invalid_amount',
};

export function kushkiCatalogueCode(code: string): string {
  const mapped = KUSHKI_TO_CATALOGUE[code];
  if (mapped) return mapped;
  return entryFor(code) && /^(K\d{3}|577)$/.test(code) ? code : 'K505';
}
