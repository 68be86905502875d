import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * An async handler whose failures reach the error middleware: for routes that parse their own query
 * (ra-data-simple-rest lists) instead of going through `validated`.
 */
export const asyncRoute =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
