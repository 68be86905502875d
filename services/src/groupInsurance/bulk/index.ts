/**
 * Reading and judging an employee bulk-load file (issue 16, seed 002 §3 "Bulk-load rows"), pure of HTTP
 * and of the event store: the domain's bulk-load runner streams `readRows` → `judgeRow` → `createFileChecks`
 * and keeps the problems for `reportCsv`. See README.md for the rules and decisions.
 */
export type {
  ActivationRow,
  BulkKind,
  CancellationRow,
  FileFormat,
  JudgedRow,
  RawRow,
  RowContext,
  RowProblem,
} from '@cubre/schemas/groupInsurance/rows';
export { BulkFileError, formatOfFileName } from './format';
export { readRows } from './readRows';
export { type JudgedActivation, type JudgedCancellation, judgeRow } from './judgeRow';
export { createFileChecks, type FileCheckOptions, type FileChecks } from './fileChecks';
export { reportCsv, REPORT_HEADERS } from './report';
export { templateColumns, templateOf } from './template';
export { columnOfHeader, COLUMN_LABELS, REQUIRED_COLUMNS } from './columns';
