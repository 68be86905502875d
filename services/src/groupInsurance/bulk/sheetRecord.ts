/** One row of a sheet before its header is applied: its number as the user sees it and its cells as text. */
export type SheetRecord = { rowNumber: number; values: string[] };
