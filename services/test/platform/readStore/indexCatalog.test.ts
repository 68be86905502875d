import type { Entry } from '@cubre/services/platform/adapters/memory/entry';
import { equalityConditions } from '@cubre/services/platform/adapters/memory/filterEqualities';
import { frozenCopy } from '@cubre/services/platform/adapters/memory/frozenJson';
import { IndexCatalog } from '@cubre/services/platform/adapters/memory/indexCatalog';
import type { Filter, ReadDocument } from '@cubre/services/platform/ports/readStore';

function catalogOver(docs: ReadDocument[]): { catalog: IndexCatalog; entries: Entry[] } {
  const entries = docs.map((doc, seq) => ({ doc: frozenCopy(doc, 'doc') as ReadDocument, seq }));
  const catalog = new IndexCatalog('leads');
  catalog.declare({ status: 1 }, false, entries);
  catalog.declare({ 'owner.id': 1, status: -1 }, false, entries);
  return { catalog, entries };
}

const statuses = ['new', 'contacted', 'won', 'lost'];
const docs: ReadDocument[] = Array.from({ length: 40 }, (_, i) => ({
  _id: `l${i}`,
  status: i === 7 ? ['won', 'lost'] : statuses[i % 4]!,
  owner: i === 9 ? [{ id: 'x' }] : { id: `o${i % 10}` },
}));

const candidateIds = (catalog: IndexCatalog, filter: Filter, total = docs.length) =>
  catalog.candidates(equalityConditions(filter), total)?.map((entry) => entry.doc._id);

describe('index catalog', () => {
  test('an equality or $in on an indexed field narrows to the documents holding those keys, in stored order', () => {
    const { catalog } = catalogOver(docs);
    // l9's owner is an array, so it is a candidate for every lookup on owner.id.
    expect(candidateIds(catalog, { 'owner.id': 'o3' })).toEqual(['l3', 'l9', 'l13', 'l23', 'l33']);
    expect(candidateIds(catalog, { 'owner.id': { $in: ['o1', 'o2'] }, status: 'new' })).toEqual([
      'l1',
      'l2',
      'l9',
      'l11',
      'l12',
      'l21',
      'l22',
      'l31',
      'l32',
    ]);
  });

  test('an array field is found by the whole array and by each of its items', () => {
    const { catalog } = catalogOver(docs);
    expect(candidateIds(catalog, { status: ['won', 'lost'] }, 1000)).toEqual(['l7']);
    expect(candidateIds(catalog, { status: 'lost' }, 1000)).toContain('l7');
  });

  test('an index is not used when it would leave more than a quarter of the documents', () => {
    const { catalog } = catalogOver(docs);
    expect(candidateIds(catalog, { status: 'won' })).toBeUndefined();
    expect(candidateIds(catalog, { status: 'won' }, 1000)).toHaveLength(11);
    expect(candidateIds(catalog, { priority: 1 })).toBeUndefined();
  });

  test('an embedded document is not looked up by index, since mingo compares those regardless of order', () => {
    const { catalog } = catalogOver(docs);
    expect(candidateIds(catalog, { status: { a: 1 } }, 1000)).toBeUndefined();
  });

  test('writes move documents between keys', () => {
    const { catalog, entries } = catalogOver(docs);
    const entry = entries[3]!;
    const before = entry.doc;
    entry.doc = frozenCopy({ ...before, owner: { id: 'o5' } }, 'doc') as ReadDocument;
    catalog.replaced(entry, before);
    expect(candidateIds(catalog, { 'owner.id': 'o3' })).not.toContain('l3');
    expect(candidateIds(catalog, { 'owner.id': 'o5' })).toContain('l3');
    catalog.removed(entry);
    expect(candidateIds(catalog, { 'owner.id': 'o5' })).not.toContain('l3');
  });
});
