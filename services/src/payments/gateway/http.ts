import type { GatewayError, GatewayName } from './port';

/**
 * JSON over fetch for the REST adapters, with a deadline. A failure is typed: a refused connection happened
 * before anything was sent (`uncertain: false`); a timeout or a cut connection may have reached the provider
 * (`uncertain: true`: reconcile before charging again).
 */
export type JsonAnswer = { status: number; body: unknown };

export async function requestJson(
  gateway: GatewayName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<JsonAnswer | GatewayError> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return transportError(gateway, error);
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) {
    return {
      outcome: 'error',
      gateway,
      kind: 'provider_unavailable',
      uncertain: true,
      detail: `HTTP ${response.status}`,
    };
  }
  if (response.status === 401 || response.status === 403) {
    return {
      outcome: 'error',
      gateway,
      kind: 'unauthorized',
      uncertain: false,
      detail: `HTTP ${response.status}`,
    };
  }
  try {
    return { status: response.status, body: text === '' ? {} : JSON.parse(text) };
  } catch {
    return {
      outcome: 'error',
      gateway,
      kind: 'bad_response',
      uncertain: true,
      detail: `HTTP ${response.status}: not JSON`,
    };
  }
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Turns what fetch, axios or an SDK threw on the way into a typed error. */
export function transportError(gateway: GatewayName, error: unknown): GatewayError {
  const name = error instanceof Error ? error.name : '';
  if (
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    /timeout/i.test(String((error as Error)?.message))
  ) {
    return {
      outcome: 'error',
      gateway,
      kind: 'timeout',
      uncertain: true,
      detail: 'no answer before the deadline',
    };
  }
  const code = causeCode(error);
  return {
    outcome: 'error',
    gateway,
    kind: 'network',
    uncertain: !NOT_SENT.has(code),
    detail: code || (error instanceof Error ? error.message : String(error)),
  };
}

function causeCode(error: unknown): string {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('E')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}
