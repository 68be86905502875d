import {
  codesFromSearch,
  codesSearch,
  comparePath,
  sameCodes,
} from '../../../src/domain/compare/compareLink';

describe('compare/compareLink: the table address carries its products', () => {
  test('000-2.15 codes go to the address in column order and come back the same, plan codes with spaces and slashes included', () => {
    const codes = ['DEMO-CL-DENT-06', '13-SF 1234/16', 'A+B#1'];
    const search = codesSearch(codes);
    expect(search).toBe('?codes=DEMO-CL-DENT-06,13-SF%201234%2F16,A%2BB%231');
    expect(codesFromSearch(search)).toEqual(codes);
    expect(comparePath(codes.slice(0, 1), '/en')).toBe('/en/Comparar-Planes?codes=DEMO-CL-DENT-06');
  });

  test('000-2.15 a table without products has the bare address', () => {
    expect(codesSearch([])).toBe('');
    expect(comparePath([])).toBe('/Comparar-Planes');
    expect(codesFromSearch('')).toEqual([]);
    expect(codesFromSearch('?other=1')).toEqual([]);
  });

  test('000-4.13 an address names at most three products, each once in any case', () => {
    expect(codesFromSearch('?codes=A,b,a,B,C,D')).toEqual(['A', 'b', 'C']);
    expect(codesFromSearch('?codes=A&codes=B,C')).toEqual(['A', 'B', 'C']);
  });

  test('malformed codes and blanks are dropped, the others kept', () => {
    expect(codesFromSearch('?codes=,A,%20,-bad,<script>,B%20')).toEqual(['A', 'B']);
    expect(codesFromSearch(`?codes=${'X'.repeat(81)},C`)).toEqual(['C']);
  });

  test('codes compare without case, in order', () => {
    expect(sameCodes(['a', 'B'], ['A', 'b'])).toBe(true);
    expect(sameCodes(['A', 'B'], ['B', 'A'])).toBe(false);
    expect(sameCodes(['A'], ['A', 'B'])).toBe(false);
  });
});
