import { SITE } from '../app/config';

/** A problem+json answer (ARCHITECTURE.md): the status, its title and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: {
      title?: string;
      detail?: string;
      errors?: { field: string; message: string }[];
    } | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
  }
}

const CACHE_MS = 5 * 60_000;
/** GET answers kept 5 minutes, keyed by URL (001-7.20). */
const cache = new Map<string, { date: number; value: unknown }>();
const pending = new Map<string, Promise<unknown>>();
const FORCE_REFRESH_KEY = 'forced-refresh';

/** forceRefresh=1 in the landing query (000-2.32) makes every GET of this visit skip caches. */
export function rememberForceRefresh(search: string): void {
  if (new URLSearchParams(search).get('forceRefresh') === '1') {
    try {
      sessionStorage.setItem(FORCE_REFRESH_KEY, '1');
    } catch {
      /* storage unavailable: this page still refreshes */
    }
  }
}
function forcedRefresh(): boolean {
  try {
    return sessionStorage.getItem(FORCE_REFRESH_KEY) === '1';
  } catch {
    return false;
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** GETs are cached unless this is false. */
  cache?: boolean;
}

/** Our API is always called by path; an absolute URL names another host (001-7.19). */
const EXTERNAL_URL = /^[a-z][a-z\d+.-]*:\/\//i;

export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  let url = path;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method === 'GET') {
    // Interceptor 001-7.18: a forced refresh asks the API for fresh data and bypasses our own cache.
    if (forcedRefresh()) url += `${url.includes('?') ? '&' : '?'}forceRefresh=1`;
    const hit = options.cache !== false && !forcedRefresh() ? cache.get(url) : undefined;
    if (hit && Date.now() - hit.date < CACHE_MS) return hit.value as T;
    // The same GET already on its way (the startup prefetch, two components): share its answer.
    const flying = options.cache !== false && !options.signal ? pending.get(url) : undefined;
    if (flying) return flying as Promise<T>;
    if (options.cache !== false && !options.signal) {
      const call = send<T>(url, method, headers, options);
      pending.set(url, call);
      return call.finally(() => pending.delete(url));
    }
  } else {
    // Interceptors 001-7.15 and 001-7.16: the edition and the build on every write to our API; an
    // absolute URL is another host's (external-URL mode, 001-7.19), which gets none of our headers.
    if (!EXTERNAL_URL.test(url)) {
      headers.country = SITE.country;
      headers['qp-version'] = SITE.version;
    }
    headers['content-type'] = 'application/json';
  }
  return send<T>(url, method, headers, options);
}

async function send<T>(
  url: string,
  method: string,
  headers: Record<string, string>,
  options: CallOptions,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) throw new ApiError(response.status, parsed as ApiError['problem']);
  if (method === 'GET' && options.cache !== false) cache.set(url, { date: Date.now(), value: parsed });
  return parsed as T;
}
