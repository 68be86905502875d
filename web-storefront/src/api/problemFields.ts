import { ApiError } from './client';

/**
 * The messages a 400 problem gives for a form's own fields (`body.rut` → `rut`, `body.region.stateCode`
 * → `region`), or null when the error names none of them: the form then shows the error as a whole.
 * `words` says an issue in the page's language from its rule (the API's messages are Spanish).
 */
export function problemFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  words: (issue: { rule?: string; message: string }) => string = (issue) => issue.message,
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError) || !error.problem?.errors) return null;
  const byField: Partial<Record<F, string>> = {};
  for (const issue of error.problem.errors) {
    const field = issue.field.replace(/^body\./, '').split('.')[0] as F;
    if (fields.includes(field)) byField[field] = words(issue);
  }
  return Object.keys(byField).length > 0 ? byField : null;
}
