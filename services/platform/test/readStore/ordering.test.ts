import { compareValues, valuesEqual } from '@cubre/platform/adapters/memory/bsonOrder';
import { orderPage } from '@cubre/platform/adapters/memory/ordering';
import { parseSort, sortKeyOf } from '@cubre/platform/adapters/memory/sortKeys';
import { pick, seededRandom } from './randomData';

describe('MongoDB value order', () => {
  test('types order as null, numbers, strings, objects, arrays, booleans', () => {
    const ascending = [null, -1, 2.5, '', 'a', 'b', {}, { a: 1 }, [], [0], false, true];
    for (let i = 0; i < ascending.length; i++) {
      for (let j = 0; j < ascending.length; j++) {
        const expected = Math.sign(i - j);
        expect({
          a: ascending[i],
          b: ascending[j],
          order: Math.sign(compareValues(ascending[i], ascending[j])),
        }).toEqual({ a: ascending[i], b: ascending[j], order: expected });
      }
    }
  });

  test('missing compares as null, and NaN sorts below every number', () => {
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues(Number.NaN, -Infinity)).toBeLessThan(0);
    expect(compareValues(Number.NaN, Number.NaN)).toBe(0);
  });

  test('equality of embedded documents and arrays respects order', () => {
    expect(valuesEqual({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toBe(true);
    expect(valuesEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(valuesEqual([1, 2], [2, 1])).toBe(false);
    expect(valuesEqual(undefined, null)).toBe(false);
    expect(valuesEqual(0, -0)).toBe(true);
  });
});

describe('sort keys', () => {
  const key = (doc: object, field: string, direction: 1 | -1 = 1) =>
    sortKeyOf(doc, parseSort({ [field]: direction })[0]!);

  test('an array sorts by its smallest item ascending, its largest descending', () => {
    expect(key({ a: [3, 1, 'x'] }, 'a')).toBe(1);
    expect(key({ a: [3, 1, 'x'] }, 'a', -1)).toBe('x');
  });

  test('an empty array sorts before null and missing', () => {
    const page = orderPage(
      [{ id: 'null', a: null }, { id: 'empty', a: [] }, { id: 'missing' }],
      parseSort({ a: 1 }),
      0,
      0,
    );
    expect(page.map((doc) => doc.id)).toEqual(['empty', 'null', 'missing']);
  });

  test('a path through an array of documents sorts by the extreme of the values it reaches', () => {
    const doc = { cargas: [{ edad: 40 }, { edad: 3 }, { edad: [1, 50] }] };
    expect(key(doc, 'cargas.edad')).toBe(1);
    expect(key(doc, 'cargas.edad', -1)).toBe(50);
  });
});

describe('paging a sort', () => {
  test('the bounded heap and the full sort give the same pages, ties in input order', () => {
    const random = seededRandom(99);
    for (let round = 0; round < 200; round++) {
      const docs = Array.from({ length: Math.floor(random() * 300) }, (_, id) => ({
        id,
        a: pick(random, [1, 2, 3, 'x', null, [2, 5], undefined]),
        b: Math.floor(random() * 4),
      }));
      const fields = parseSort(round % 2 ? { a: 1, b: -1 } : { b: -1 });
      const skip = Math.floor(random() * 20);
      const limit = 1 + Math.floor(random() * 20);
      const heap = orderPage(docs, fields, skip, limit, 'heap').map((doc) => doc.id);
      const sorted = orderPage(docs, fields, skip, limit, 'sort').map((doc) => doc.id);
      expect(heap).toEqual(sorted);
    }
  });

  test('sort validation names the field and the bad direction', () => {
    expect(() => parseSort({ a: 0 as never })).toThrow("sort direction of 'a' must be 1 or -1, got 0");
    expect(parseSort(undefined)).toEqual([]);
  });
});
