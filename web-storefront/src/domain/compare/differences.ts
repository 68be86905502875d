/**
 * Which rows of Comparar-Planes differ (issue 11: differences highlighted, 'Solo diferencias'). A cell is
 * a text, `null` when its column holds no product (an empty slot), or `undefined` while its column's data
 * is still loading or failed: only the texts take part, so a row is judged on what the visitor can read.
 */

export type CellValue = string | null | undefined;

export interface ComparedRow {
  values: readonly CellValue[];
}

/** Case and spacing do not make two texts different: 'No cubre' reads as 'No Cubre'. */
export function normalizedCell(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
}

/** A row differs when at least two of its columns have a text and those texts are not all the same. */
export function rowDiffers(values: readonly CellValue[]): boolean {
  const texts = values.filter((value): value is string => typeof value === 'string').map(normalizedCell);
  return texts.length >= 2 && texts.some((text) => text !== texts[0]);
}

/** The rows to draw: all of them, or with 'Solo diferencias' only those that differ. */
export function visibleRows<R extends ComparedRow>(rows: readonly R[], onlyDifferences: boolean): R[] {
  return onlyDifferences ? rows.filter((row) => rowDiffers(row.values)) : [...rows];
}
