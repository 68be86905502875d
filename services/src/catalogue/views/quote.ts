import type { PriceQuote, Profile } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { PricingContext } from '../comparator/pricingContext';
import type { CatalogueIndex } from './catalogueIndex';
import { cardFor } from './productView';

/**
 * The quote a visitor saw on a product's card for `profile` (none: the "Desde" price), computed by the
 * comparator's own pricer: a lead keeps it, so the executive reads the same amount, unit, period and
 * persons as the card did (issue 11).
 */
export function quoteOf(
  index: CatalogueIndex,
  card: CardDocument,
  pricing: PricingContext,
  today: Date,
  profile?: Profile,
): PriceQuote {
  const { card: shown, price } = cardFor(index, card, pricing, today, profile);
  return {
    amount: price.amount,
    unit: price.unit,
    formatted: shown.price.formatted,
    period: shown.price.paymentMode,
    suffix: shown.priceSuffix,
    label: shown.insuranceMetadata.price_detail.label,
    fromProfile: price.fromProfile,
    insured: price.insured,
    uninsurable: price.uninsurable,
    uf: shown.price.uf,
    pricedOn: today.toISOString().slice(0, 10),
  };
}
