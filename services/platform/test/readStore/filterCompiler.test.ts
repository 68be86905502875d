import { Query } from 'mingo';
import { InvalidQueryError } from '@cubre/platform/adapters/memory/errors';
import { compileFilter } from '@cubre/platform/adapters/memory/filterCompiler';
import type { Filter } from '@cubre/platform/ports/readStore';

type Case = [filter: Filter, doc: Record<string, unknown>, matches: boolean];

/** MongoDB's answers; each group also holds for mingo unless its name says otherwise. */
const agreedWithMingo: Record<string, Case[]> = {
  'implicit equality, with array-contains': [
    [{ a: 1 }, { a: 1 }, true],
    [{ a: 1 }, { a: [3, 1] }, true],
    [{ a: 1 }, { a: '1' }, false],
    [{ a: 1 }, {}, false],
    [{ a: [1, 2] }, { a: [1, 2] }, true],
    [{ a: [1, 2] }, { a: [[1, 2], 3] }, true],
    [{ a: [1, 2] }, { a: [2, 1] }, false],
    [{ a: { b: 1 } }, { a: { b: 1 } }, true],
    [{ a: 1, b: 2 }, { a: 1, b: 3 }, false],
  ],
  'null stands for missing': [
    [{ a: null }, {}, true],
    [{ a: null }, { a: null }, true],
    [{ a: null }, { a: [1, null] }, true],
    [{ a: null }, { a: [] }, false],
    [{ a: null }, { a: 0 }, false],
    [{ a: { $ne: null } }, {}, false],
    [{ a: { $ne: null } }, { a: false }, true],
    [{ a: { $exists: false } }, { a: null }, false],
    [{ a: { $exists: true } }, { a: null }, true],
    [{ a: { $gt: null } }, { a: 1 }, false],
    [{ a: { $in: [1, null] } }, {}, true],
    [{ a: { $nin: [null] } }, {}, false],
  ],
  'comparisons stay inside a type bracket': [
    [{ a: { $gt: 1 } }, { a: 'z' }, false],
    [{ a: { $gt: 1 } }, { a: [0, 2] }, true],
    [{ a: { $gt: 1 } }, { a: [[5]] }, false],
    [{ a: { $lt: 'b' } }, { a: 'a' }, true],
    [{ a: { $lt: 'b' } }, { a: 1 }, false],
    [{ a: { $gte: 2, $lt: 3 } }, { a: 2 }, true],
    [{ a: { $gt: false } }, { a: true }, true],
    [{ a: { $lte: true } }, { a: 1 }, false],
  ],
  'negations are the complement of the positive match': [
    [{ a: { $ne: 1 } }, { a: [1, 2] }, false],
    [{ a: { $ne: 1 } }, {}, true],
    [{ a: { $nin: [1, 3] } }, { a: [2, 4] }, true],
    [{ a: { $nin: [1, 3] } }, { a: [2, 3] }, false],
  ],
  'dotted paths, through plain objects and through arrays': [
    [{ 'a.b': 1 }, { a: { b: 1 } }, true],
    [{ 'a.b': 1 }, { a: null }, false],
    [{ 'a.b': 1 }, { a: 5 }, false],
    [{ 'a.b': null }, { a: 5 }, true],
    [{ 'a.b': 1 }, { a: [{ b: 2 }, { b: 1 }] }, true],
    [{ 'a.b': { $gt: 1 } }, { a: [{ b: 0 }, { b: 3 }] }, true],
    [{ 'a.0': 5 }, { a: [5] }, true],
    [{ 'a.b.c': 'x' }, { a: { b: [{ c: 'x' }] } }, true],
  ],
  'logical operators': [
    [{ $or: [{ a: 1 }, { b: 1 }] }, { b: 1 }, true],
    [{ $or: [{ a: 1 }, { b: 1 }] }, { c: 1 }, false],
    [{ $and: [{ a: { $gt: 0 } }, { a: { $lt: 2 } }] }, { a: 1 }, true],
    [{ $nor: [{ a: 1 }, { b: 1 }] }, { a: 2 }, true],
    [{ $nor: [{ a: 1 }] }, { a: 1 }, false],
    [{ a: 1, $or: [{ b: 1 }, { c: 1 }] }, { a: 1, c: 1 }, true],
  ],
  'fields named like Object.prototype members are ordinary fields': [
    [{ constructor: { $exists: true } }, {}, false],
    [{ 'a.toString': { $exists: true } }, { a: {} }, false],
    [{ hasOwnProperty: 1 }, { hasOwnProperty: 1 }, true],
  ],
};

/** Where this engine follows MongoDB and mingo does not. */
const mongoOnly: Case[] = [
  // $gte and $lte against null are equality to null.
  [{ a: { $gte: null } }, {}, true],
  [{ a: { $lte: null } }, { a: null }, true],
  // $in compares whole arrays too.
  [{ a: { $in: [[1, 2]] } }, { a: [1, 2] }, true],
  // Embedded documents equal only with fields in the same order.
  [{ a: { b: 1, c: 2 } }, { a: { c: 2, b: 1 } }, false],
];

describe('filter compiler', () => {
  for (const [group, cases] of Object.entries(agreedWithMingo)) {
    test(`${group}: answers as MongoDB and mingo do`, () => {
      for (const [filter, doc, matches] of cases) {
        expect({ filter, doc, matches: compileFilter(filter)(doc) }).toEqual({ filter, doc, matches });
        expect({ filter, doc, mingo: new Query(filter).test(doc) }).toEqual({ filter, doc, mingo: matches });
      }
    });
  }

  test('null ranges, arrays inside $in and field order of embedded documents follow MongoDB, not mingo', () => {
    for (const [filter, doc, matches] of mongoOnly) {
      expect({ filter, doc, matches: compileFilter(filter)(doc) }).toEqual({ filter, doc, matches });
    }
  });

  test('a field named __proto__ is a field, not the prototype', () => {
    const doc = JSON.parse('{"__proto__": 1}') as Record<string, unknown>;
    const filter = JSON.parse('{"__proto__": 1}') as Filter;
    expect(compileFilter(filter)(doc)).toBe(true);
    expect(compileFilter(filter)({})).toBe(false);
  });

  test('an empty or missing filter matches everything, and undefined conditions are ignored', () => {
    expect(compileFilter(undefined)({})).toBe(true);
    expect(compileFilter({})({ a: 1 })).toBe(true);
    expect(compileFilter({ a: undefined })({ a: 1 })).toBe(true);
  });

  test('operators the compiler does not know are answered by mingo', () => {
    expect(compileFilter({ name: { $regex: '^ana', $options: 'i' } })({ name: 'Ana María' })).toBe(true);
    expect(compileFilter({ name: /^ana/i })({ name: 'Ana María' })).toBe(true);
    expect(compileFilter({ list: { $size: 2 } })({ list: [1, 2] })).toBe(true);
    expect(compileFilter({ n: { $type: 'string' } })({ n: 1 })).toBe(false);
    expect(compileFilter({ n: { $mod: [2, 0] } })({ n: 4 })).toBe(true);
    expect(compileFilter({ $expr: { $eq: ['$a', '$b'] } })({ a: 1, b: 1 })).toBe(true);
    // A known operator next to an unknown one: the whole condition goes to mingo.
    expect(compileFilter({ n: { $gt: 1, $type: 'number' } })({ n: 2 })).toBe(true);
  });

  test('malformed filters are refused with the reason', () => {
    expect(() => compileFilter({ a: { $gt: 1, b: 2 } })).toThrow(InvalidQueryError);
    expect(() => compileFilter({ a: { $in: 'x' } })).toThrow('$in needs an array');
    expect(() => compileFilter({ a: { $nin: {} } })).toThrow('$nin needs an array');
    expect(() => compileFilter({ $and: [] })).toThrow('$and needs a non-empty array');
    expect(() => compileFilter({ $or: {} })).toThrow('$or needs a non-empty array');
    expect(() => compileFilter({ a: { $eq: undefined } })).toThrow('$eq has no value');
    expect(() => compileFilter({ 'a..b': 1 })).toThrow("field path 'a..b' has an empty part");
    expect(() => compileFilter([] as never)).toThrow('a filter is an object');
  });
});
