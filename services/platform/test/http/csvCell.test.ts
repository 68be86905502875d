import { csvCell } from '@cubre/platform/http/csvCell';

/** The cells of every CSV staff download (exports, dry-run reports): OWASP's CSV injection, and quoting. */
test('a cell that a spreadsheet would run as a formula is prefixed; separators, quotes and line breaks are quoted; null is empty', () => {
  expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  for (const start of ['+56 9 1234', '-1', '@SUM(A1)', '\tx'])
    expect(csvCell(start).replace(/^"/, '').startsWith(`'${start[0]}`)).toBe(true);
  expect(csvCell('Pérez; Soto')).toBe('"Pérez; Soto"');
  expect(csvCell('Soto, Ana')).toBe('"Soto, Ana"');
  expect(csvCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
  expect(csvCell(null)).toBe('');
  expect(csvCell(undefined)).toBe('');
  expect(csvCell(152722)).toBe('152722');
});
