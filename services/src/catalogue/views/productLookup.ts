import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { CatalogueSnapshot, CatalogueSnapshots } from '../comparator/snapshot';

/** Cards by product code (isapre plans by their plan code), one index per catalogue version. */
export function productLookup(snapshots: CatalogueSnapshots) {
  let indexed: { version: string; byCode: Map<string, CardDocument> } = { version: '', byCode: new Map() };
  const index = (snapshot: CatalogueSnapshot) => {
    if (indexed.version !== snapshot.version) {
      indexed = {
        version: snapshot.version,
        byCode: new Map(snapshot.cards.map((card) => [card.productCode, card])),
      };
    }
    return indexed.byCode;
  };
  return async (code: string): Promise<CardDocument | undefined> => index(await snapshots.get()).get(code);
}
