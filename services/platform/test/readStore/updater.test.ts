import { InvalidUpdateError } from '@cubre/platform/adapters/memory/errors';
import { frozenCopy } from '@cubre/platform/adapters/memory/frozenJson';
import { applyUpdate } from '@cubre/platform/adapters/memory/updater';
import type { ReadDocument, UpdateSpec } from '@cubre/platform/ports/readStore';

const stored = (doc: ReadDocument): ReadDocument => frozenCopy(doc, 'the document') as ReadDocument;
const update = (doc: ReadDocument, spec: UpdateSpec, inserting = false) =>
  applyUpdate(stored(doc), spec, inserting);

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

describe('copy-on-write updater', () => {
  test('an update that changes nothing returns the very same document', () => {
    const doc = stored({ _id: '1', a: 1, n: 5, list: ['x'], o: { p: 1 } });
    const noOps: UpdateSpec[] = [
      { $set: { a: 1, o: { p: 1 } } },
      { $max: { n: 3 } },
      { $min: { n: 7 } },
      { $inc: { n: 0 } },
      { $unset: { missing: '', 'o.missing': '', 'a.b': '' } },
      { $pull: { list: 'y' } },
      { $addToSet: { list: 'x' } },
      { $push: { list: { $each: [] } } },
      { $setOnInsert: { a: 2 } },
    ];
    for (const spec of noOps)
      expect({ spec, same: applyUpdate(doc, spec, false) === doc }).toEqual({ spec, same: true });
  });

  test('the result is frozen all the way down and the original is untouched', () => {
    const doc = stored({ _id: '1', a: { b: { c: 1 } }, list: [{ x: 1 }] });
    const result = applyUpdate(
      doc,
      { $set: { 'a.b.c': 2, 'a.d': [1, { e: 2 }] }, $push: { list: { x: 2 } } },
      false,
    );
    expect(result).toEqual({ _id: '1', a: { b: { c: 2 }, d: [1, { e: 2 }] }, list: [{ x: 1 }, { x: 2 }] });
    expect(doc).toEqual({ _id: '1', a: { b: { c: 1 } }, list: [{ x: 1 }] });
    expect(isDeepFrozen(result)).toBe(true);
  });

  test('subtrees the update does not touch are shared with the previous version', () => {
    const doc = stored({ _id: '1', left: { deep: [1, 2] }, right: { n: 1, keep: { k: 1 } } });
    const result = applyUpdate(doc, { $inc: { 'right.n': 1 } }, false);
    expect(result.left).toBe(doc.left);
    expect((result.right as { keep: unknown }).keep).toBe((doc.right as { keep: unknown }).keep);
    expect(result.right).not.toBe(doc.right);
  });

  test('new fields are added in the order of their names, as MongoDB does, after the existing ones', () => {
    const result = update(
      { _id: '1', z: 0 },
      { $set: { b: 1, a: 1 }, $inc: { c: 1 }, $setOnInsert: { aa: 1 } },
      true,
    );
    expect(Object.keys(result)).toEqual(['_id', 'z', 'a', 'aa', 'b', 'c']);
    expect(Object.keys(update({ _id: '1' }, { $set: { 'x.10': 1, 'x.9': 1 } }).x as object)).toEqual([
      '9',
      '10',
    ]);
  });

  test('a path named twice, or a path and a field inside it, is a conflict', () => {
    expect(() => update({ _id: '1' }, { $set: { a: 1 }, $inc: { a: 1 } })).toThrow(
      "names 'a' more than once",
    );
    expect(() => update({ _id: '1' }, { $set: { 'a.b': 1 }, $unset: { a: '' } })).toThrow(
      "names both 'a' and 'a.b'",
    );
    expect(() => update({ _id: '1' }, { $set: { a: 1 }, $setOnInsert: { 'a.b': 1 } })).toThrow(
      InvalidUpdateError,
    );
    expect(update({ _id: '1' }, { $set: { 'a.b': 1, 'a.bc': 2, ab: 3 } })).toEqual({
      _id: '1',
      a: { b: 1, bc: 2 },
      ab: 3,
    });
  });

  test('$set cannot create a field inside a scalar or give an array a named field', () => {
    expect(() => update({ _id: '1', a: 5 }, { $set: { 'a.b': 1 } })).toThrow(
      "cannot create field 'b' of 'a.b': 'a' holds 5",
    );
    expect(() => update({ _id: '1', a: null }, { $set: { 'a.b': 1 } })).toThrow("'a' holds null");
    expect(() => update({ _id: '1', a: [1] }, { $set: { 'a.b': 1 } })).toThrow("'a' is an array");
  });

  test('array items are addressed by position: $set pads with null, $unset leaves null', () => {
    expect(update({ _id: '1', a: [1] }, { $set: { 'a.3': 4 } })).toEqual({ _id: '1', a: [1, null, null, 4] });
    expect(update({ _id: '1', a: [1, 2, 3] }, { $unset: { 'a.1': '' } })).toEqual({
      _id: '1',
      a: [1, null, 3],
    });
    expect(update({ _id: '1', a: [{ q: 1 }] }, { $inc: { 'a.0.q': 2 } })).toEqual({
      _id: '1',
      a: [{ q: 3 }],
    });
  });

  test('operators refuse values of the wrong type, naming the field', () => {
    expect(() => update({ _id: '1', n: 'x' }, { $inc: { n: 1 } })).toThrow(
      "$inc cannot add to 'n', which holds a string",
    );
    expect(() => update({ _id: '1' }, { $inc: { n: '1' as never } })).toThrow("$inc needs a number for 'n'");
    expect(() => update({ _id: '1', l: 1 }, { $push: { l: 2 } })).toThrow("$push needs an array at 'l'");
    expect(() => update({ _id: '1', l: {} }, { $pull: { l: 2 } })).toThrow("$pull needs an array at 'l'");
    expect(() => update({ _id: '1', l: 'x' }, { $addToSet: { l: 2 } })).toThrow(
      "$addToSet needs an array at 'l'",
    );
    expect(() => update({ _id: '1' }, { $addToSet: { l: { $each: [1], $slice: 1 } } })).toThrow(
      'accepts only $each',
    );
    expect(() => update({ _id: '1' }, { $push: { l: { $each: 1 } } })).toThrow('$push.$each');
    expect(() => update({ _id: '1' }, { $set: 5 as never })).toThrow('$set needs an object of fields');
  });

  test('an update may not change or remove _id', () => {
    expect(() => update({ _id: '1' }, { $set: { _id: '2' } })).toThrow('may not change _id');
    expect(() => update({ _id: '1' }, { $unset: { _id: '' } })).toThrow('may not change _id');
    expect(update({ _id: '1', a: 1 }, { $set: { _id: '1', a: 2 } })).toEqual({ _id: '1', a: 2 });
  });

  test('$addToSet and $pull compare embedded documents field by field, in order', () => {
    const doc = { _id: '1', l: [{ a: 1, b: 2 }] };
    expect(update(doc, { $addToSet: { l: { a: 1, b: 2 } } }).l).toHaveLength(1);
    expect(update(doc, { $addToSet: { l: { b: 2, a: 1 } } }).l).toHaveLength(2);
    expect(update({ _id: '1', l: [[1, 2], [2, 1], 1] }, { $pull: { l: [1, 2] } }).l).toEqual([[2, 1], 1]);
  });

  test('forms only mingo knows are applied by mingo, with $setOnInsert still honoured', () => {
    expect(update({ _id: '1', l: [3, 1] }, { $push: { l: { $each: [2], $sort: 1, $slice: 2 } } }).l).toEqual([
      1, 2,
    ]);
    expect(update({ _id: '1', l: [{ q: 0 }, { q: 5 }] }, { $pull: { l: { q: { $lt: 1 } } } }).l).toEqual([
      { q: 5 },
    ]);
    expect(update({ _id: '1', l: [{ q: 1 }, { q: 2 }] }, { $set: { 'l.$[].q': 0 } }).l).toEqual([
      { q: 0 },
      { q: 0 },
    ]);
    const inserted = update(
      { _id: '1' },
      { $mul: { n: 2 }, $setOnInsert: { at: 'now' } } as UpdateSpec,
      true,
    );
    expect(inserted).toEqual({ _id: '1', n: 0, at: 'now' });
    expect(isDeepFrozen(inserted)).toBe(true);
  });

  test('undefined operands are ignored and a field named __proto__ is a field', () => {
    expect(update({ _id: '1' }, { $set: { a: undefined, b: 1 } })).toEqual({ _id: '1', b: 1 });
    const result = update({ _id: '1' }, { $set: JSON.parse('{"__proto__": {"polluted": true}}') as never });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['_id', '__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  test('an unknown operator, a bare field or an empty update is refused', () => {
    expect(() => update({ _id: '1' }, { $setAll: {} } as never)).toThrow('unknown update operator $setAll');
    expect(() => update({ _id: '1' }, { a: 1 } as never)).toThrow(
      "the update has field 'a' outside an operator",
    );
    expect(() => update({ _id: '1' }, {})).toThrow('at least one operator');
    expect(() => update({ _id: '1' }, [] as never)).toThrow('an update is an object of operators');
  });
});
