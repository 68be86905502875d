/**
 * Kushki's official Chile test cards (data/payments/kushki-api.json, test_cards_chile_official) and what the
 * sandbox answers for each, like Kushki's integration environment: the code and its message as Kushki gives
 * them. Any other card that passes the Luhn check is approved, as in the integration environment.
 */
export type CardScenario =
  | { stage: 'approved' }
  | { stage: 'token' | 'charge'; code: string; message: string }
  /** Ours, not Kushki's: approved once (a purchase, a subscription's first period), then declined. */
  | { stage: 'later_charges'; code: string; message: string };

/**
 * The sandbox's card "that starts declining" (issue 15): a subscription bought with it is created and its
 * first period charged, and every later charge is declined with `021` insufficient funds, so a test or a
 * person on the demo sees arrears grow. A one-time charge with it is approved.
 */
export const STARTS_DECLINING_CARD = '4000000000000341';
/**
 * Its hard twin: the same, every later charge declined `023`, the card blocked by its issuer, a hard decline
 * the charge run retries rarely (services/src/subscriptions/README.md, "Retries").
 */
export const STARTS_DECLINING_HARD_CARD = '4000000000000358';

export const KUSHKI_TEST_CARDS: Readonly<Record<string, CardScenario>> = {
  '5451951574925480': { stage: 'approved' },
  '000000000000000000': { stage: 'token', code: '017', message: 'Tarjeta no válida' },
  '4349003000047015': { stage: 'charge', code: '017', message: 'Tarjeta no válida' },
  '4349008516656431': { stage: 'charge', code: '019', message: 'Tarjeta no soportada' },
  '4349001210846432': { stage: 'charge', code: '021', message: 'Fondos insuficientes' },
  '4349003243371321': { stage: 'charge', code: '022', message: 'No se pudo verificar el CVV' },
  '4349001386781322': { stage: 'charge', code: '023', message: 'Tarjeta bloqueada por el emisor' },
  [STARTS_DECLINING_CARD]: { stage: 'later_charges', code: '021', message: 'Fondos insuficientes' },
  [STARTS_DECLINING_HARD_CARD]: {
    stage: 'later_charges',
    code: '023',
    message: 'Tarjeta bloqueada por el emisor',
  },
};

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

export function scenarioFor(cardNumber: string): CardScenario {
  const known = KUSHKI_TEST_CARDS[cardNumber];
  if (known) return known;
  return luhn(cardNumber)
    ? { stage: 'approved' }
    : { stage: 'token', code: '017', message: 'Tarjeta no válida' };
}
