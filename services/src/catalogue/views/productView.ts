import type { Profile } from '@cubre/schemas';
import type { ProductView } from '@cubre/schemas/catalogue/productView';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { affinity } from '../comparator/affinity';
import { detailPath } from '../comparator/detailPath';
import type { PricingContext } from '../comparator/pricingContext';
import { createProfilePricer, type CardPrice } from '../comparator/profilePricing';
import { resultCard, type ResultCard } from '../comparator/resultCard';
import type { CatalogueIndex } from './catalogueIndex';

export const detailPathOf = (index: CatalogueIndex, card: CardDocument) =>
  detailPath(card, index.insuranceType(card.insuranceTypeName)?.urlSegment);

/**
 * A card as the comparator would show it for `profile` (none: the "Desde" card), priced by the
 * comparator's own pricer, so a detail page, a promoted card and the result list never disagree.
 */
export function cardFor(
  index: CatalogueIndex,
  card: CardDocument,
  pricing: PricingContext,
  today: Date,
  profile?: Profile,
): { card: ResultCard; price: CardPrice } {
  const pricer = createProfilePricer(pricing, profile, today);
  const price = pricer.price(card);
  return {
    price,
    card: resultCard(card, price, {
      today,
      ufValue: pricer.ufValue,
      detailPath: detailPathOf(index, card),
      distance: affinity(card, price, pricer.suggestedRange, []),
      index: 0,
    }),
  };
}

/**
 * GET /api/insurance/product/{code}: the product as a detail page needs it: its definition, its whole
 * organization and insurance type, and the card-like summary of the result list.
 */
export function productView(
  index: CatalogueIndex,
  card: CardDocument,
  pricing: PricingContext,
  today: Date,
): ProductView {
  const organization = card.organization ? index.organization(card.organization.code) : undefined;
  const type = index.insuranceType(card.insuranceTypeName);
  return {
    id: card.productCode,
    productCode: card.productCode,
    kind: card.kind,
    displayName: card.displayName,
    url: card.url,
    detailPath: detailPathOf(index, card),
    country: card.country,
    productType: card.productType,
    organization: organization
      ? {
          ...organization,
          metadata: card.organization!.metadata,
        }
      : card.organization,
    insuranceType: type
      ? {
          name: type.name,
          urlSegment: type.urlSegment,
          displayName: type.displayName,
          description: type.description ?? null,
          color: type.color,
          upperType: type.upperType,
        }
      : card.insuranceType,
    definition: card.definition,
    card: cardFor(index, card, pricing, today).card,
  };
}
