import type { ErrorRequestHandler } from 'express';
import { CommandRejected } from '../core/decider';
import { EventIdReusedError, WrongExpectedRevisionError } from '../ports/eventStore';
import { HttpProblem, sendProblem } from './problem';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Turns anything a route threw into a problem; only the unforeseen is a 500, and it is logged. */
export function problemFor(error: unknown, bodyLimitBytes: number): HttpProblem | undefined {
  if (error instanceof HttpProblem) return error;
  if (error instanceof WrongExpectedRevisionError) {
    return new HttpProblem(
      409,
      'conflict',
      'Conflicto de versión',
      `el recurso cambió: se esperaba la versión ${String(error.expected)} y la actual es ${error.actual}`,
      [{ field: 'If-Match', rule: 'current_revision', message: `la versión actual es ${error.actual}` }],
      error.actual >= 0 ? { ETag: `"${error.actual}"` } : {},
    );
  }
  if (error instanceof EventIdReusedError) {
    return new HttpProblem(
      409,
      'idempotency-key-reused',
      'Clave de idempotencia reutilizada',
      error.message,
      [
        {
          field: 'Idempotency-Key',
          rule: 'unique_per_command',
          message: 'la clave ya se usó para otra operación',
        },
      ],
    );
  }
  if (error instanceof CommandRejected) {
    return new HttpProblem(error.status, error.rule, 'Operación rechazada', error.message, [
      { field: error.field ?? 'body', rule: error.rule, message: error.message },
    ]);
  }
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new HttpProblem(400, 'validation', 'Solicitud inválida', 'el cuerpo no es JSON válido', [
        { field: 'body', rule: 'json', message: 'el cuerpo no es JSON válido' },
      ]);
    case 'entity.too.large':
      return new HttpProblem(
        413,
        'payload-too-large',
        'Cuerpo demasiado grande',
        `el límite es ${bodyLimitBytes} bytes`,
        [{ field: 'body', rule: 'max_bytes', message: `el cuerpo admite a lo más ${bodyLimitBytes} bytes` }],
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new HttpProblem(
        415,
        'unsupported-media-type',
        'Tipo de contenido no soportado',
        parserError.message,
        [{ field: 'Content-Type', rule: 'charset', message: 'se espera JSON en UTF-8' }],
      );
  }
  const status = parserError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpProblem(status, 'bad-request', 'Solicitud inválida', parserError.message);
  }
  return undefined;
}

/**
 * What of an error may be logged: name, message and stack. Errors carry their inputs (Node's URL errors
 * keep the whole URL, and a comparator URL may hold a visitor's profile), and those must not reach the logs.
 */
export function safeError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, message: error.message, stack: error.stack };
}

export function errorHandler(bodyLimitBytes: number): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const problem = problemFor(error, bodyLimitBytes);
    if (problem) {
      if (!res.headersSent) sendProblem(res, problem, req.originalUrl.split('?')[0]);
      return;
    }
    // Name, message and stack only: errors carry their inputs (Node's URL errors keep the whole URL, and a
    // comparator URL may hold a visitor's profile), and those must not reach the logs.
    req.log.error({ err: safeError(error) }, 'unexpected error');
    if (res.headersSent) return res.end();
    sendProblem(
      res,
      new HttpProblem(500, 'internal', 'Error interno', 'ocurrió un error inesperado; intente más tarde'),
      req.originalUrl.split('?')[0],
    );
  };
}
