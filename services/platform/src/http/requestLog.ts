import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Logger } from '../ports/logger';
import { correlationIdOf } from './correlation';

declare module 'express-serve-static-core' {
  interface Request {
    /** The correlation id: from X-Correlation-Id when well-formed, otherwise new. */
    id: string;
    /** A logger whose every line carries the correlation id. */
    log: Logger;
  }
}

/**
 * One log line per finished request, carrying its correlation id: errors at error, refusals at info,
 * successes at debug. Only method, path (never the query string: a `perfil` can carry personal data),
 * status and duration. The per-request child logger is made only when a handler asks for it, because
 * creating one per request costs more than the rest of a cheap request.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const id = correlationIdOf(req);
    const started = performance.now();
    req.id = id;
    res.setHeader('X-Correlation-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      get: () => (child ??= logger.child({ correlationId: id })),
      configurable: true,
    });
    res.on('finish', () => {
      const status = res.statusCode;
      const line = {
        correlationId: id,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      if (status >= 500) logger.error(line, 'request failed');
      else if (status >= 400) logger.info(line, 'request refused');
      else logger.debug(line, 'request');
    });
    next();
  };
}
