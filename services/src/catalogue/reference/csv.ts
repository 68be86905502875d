import { ReferenceDataError } from './referenceDataError';

/** One data line of a CSV file: its line number (1-based, the header is line 1) and values by column. */
export type CsvRecord = { line: number; values: Record<string, string> };

/** Splits a line on `separator`, honouring double quotes (the UF file quotes sources that hold commas). */
export function splitCsvLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/**
 * Reads a CSV whose header must be exactly `header` (a renamed or moved column is refused rather than
 * read into the wrong field); blank lines are skipped, Windows line ends accepted.
 */
export function readCsv(
  text: string,
  file: string,
  separator: string,
  header: readonly string[],
): CsvRecord[] {
  const lines = text.split('\n').map((line) => line.replace(/\r$/, ''));
  const found = splitCsvLine(lines[0] ?? '', separator).map((name) => name.trim());
  if (found.join('|') !== header.join('|'))
    throw new ReferenceDataError(file, 1, `expected the header "${header.join(separator)}"`);
  const records: CsvRecord[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === '') return;
    const fields = splitCsvLine(line, separator);
    if (fields.length !== header.length)
      throw new ReferenceDataError(
        file,
        index + 1,
        `expected ${header.length} fields, found ${fields.length}`,
      );
    records.push({
      line: index + 1,
      values: Object.fromEntries(header.map((name, column) => [name, fields[column]!.trim()])),
    });
  });
  return records;
}
