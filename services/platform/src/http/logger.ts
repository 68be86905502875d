import pino from 'pino';

/**
 * The process logger. Personal data (RUTs, e-mails, names, phones, card data, tokens) must never reach the
 * logs: request bodies and query strings are never logged, and these paths are censored wherever they occur.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.rut',
  '*.email',
  '*.telefono',
  '*.nombre',
  '*.card',
  '*.cardNumber',
  '*.token',
];

export function createLogger(options: { level?: string; name?: string } = {}) {
  return pino({
    name: options.name ?? 'cubre',
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { pid: process.pid },
  });
}

export type AppLogger = ReturnType<typeof createLogger>;
