import { normalizedCell, rowDiffers, visibleRows } from '../../../src/domain/compare/differences';

describe('compare/differences: rows whose plans differ', () => {
  test('a row differs when two filled columns read differently', () => {
    expect(rowDiffers(['UF 40', 'UF 50', 'UF 40'])).toBe(true);
    expect(rowDiffers(['UF 40', 'UF 40', 'UF 40'])).toBe(false);
  });

  test('case and spacing do not make a difference', () => {
    expect(normalizedCell('  No   Cubre ')).toBe('no cubre');
    expect(rowDiffers(['No Cubre', 'no cubre'])).toBe(false);
  });

  test('empty columns (null) and columns still loading (undefined) take no part', () => {
    expect(rowDiffers(['UF 40', null, null])).toBe(false);
    expect(rowDiffers(['UF 40', 'UF 40', undefined])).toBe(false);
    expect(rowDiffers(['UF 40', undefined, 'UF 50'])).toBe(true);
    expect(rowDiffers([undefined, undefined, undefined])).toBe(false);
  });

  test('a value against nothing informed ("—") is a difference', () => {
    expect(rowDiffers(['UF 40', '—'])).toBe(true);
  });

  test('"Solo diferencias" keeps only the rows that differ, in order', () => {
    const rows = [
      { key: 'a', values: ['1', '2'] },
      { key: 'b', values: ['1', '1'] },
      { key: 'c', values: ['x', null, 'y'] },
    ];
    expect(visibleRows(rows, true).map((row) => row.key)).toEqual(['a', 'c']);
    expect(visibleRows(rows, false).map((row) => row.key)).toEqual(['a', 'b', 'c']);
  });
});
