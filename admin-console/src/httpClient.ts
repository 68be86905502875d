import { fetchUtils, HttpError } from 'react-admin';
import { CSRF_HEADER, csrfTokenFor, errorMessageOf, formErrorsOf, ifMatchOf } from './httpLogic';
import { consoleSession } from './session';

export type HttpOptions = fetchUtils.Options;
export type HttpResult = Awaited<ReturnType<typeof fetchUtils.fetchJson>>;

/**
 * Every call of the console goes through here: the session cookie (the browser sends it; no script reads
 * it) with the session's CSRF token on unsafe methods, `If-Match` on a PUT whose body
 * carries `revision`, and a problem answer turned into an HttpError react-admin shows (its message) and
 * maps onto form fields (`body.errors` in react-admin's server-validation shape). The problem itself stays
 * in `body.problem` for whoever needs its rules.
 */
export async function httpClient(url: string, options: HttpOptions = {}): Promise<HttpResult> {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const csrfToken = csrfTokenFor(options.method, consoleSession.get(new Date())?.csrfToken ?? null);
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
  const ifMatch = ifMatchOf(options.method, options.body);
  if (ifMatch && !headers.has('If-Match')) headers.set('If-Match', ifMatch);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (!(error instanceof HttpError)) {
      throw new HttpError('ra.notification.http_error', 0, { problem: null });
    }
    const problem = error.body as unknown;
    const errors = formErrorsOf(error.status, problem);
    throw new HttpError(errorMessageOf(error.status, problem, error.message), error.status, {
      problem,
      ...(errors ? { errors } : {}),
    });
  }
}
