/** What the storefront reads of the comparator API's answers (services/src/catalogue/views). */

/**
 * A comparator's result cards and compare answers: the server's own types (it builds its answers with
 * them, schemas/src/catalogue/resultCard.ts), read with `import type` so the schemas cost the bundle nothing.
 */
import type {
  CompareAnswer as CompareAnswerView,
  ResultCard as ResultCardView,
} from '@cubre/schemas/catalogue/resultCard';
import type { ProductView as ProductViewAnswer } from '@cubre/schemas/catalogue/productView';
export type { CardPriceBlock, MoneyView as Money, Periodicity } from '@cubre/schemas/catalogue/resultCard';

/**
 * A card as the storefront draws it. The server types its organization and insurance type nullable: a
 * card's read model has them null until their own definitions are applied (categories arrive in any
 * order). The comparator answers only cards of a known organization type; the storefront has always drawn
 * both as present, and keeps doing so (issue 12 notes the start-up window where a type could be missing).
 */
export type ResultCard = Omit<ResultCardView, 'organization' | 'insuranceType'> & {
  organization: NonNullable<ResultCardView['organization']>;
  insuranceType: NonNullable<ResultCardView['insuranceType']>;
};

export type CompareAnswer = Omit<CompareAnswerView, 'data'> & { data: ResultCard[] };

/** A comparator's feature, a whole comparator, an organization, a menu entry: the server's own types. */
export type {
  ComparatorFeature as Feature,
  ComparatorView as Comparator,
} from '@cubre/schemas/catalogue/comparator';
export type { OrganizationView as Organization } from '@cubre/schemas/catalogue/organization';
export type { MenuItem } from '@cubre/schemas/site';

/**
 * A product as its detail page reads it. As with a card, the storefront draws its organization and
 * insurance type as present (they are null only before their definitions reach the read model).
 */
export type Product = Omit<ProductViewAnswer, 'organization' | 'insuranceType' | 'card'> & {
  organization: NonNullable<ProductViewAnswer['organization']>;
  insuranceType: NonNullable<ProductViewAnswer['insuranceType']>;
  card: ResultCard;
};
