import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { INTERCEPTOR_QUERY } from '@cubre/schemas/interceptors';
import { z } from 'zod';
import { HttpProblem, invalidRequest } from './problem';
import { fieldErrorsOf } from './zodErrors';
import { zodErrorMapFor } from './zodLocale';

export interface RouteSchemas<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B;
  query?: Q;
  params?: P;
  /**
   * What a success answers (200), for the published document only: the server builds its answers itself
   * and its views return this schema's type, so the compiler, not a parse, keeps the two in step.
   */
  response?: z.ZodType;
}

/**
 * The schemas a `validated` handler parses with, kept on the handler itself so the OpenAPI document
 * (openApi.ts) is generated from the very schemas that judge the requests: there is no second copy.
 */
export const ROUTE_CONTRACT = Symbol.for('cubre.routeContract');

export interface RouteContract {
  /** Absent: the route takes no body (an empty object is tolerated, anything else is refused). */
  body?: z.ZodType;
  query: z.ZodType;
  params: z.ZodType;
  response?: z.ZodType;
}

/** The contract a route handler carries, if it was built by `validated`. */
export const contractOf = (handler: unknown): RouteContract | undefined =>
  typeof handler === 'function'
    ? (handler as { [ROUTE_CONTRACT]?: RouteContract })[ROUTE_CONTRACT]
    : undefined;

/**
 * Gives a handler that parses its own input (a react-admin list) the contract it enforces, so the
 * published document shows it too.
 */
export const withContract = <H extends RequestHandler>(handler: H, contract: RouteContract): H =>
  Object.assign(handler, { [ROUTE_CONTRACT]: contract });

export interface ValidInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

const noBody = z.undefined();
/**
 * The storefront's interceptors add forceRefresh=1 (internal traffic, 001-7.18) and isqps=true (partner
 * hosts, 001-7.17) to every GET: a route without query parameters accepts those two and nothing else.
 */
const noQuery = z.strictObject(INTERCEPTOR_QUERY);
const noParams = z.strictObject({});

/**
 * Wraps a route handler: body, query and params are parsed with their zod schemas (a route that declares no
 * schema accepts none: unknown query parameters are refused too), and every failure becomes one 400 problem
 * naming each field and rule.
 */
export function validated<
  B extends z.ZodType = typeof noBody,
  Q extends z.ZodType = typeof noQuery,
  P extends z.ZodType = typeof noParams,
>(
  schemas: RouteSchemas<B, Q, P>,
  handler: (
    input: ValidInput<z.output<B>, z.output<Q>, z.output<P>>,
    req: Request,
    res: Response,
  ) => Promise<void>,
): RequestHandler {
  const contract: RouteContract = {
    ...(schemas.body ? { body: schemas.body } : {}),
    query: schemas.query ?? noQuery,
    params: schemas.params ?? noParams,
    ...(schemas.response ? { response: schemas.response } : {}),
  };
  const handle = async (req: Request, res: Response, next: NextFunction) => {
    // express.json() leaves the body undefined when the request is not JSON: say so rather than "required".
    if (schemas.body && req.body === undefined && req.get('Content-Type') && !req.is('application/json')) {
      return next(
        new HttpProblem(
          415,
          'unsupported-media-type',
          'Tipo de contenido no soportado',
          'el cuerpo debe ser JSON',
          [{ field: 'Content-Type', rule: 'media_type', message: 'se espera application/json' }],
        ),
      );
    }
    const hasBody = req.body !== undefined;
    const parts = [
      ['body', schemas.body ?? (hasBody ? z.strictObject({}) : noBody), req.body],
      ['query', schemas.query ?? noQuery, req.query],
      ['params', schemas.params ?? noParams, req.params],
    ] as const;
    const errors = [];
    const parsed: Record<string, unknown> = {};
    // The request's language is negotiated only when a message is needed: parsing Accept-Language on
    // every valid request was 0.16 ms of a comparator-url POST's CPU under load (issue 12's profile).
    let messages: ReturnType<typeof zodErrorMapFor> | undefined;
    const error: ReturnType<typeof zodErrorMapFor> = (issue) => (messages ??= zodErrorMapFor(req))(issue);
    for (const [location, schema, value] of parts) {
      // reportInput: the rule "required" is told apart from "wrong type" by the input being undefined.
      const result = (schema as z.ZodType).safeParse(value, { reportInput: true, error });
      if (result.success) parsed[location] = result.data;
      else errors.push(...fieldErrorsOf(result.error, location));
    }
    if (errors.length > 0) return next(invalidRequest(errors));
    try {
      await handler(parsed as unknown as ValidInput<z.output<B>, z.output<Q>, z.output<P>>, req, res);
    } catch (error) {
      next(error);
    }
  };
  return withContract(handle, contract);
}
