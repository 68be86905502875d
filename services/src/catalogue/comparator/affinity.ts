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
  return fitOfClp(price.sortKey, range);
}

/** priceFit of a priced UF amount, given as its pesos (the sort key). */
export function fitOfClp(clp: number, range: SuggestedPriceRange): number {
  if (clp >= range.minClp && clp <= range.maxClp) return 1;
  const edge = clp < range.minClp ? range.minClp : range.maxClp;
  return Math.max(0, 1 - Math.abs(clp - edge) / edge);
}

/** The share of the requested features a card offers; 0.5 when none are requested. */
export function featureScore(card: CardDocument, wanted: readonly string[]): number {
  if (wanted.length === 0) return 0.5;
  const features = card.kind === 'product' ? (card.definition as ProductDefinition).features : [];
  return wanted.filter((code) => features.includes(code)).length / wanted.length;
}

/** The affinity formula on its parts (see `affinity`): the ranking computes the parts without a card price. */
export function affinityOf(coverage: number, fit: number, features: number, ponderer = 0.5): number {
  const blended = ponderer * fit + (1 - ponderer) * coverage;
  return Math.round((0.8 * blended + 0.2 * features) * 100) / 10;
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
  return affinityOf(coverageScore(card), priceFit(price, range), featureScore(card, wanted), ponderer);
}
