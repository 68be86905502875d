import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTED = /^[A-Za-z0-9._:-]{1,100}$/;

/** The caller's X-Correlation-Id when it is well-formed, otherwise a new one: every log line and event carries it. */
export function correlationIdOf(req: IncomingMessage): string {
  const given = req.headers['x-correlation-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
