import { PROBLEM_CONTENT_TYPE, type FieldError, type Problem } from '@cubre/schemas/problem';
import type { Response } from 'express';

const PROBLEM_BASE = 'https://cubre.cl/problems/';

/**
 * An error that is an HTTP answer: thrown anywhere in a route, written as application/problem+json by the
 * error middleware. `type` is a short slug; the body carries the full URI.
 */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
    /** Extension members of RFC 9457 (a robot check's button text, say). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
  }

  /** Every problem names a field and a rule: the request as a whole when no single field is at fault. */
  toBody(instance?: string): Problem {
    return {
      type: `${PROBLEM_BASE}${this.slug}`,
      title: this.title,
      status: this.status,
      ...(this.detail ? { detail: this.detail } : {}),
      ...(instance ? { instance } : {}),
      errors: this.errors ?? [{ field: 'request', rule: this.slug, message: this.detail ?? this.title }],
      ...this.extensions,
    };
  }
}

export const invalidRequest = (errors: FieldError[], detail?: string) =>
  new HttpProblem(
    400,
    'validation',
    'Solicitud inválida',
    detail ?? errors.map((e) => `${e.field}: ${e.message}`).join('; '),
    errors,
  );

export const notFound = (detail: string) => new HttpProblem(404, 'not-found', 'No encontrado', detail);

export function sendProblem(res: Response, problem: HttpProblem, instance?: string): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problem.toBody(instance)));
}
