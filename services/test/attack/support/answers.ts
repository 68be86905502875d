import { encode, type AttackRequest, type DocumentedOperation } from './operations';

/** The fixed fast-check seed of an operation, from its method and path: a failure replays on the next run. */
export const seedOf = (seed: number, operation: DocumentedOperation) =>
  [...`${operation.method} ${operation.path}`].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, seed);

const queryOf = (request: AttackRequest) =>
  request.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');

export const describeRequest = (request: AttackRequest) =>
  `${request.method} ${request.path}${request.query.length ? `?${queryOf(request)}` : ''}` +
  (request.body === undefined
    ? ''
    : ` body(${request.body.length})=${request.body.slice(0, 200)}${request.body.length > 200 ? '…' : ''}`);

export type SentRequest = AttackRequest & { contentType?: string; headers?: Record<string, string> };

/**
 * Sends the request (with the administrator's token for admin operations) and judges the answer: a status
 * under 500; a redirect or no content without a body; a download as a file; anything else JSON, and every
 * error a problem+json whose status is the response's. `fault` says what is wrong, if anything.
 */
export async function faultOf(
  baseUrl: string,
  token: string,
  operation: DocumentedOperation,
  request: SentRequest,
  expectedStatus?: number,
): Promise<{ ok: boolean; fault?: string }> {
  const query = request.query.length ? `?${queryOf(request)}` : '';
  const response = await fetch(`${baseUrl}${request.path}${query}`, {
    method: request.method,
    redirect: 'manual',
    headers: {
      ...(request.body === undefined ? {} : { 'Content-Type': request.contentType ?? 'application/json' }),
      ...(operation.admin ? { Authorization: `Bearer ${token}` } : {}),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const text = await response.text();
  const ok = response.ok;
  const type = response.headers.get('content-type') ?? '';
  const said = `${describeRequest(request)} → ${response.status} ${type} ${text.slice(0, 300)}`;
  if (response.status >= 500) return { ok, fault: `5xx: ${said}` };
  if (expectedStatus !== undefined && response.status !== expectedStatus) {
    return { ok, fault: `expected ${expectedStatus}: ${said}` };
  }
  if ((response.status >= 300 && response.status < 400) || response.status === 204) return { ok };
  // A download (issue 16: a bulk-load template, report or file, the employees' CSV) is a file by design.
  if (ok && /^attachment/.test(response.headers.get('content-disposition') ?? '')) return { ok };
  if (!/^application\/(problem\+)?json/.test(type)) return { ok, fault: `not JSON: ${said}` };
  let body: { status?: unknown };
  try {
    body = JSON.parse(text) as { status?: unknown };
  } catch {
    return { ok, fault: `unparseable JSON: ${said}` };
  }
  if (
    response.status >= 400 &&
    (!type.startsWith('application/problem+json') || body.status !== response.status)
  ) {
    return { ok, fault: `error that is not a problem: ${said}` };
  }
  return { ok };
}
