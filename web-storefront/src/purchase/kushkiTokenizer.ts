// First: the card rules' zod schemas are built below, and must be built without eval (see the file).
import './zodWithoutEval';
import { Kushki } from '@kushki/js';
import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import type { Lang } from '@cubre/schemas/payments/errorCatalogue';
import type { CardValues, MinorMoney } from '../domain/purchase/cardForm';
import {
  cardRefusal,
  kushkiSubscriptionTokenRequest,
  kushkiTokenOutcome,
  kushkiTokenRequest,
  type KushkiAnswer,
  type TokenRefusal,
} from '../domain/purchase/kushkiToken';

/**
 * Kushki's browser library (`@kushki/js`) on the payment step: its own chunk, loaded only when the sale's
 * gateway is Kushki (the comparator's initial JavaScript never carries it). The card goes from the form
 * to kushki.js, which sends it to Kushki's API (`card/v1/tokens`, or `v1/subscription-tokens` for a monthly
 * sale); only the token comes back to our calls.
 */
type KushkiSettings = Extract<CardTokenizer, { provider: 'kushki' }>;
/** kushki.js's bodies name Kushki's currencies as a union; ours come from the sale (CLP, PEN, COP, USD). */
type TokenBody = Parameters<Kushki['requestToken']>[0];
type SubscriptionTokenBody = Parameters<Kushki['requestSubscriptionToken']>[0];

/** One library instance per merchant and environment: `new Kushki()` adds Sift's script to the page once. */
const instances = new Map<string, Kushki>();
function kushkiFor(settings: KushkiSettings): Kushki {
  const key = `${settings.publicMerchantId}:${settings.inTestEnvironment}`;
  let kushki = instances.get(key);
  if (!kushki) {
    kushki = new Kushki({
      merchantId: settings.publicMerchantId,
      inTestEnvironment: settings.inTestEnvironment,
    });
    instances.set(key, kushki);
  }
  return kushki;
}

/**
 * The card to a Kushki token: the 002 §5 card rules first (no call for a card they refuse), then kushki.js
 * (its subscription token when the sale is monthly). Resolves the token or the refusal to show.
 */
export async function kushkiToken(
  settings: KushkiSettings,
  card: CardValues,
  amount: MinorMoney,
  billing: 'one_time' | 'monthly_subscription',
  lang: Lang,
): Promise<{ token: string } | TokenRefusal> {
  const refused = cardRefusal(card, lang, new Date());
  if (refused) return refused;
  const kushki = kushkiFor(settings);
  const answer = await new Promise<KushkiAnswer>((resolve) => {
    if (billing === 'monthly_subscription') {
      const body = kushkiSubscriptionTokenRequest(card, amount.currency) as SubscriptionTokenBody;
      kushki.requestSubscriptionToken(body, resolve);
    } else kushki.requestToken(kushkiTokenRequest(card, amount) as TokenBody, resolve);
  });
  return kushkiTokenOutcome(answer, lang);
}
