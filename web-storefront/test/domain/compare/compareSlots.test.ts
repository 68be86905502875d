import {
  add,
  emptySlots,
  isDisabled,
  isSelected,
  remove,
  removeById,
  selectedCount,
  slotsOf,
  toggle,
  type CompareSlots,
} from '../../../src/domain/compare/compareSlots';

type Plan = { id: string; name: string };
const plan = (id: string): Plan => ({ id, name: `Plan ${id}` });
const ids = (slots: CompareSlots<Plan>) => slots.map((slot) => slot?.id ?? null);
const full = () => add(add(add(emptySlots<Plan>(), plan('a')), plan('b')), plan('c'));

describe('compare/compareSlots', () => {
  test('000-4.13 checking adds a plan only while fewer than 3 are selected', () => {
    const three = full();
    expect(ids(three)).toEqual(['a', 'b', 'c']);
    expect(selectedCount(three)).toBe(3);
    const fourth = add(three, plan('d'));
    expect(ids(fourth)).toEqual(['a', 'b', 'c']);
    expect(isSelected(fourth, 'd')).toBe(false);
  });

  test('000-4.13 a plan already selected is not added twice', () => {
    const once = add(emptySlots<Plan>(), plan('a'));
    expect(ids(add(once, plan('a')))).toEqual(['a', null, null]);
  });

  test('000-4.14 with 3 selected every unselected checkbox is disabled, selected ones are not', () => {
    const three = full();
    expect(isDisabled(three, 'd')).toBe(true);
    expect(isDisabled(three, 'a')).toBe(false);
    const two = add(add(emptySlots<Plan>(), plan('a')), plan('b'));
    expect(isDisabled(two, 'd')).toBe(false);
  });

  test('000-4.15 unchecking removes that plan', () => {
    const three = full();
    expect(ids(toggle(three, plan('b')))).toEqual(['a', 'c', null]);
    expect(ids(toggle(emptySlots<Plan>(), plan('x')))).toEqual(['x', null, null]);
    expect(ids(removeById(three, 'zz'))).toEqual(['a', 'b', 'c']);
  });

  test('000-4.16 slots fill in order; removing one shifts the others left and leaves the empty slot last', () => {
    const three = full();
    expect(ids(remove(three, 0))).toEqual(['b', 'c', null]);
    expect(ids(remove(three, 1))).toEqual(['a', 'c', null]);
    expect(ids(remove(three, 2))).toEqual(['a', 'b', null]);
    expect(ids(add(remove(three, 0), plan('d')))).toEqual(['b', 'c', 'd']);
  });

  test('000-4.17 removing with an invalid slot index clears all slots', () => {
    for (const index of [-1, 3, 1.5, Number.NaN]) {
      expect(ids(remove(full(), index))).toEqual([null, null, null]);
    }
  });

  test('000-4.16 the reducer functions leave their input untouched', () => {
    const three = full();
    const before = ids(three);
    remove(three, 0);
    toggle(three, plan('a'));
    expect(ids(three)).toEqual(before);
  });

  test('000-4.13 000-4.16 a shared table fills the slots in its order, each plan once, three at most', () => {
    expect(ids(slotsOf([plan('b'), plan('a')]))).toEqual(['b', 'a', null]);
    expect(ids(slotsOf([plan('a'), plan('a'), plan('b'), plan('c'), plan('d')]))).toEqual(['a', 'b', 'c']);
    expect(ids(slotsOf<Plan>([]))).toEqual([null, null, null]);
  });
});
