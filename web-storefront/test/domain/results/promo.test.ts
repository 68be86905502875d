import { PROMO_WORDING, isPromo, withPromo, type PromoContext } from '../../../src/domain/results/promo';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
const ok: PromoContext = { comparatorIsHealth: true, showcase: false, firstInsuredAge: 30, total: 7 };

describe('results/promo', () => {
  test('000-5.09 the promo goes at position 7 (index 6)', () => {
    const list = withPromo(items(7), ok);
    expect(list).toHaveLength(8);
    expect(isPromo(list[6])).toBe(true);
    expect(list.filter(isPromo)).toHaveLength(1);
    expect(list[5]).toEqual({ id: 'p5' });
    expect(list[7]).toEqual({ id: 'p6' });
  });

  test('000-5.07 promo block only with more than 6 results', () => {
    expect(withPromo(items(6), { ...ok, total: 6 }).some(isPromo)).toBe(false);
    expect(withPromo(items(20), { ...ok, total: 7 }).some(isPromo)).toBe(true);
  });

  test('000-5.08 promo only when the first insured is aged 30 or more', () => {
    expect(withPromo(items(10), { ...ok, firstInsuredAge: 29 }).some(isPromo)).toBe(false);
    expect(withPromo(items(10), { ...ok, firstInsuredAge: undefined }).some(isPromo)).toBe(false);
    expect(withPromo(items(10), { ...ok, firstInsuredAge: 30 }).some(isPromo)).toBe(true);
    expect(withPromo(items(10), { ...ok, firstInsuredAge: 64 }).some(isPromo)).toBe(true);
  });

  test('000-5.06 the promo is never inserted in showcase mode', () => {
    expect(withPromo(items(10), { ...ok, showcase: true }).some(isPromo)).toBe(false);
  });

  test('000-5.05 the promo is inserted only on the health-insurance comparator', () => {
    expect(withPromo(items(10), { ...ok, comparatorIsHealth: false }).some(isPromo)).toBe(false);
  });

  test('000-5.09 the promo shows once: not on later pages, not twice in an appended list', () => {
    expect(withPromo(items(10), { ...ok, page: 2 }).some(isPromo)).toBe(false);
    const once = withPromo(items(10), ok);
    expect(withPromo(once, ok).filter(isPromo)).toHaveLength(1);
  });

  test('000-5.09 the wording is fixed and links to the company comparator', () => {
    expect(PROMO_WORDING.link).toBe('/Comparar/Seguro-Complementario-Empresa');
    expect(Object.isFrozen(PROMO_WORDING)).toBe(true);
    expect(PROMO_WORDING.title.length).toBeGreaterThan(0);
  });
});
