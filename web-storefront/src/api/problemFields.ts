import { ApiError } from './client';

/**
 * The messages a 400 problem gives for a form's own fields (`body.rut` → `rut`, `body.region.stateCode`
 * → `region`), or null when the error names none of them: the form then shows the error as a whole.
 */
export function problemFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> | null {
  if (!(error instanceof ApiError) || !error.problem?.errors) return null;
  const byField: Partial<Record<F, string>> = {};
  for (const issue of error.problem.errors) {
    const field = issue.field.replace(/^body\./, '').split('.')[0] as F;
    if (fields.includes(field)) byField[field] = issue.message;
  }
  return Object.keys(byField).length > 0 ? byField : null;
}
