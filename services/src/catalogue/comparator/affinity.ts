import type { IsaprePlanDefinition, ProductDefinition } from '@cubre/schemas';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { SuggestedPriceRange } from '../pricing/legalContribution';
import type { CardPrice } from './profilePricing';

/** How well a card covers: its mean coverage percentage, 0 to 1. */
export function coverageScore(card: CardDocument): number {
  if (card.kind === 'isaprePlan') {
    const plan = card.definition as IsaprePlanDefinition;
    return (plan.ambulatoryCoverage + plan.hospitalCoverage) / 200;
  }
  const percents = (card.definition as ProductDefinition).coverages.flatMap((coverage) =>
    coverage.amounts
      .filter((amount) => amount.unit === '%')
      .map((amount) => amount.value ?? amount.maxAmount ?? amount.minAmount ?? 0),
  );
  return percents.length === 0
    ? 0.5
    : Math.min(1, percents.reduce((a, b) => a + b, 0) / percents.length / 100);
}

/** 1 inside the visitor's suggested range, decaying with the distance outside it; 0.5 without a price. */
export function priceFit(price: CardPrice, range: SuggestedPriceRange): number {
  if (price.amount === null || !Number.isFinite(price.sortKey) || price.unit !== 'UF') return 0.5;
  const clp = price.sortKey;
  if (clp >= range.minClp && clp <= range.maxClp) return 1;
  const edge = clp < range.minClp ? range.minClp : range.maxClp;
  return Math.max(0, 1 - Math.abs(clp - edge) / edge);
}

/**
 * Affinity ("distance", 0 to 10; the card shows distance × 10 as a percent, rule 000-9.05). The seeds
 * name it without a formula; ours: `ponderer` (0–1, default 0.5) weighs the price's fit to the visitor's
 * 7% range against the card's coverage, and the requested features count for a fifth.
 */
export function affinity(
  card: CardDocument,
  price: CardPrice,
  range: SuggestedPriceRange,
  wanted: readonly string[],
  ponderer = 0.5,
): number {
  const features = card.kind === 'product' ? (card.definition as ProductDefinition).features : [];
  const featureScore =
    wanted.length === 0 ? 0.5 : wanted.filter((code) => features.includes(code)).length / wanted.length;
  const blended = ponderer * priceFit(price, range) + (1 - ponderer) * coverageScore(card);
  return Math.round((0.8 * blended + 0.2 * featureScore) * 100) / 10;
}
