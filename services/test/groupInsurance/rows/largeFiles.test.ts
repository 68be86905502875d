/**
 * Large files stream (issue 16): a generated 20,000-row file of each format is read, judged and checked
 * row by row without holding it; the count proves every row came through. 20,000 rows are a 2.5 MB CSV
 * and a 1.4 MB XLSX: dozens of the readers' chunks, every path a row takes between them, at a fifth of
 * the 100,000 rows' minutes under a loaded `npm test` (no code path changes with the count). The 100,000
 * rows, their time and peak memory, are measured where time is the subject: `npm run bench -- bulk-load`
 * and services/src/groupInsurance/bulk/README.md. No timing is asserted here (the machine is shared).
 */
import { join } from 'node:path';
import type { FileFormat } from '@cubre/schemas/groupInsurance/rows';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { createFileChecks, judgeRow, readRows } from '../../../src/groupInsurance/bulk';
import { context, writeLargeCsv, writeLargeXlsx } from './files';

const ROWS = 20_000;
const dir = tempDataDir('cubre-rows-large-');
afterAll(() => dir.remove());
jest.setTimeout(120_000);

it.each(['csv', 'xlsx'] as const)(
  '002-3.41 a 20,000-row %s file streams through readRows, judgeRow and the file checks, every row valid',
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
