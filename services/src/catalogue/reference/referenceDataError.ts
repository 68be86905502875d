import type { z } from 'zod';

/** A reference file that cannot be used: names the file and, when known, the line (1-based). */
export class ReferenceDataError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(`${file}${line === null ? '' : ` line ${line}`}: ${detail}`);
    this.name = 'ReferenceDataError';
  }
}

/** "column: message" for each issue, so one error names every broken field of a row. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
