import type { IsaprePlanDefinition, ProductDefinition } from '@cubre/schemas';
import { coverageScore } from './affinity';
import type { CatalogueSnapshot } from './snapshot';

/**
 * What ranking needs of each card, by its index in `snapshot.cards`, in typed arrays: the orders compare
 * numbers instead of reading definitions (and comparing names in Spanish) thousands of times per query.
 * Built once per snapshot; its size follows the catalogue, which no request can grow.
 */
export interface CardColumns {
  /** The card's place in the Spanish order of display names (equal names: catalogue order). */
  nameRank: Uint32Array;
  /** 1 for a promoted product. */
  promoted: Uint8Array;
  /** The product's recommendation (5 for plans); NaN where a definition lacks it, as the old objects gave. */
  recommendation: Float64Array;
  /** The product's request count (0 for plans). */
  requests: Float64Array;
  /** coverageScore of the card. */
  coverage: Float64Array;
  /** 1 for an isapre plan: priced from the columns below instead of the card. */
  isPlan: Uint8Array;
  planBaseUf: Float64Array;
  planGesUf: Float64Array;
  /** 1 for a plan priced at the visitor's 7%. */
  planSevenPercent: Uint8Array;
  /** Index in `tables` of the plan's (price mode, factor table). */
  planTable: Uint32Array;
  tables: Pick<IsaprePlanDefinition, 'priceMode' | 'factorTableCode'>[];
  /** Url segment of each insurance type, for detail paths. */
  typeSegments: Map<string, string>;
}

const built = new WeakMap<CatalogueSnapshot, CardColumns>();

export function cardColumnsOf(snapshot: CatalogueSnapshot): CardColumns {
  let columns = built.get(snapshot);
  if (!columns) {
    columns = buildColumns(snapshot);
    built.set(snapshot, columns);
  }
  return columns;
}

function buildColumns(snapshot: CatalogueSnapshot): CardColumns {
  const { cards } = snapshot;
  const count = cards.length;
  const columns: CardColumns = {
    nameRank: new Uint32Array(count),
    promoted: new Uint8Array(count),
    recommendation: new Float64Array(count),
    requests: new Float64Array(count),
    coverage: new Float64Array(count),
    isPlan: new Uint8Array(count),
    planBaseUf: new Float64Array(count),
    planGesUf: new Float64Array(count),
    planSevenPercent: new Uint8Array(count),
    planTable: new Uint32Array(count),
    tables: [],
    typeSegments: new Map(snapshot.insuranceTypes.map((t) => [t.definition.name, t.definition.urlSegment])),
  };
  // The order `localeCompare(…, 'es')` gives, stable: Array#sort keeps catalogue order for equal names.
  const collator = new Intl.Collator('es');
  const byName = Array.from({ length: count }, (_, i) => i).sort((a, b) =>
    collator.compare(cards[a]!.displayName, cards[b]!.displayName),
  );
  byName.forEach((card, rank) => (columns.nameRank[card] = rank));

  const tableIndex = new Map<string, number>();
  cards.forEach((card, i) => {
    columns.coverage[i] = coverageScore(card);
    if (card.kind === 'isaprePlan') {
      const plan = card.definition as IsaprePlanDefinition;
      columns.isPlan[i] = 1;
      columns.recommendation[i] = 5;
      columns.planBaseUf[i] = plan.basePriceUf;
      columns.planGesUf[i] = plan.gesUf;
      columns.planSevenPercent[i] = plan.priceMode === '7%' ? 1 : 0;
      const key = `${plan.priceMode}|${plan.factorTableCode}`;
      let table = tableIndex.get(key);
      if (table === undefined) {
        table = columns.tables.length;
        tableIndex.set(key, table);
        columns.tables.push({ priceMode: plan.priceMode, factorTableCode: plan.factorTableCode });
      }
      columns.planTable[i] = table;
      return;
    }
    const product = card.definition as ProductDefinition;
    columns.promoted[i] = product.isPromoted ? 1 : 0;
    columns.recommendation[i] = product.recommendation;
    columns.requests[i] = product.requestCount;
  });
  return columns;
}
