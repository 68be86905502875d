/**
 * Large files stream (issue 16): a generated 100,000-row file of each format is read, judged and checked
 * row by row without holding it; the count proves every row came through. No timing is asserted (the
 * machine is shared); the README gives the time and peak memory measured.
 */
import { join } from 'node:path';
import type { FileFormat } from '@cubre/schemas/groupInsurance/rows';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { createFileChecks, judgeRow, readRows } from '../../../src/groupInsurance/bulk';
import { context, writeLargeCsv, writeLargeXlsx } from './files';

const ROWS = 100_000;
const dir = tempDataDir('cubre-rows-large-');
afterAll(() => dir.remove());
jest.setTimeout(300_000);

it.each(['csv', 'xlsx'] as const)(
  '002-3.41 a 100,000-row %s file streams through readRows, judgeRow and the file checks, every row valid',
  async (format: FileFormat) => {
    const path = join(dir.path, `large.${format}`);
    await (format === 'csv' ? writeLargeCsv(path, ROWS) : writeLargeXlsx(path, ROWS));
    const checks = createFileChecks('activation');
    let rows = 0;
    let valid = 0;
    let lastRowNumber = 0;
    let problems = 0;
    for await (const raw of readRows(path, format, 'activation')) {
      rows++;
      lastRowNumber = raw.rowNumber;
      const judged = judgeRow(raw, 'activation', context);
      problems += judged.problems.length + checks.check(judged).length;
      if (judged.row !== null) valid++;
    }
    problems += checks.finish().length;
    expect({ rows, valid, problems, lastRowNumber }).toEqual({
      rows: ROWS,
      valid: ROWS,
      problems: 0,
      lastRowNumber: ROWS + 1,
    });
  },
);
