/**
 * The console's HTTP rules, free of React and react-admin so they are unit-tested alone: which headers a
 * call carries and how an `application/problem+json` answer becomes what react-admin shows.
 */

// From the package's entry: the server's tests type-check this file as an ES module, where a subpath
// import needs an extension. A type import: nothing of the package reaches the bundle.
import type { FieldError, Problem } from '@cubre/schemas';

/** One broken rule as the API names it (schemas/src/problem.ts). */
export type FieldProblem = FieldError;

/**
 * The API's error body (RFC 9457 with the field errors as an extension member), read as it may arrive
 * from anything on the way (a proxy's page, a truncated body): every member may be missing.
 */
export type ProblemBody = Partial<Problem>;

/** The header that shows the server an unsafe call comes from the console that holds the session. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** The CSRF token an unsafe call (anything but GET, HEAD, OPTIONS) carries; reads carry none. */
export function csrfTokenFor(method: string | undefined, csrfToken: string | null): string | null {
  return ['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase()) ? null : csrfToken;
}

/** Translation key of the stale-revision message ('Otro usuario modificó este registro; recargue.'). */
export const CONFLICT_MESSAGE = 'cubre.error.conflict';

/**
 * `If-Match: "{revision}"` for a PUT whose JSON body names the revision it was read at, so the server
 * refuses a write over somebody else's (409) instead of losing it. Other methods and bodies: none.
 */
export function ifMatchOf(method: string | undefined, body: unknown): string | null {
  if ((method ?? 'GET').toUpperCase() !== 'PUT' || typeof body !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const revision = (parsed as { revision?: unknown }).revision;
  return typeof revision === 'number' && Number.isInteger(revision) && revision >= 0 ? `"${revision}"` : null;
}

/** An entity tag for a command that names the revision it was decided on (`"3"`), none without one. */
export const ifMatchOfRevision = (revision: number | null | undefined): string | null =>
  typeof revision === 'number' && Number.isInteger(revision) && revision >= 0 ? `"${revision}"` : null;

export function isProblemBody(body: unknown): body is ProblemBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

/** The rules a problem names (`INVALID_CREDENTIALS`, `PASSWORD_EXPIRED`, `FORBIDDEN`…). */
export const problemRules = (body: unknown): string[] =>
  isProblemBody(body) && Array.isArray(body.errors) ? body.errors.map((error) => error.rule) : [];

/** The one sentence a person reads: the first field message, else the detail, else the title. */
export function problemMessage(body: unknown, fallback: string): string {
  if (!isProblemBody(body)) return fallback;
  const first = Array.isArray(body.errors) ? body.errors.find((error) => error?.message) : undefined;
  return first?.message || body.detail || body.title || fallback;
}

/**
 * A stale write: the revision the console sent (If-Match or `revision`) is not the current one. Other 409s
 * (a repeated name, a record still in use) are refusals with their own words.
 */
export function isRevisionConflict(status: number, body: unknown): boolean {
  if (status !== 409) return false;
  if (!isProblemBody(body)) return true;
  const errors = Array.isArray(body.errors) ? body.errors : [];
  if (errors.some((error) => error?.field === 'If-Match' || error?.field === 'revision')) return true;
  if (errors.some((error) => error?.rule === 'current_revision')) return true;
  return typeof body.type === 'string' && /(^|\/)conflict$/.test(body.type);
}

/**
 * The field errors in react-admin's server-side validation shape: `{ field: message, root: { serverError } }`.
 * Only refusals of what was sent (400, 409 other than a stale revision, 422) name form fields; `body` and
 * request-level checks go to the form's root message. Null when there is nothing for a form to show.
 */
export function formErrorsOf(status: number, body: unknown): Record<string, unknown> | null {
  if (![400, 409, 422].includes(status) || isRevisionConflict(status, body)) return null;
  if (!isProblemBody(body) || !Array.isArray(body.errors) || body.errors.length === 0) return null;
  const errors: Record<string, unknown> = {};
  for (const error of body.errors) {
    if (!error?.field || NOT_FORM_FIELDS.has(error.field) || error.field.startsWith('filter.')) continue;
    const field = error.field.split('.')[0] ?? error.field;
    if (!(field in errors)) errors[field] = error.message;
  }
  errors.root = { serverError: problemMessage(body, 'ra.message.invalid_form') };
  return errors;
}

/** Problem fields that are no input of a form. */
const NOT_FORM_FIELDS = new Set(['body', 'request', 'If-Match', 'Idempotency-Key']);

/** What the console shows for a failed call: the conflict message for a stale write, the problem's words otherwise. */
export function errorMessageOf(status: number, body: unknown, fallback: string): string {
  return isRevisionConflict(status, body) ? CONFLICT_MESSAGE : problemMessage(body, fallback);
}

/** Seconds of a `Retry-After` header (a number of seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}
