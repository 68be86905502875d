import type { RequestHandler } from 'express';
import { invalidRequest } from './problem';

/** Deeper than any body the API defines (a profile is four levels deep); the walk stops at the first. */
export const MAX_BODY_DEPTH = 32;

/** The nesting depth of a parsed JSON value, counted without recursion and no further than `limit + 1`. */
export function depthOf(value: unknown, limit = MAX_BODY_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH with a 400 naming the rule (issue 13: bodies thousands of
 * levels deep were walked recursively by validation and by the idempotency check's JSON.stringify), on
 * every route, before any of them reads the body.
 */
export function bodyDepthLimit(limit = MAX_BODY_DEPTH): RequestHandler {
  return (req, _res, next) => {
    if (req.body !== undefined && depthOf(req.body, limit) > limit) {
      return next(
        invalidRequest([
          { field: 'body', rule: 'max_depth', message: `el cuerpo anida a lo más ${limit} niveles` },
        ]),
      );
    }
    next();
  };
}
