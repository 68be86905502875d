/**
 * One cell of a CSV file staff download (an export, a dry run's report), whatever its separator (`,` or
 * `;`): empty for null, quoted when it holds a separator, a quote or a line break, and prefixed with `'`
 * when it starts with = + - @ (or a tab or carriage return), so a spreadsheet never runs what a buyer or a
 * file wrote as a formula (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",;\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
