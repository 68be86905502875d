/**
 * The XLSX reader's bound on what a file inflates to (a zip bomb: a few KB on disk, gigabytes once
 * inflated): refused as one file-level problem before exceljs holds the shared strings or spills the sheet.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { BulkFileError, readRows } from '../../../src/groupInsurance/bulk';
import { checkInflatedSize, INFLATED_LIMITS } from '../../../src/groupInsurance/bulk/inflatedBound';
import { activation, ACTIVATION_HEADER, collect } from './files';
import { sharedStringsBomb, sheetBomb } from './zipBomb';

const dir = tempDataDir('cubre-rows-bomb-');
afterAll(() => dir.remove());

const header = ACTIVATION_HEADER;
const row = activation('12.345.678-5').map((cell) => String(cell ?? ''));

async function fileError(read: Promise<unknown>): Promise<BulkFileError> {
  try {
    await read;
  } catch (error) {
    if (error instanceof BulkFileError) return error;
    throw error;
  }
  throw new Error('the file was read without a BulkFileError');
}

it('002-5.13 an XLSX whose shared strings inflate past 64 MB is refused as one file problem (inflatedSize) in Spanish, before any row', async () => {
  const bomb = await sharedStringsBomb(header, row, 65);
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const path = join(dir.path, 'bomb.xlsx');
  writeFileSync(path, bomb);
  const rows: unknown[] = [];
  const error = await fileError(
    (async () => {
      for await (const raw of readRows(path, 'xlsx', 'activation')) rows.push(raw);
    })(),
  );
  expect(rows).toEqual([]);
  expect(error.problems).toEqual([
    {
      rowNumber: 1,
      column: 'file',
      rule: 'inflatedSize',
      message:
        'El archivo Excel descomprimido supera 64 MB en su tabla de textos: divídalo en archivos más pequeños o guárdelo como CSV',
    },
  ]);
});

it('002-5.13 an XLSX whose entries together inflate past the total bound is refused; the same workbook without the padding is read', async () => {
  const limits = { totalBytes: 4 * 1024 * 1024, sharedStringsBytes: INFLATED_LIMITS.sharedStringsBytes };
  const bombPath = join(dir.path, 'sheet-bomb.xlsx');
  writeFileSync(bombPath, await sheetBomb(header, row, 5));
  const error = await fileError(checkInflatedSize(bombPath, limits));
  expect(error.problems[0]).toMatchObject({ column: 'file', rule: 'inflatedSize' });
  expect(error.message).toContain('supera 4 MB en total');

  const honestPath = join(dir.path, 'honest.xlsx');
  writeFileSync(honestPath, await sheetBomb(header, row, 0));
  await expect(checkInflatedSize(honestPath, limits)).resolves.toBeUndefined();
  const read = await collect(readRows(honestPath, 'xlsx', 'activation'));
  expect(read).toHaveLength(1);
  expect(read[0]!.cells.legalId).toBe('12.345.678-5');
});
