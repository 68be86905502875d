import { COUNTRIES } from '@cubre/schemas/site';
import type { Country } from '@cubre/schemas/catalogue/common';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { requestCountry } from './requestCountry';
import { contractOf, validated, withContract, type ValidInput } from './validate';

/**
 * A route whose body's rules depend on the edition (a RUT in Chile, a DNI in Peru: rule 001-7.15's
 * `country` header picks it): one validated handler per edition, the request's edition chooses.
 */
export function perEdition<S extends z.ZodType>(
  schemaFor: (country: Country) => S,
  handler: (
    input: ValidInput<z.output<S>, object, object>,
    req: Request,
    res: Response,
    country: Country,
  ) => Promise<void>,
): RequestHandler {
  const handlers = new Map(
    COUNTRIES.map(({ code }) => [
      code,
      validated({ body: schemaFor(code) }, (input, req, res) => handler(input, req, res, code)),
    ]),
  );
  const dispatch: RequestHandler = (req, res, next) => {
    let country: Country;
    try {
      country = requestCountry(req);
    } catch (error) {
      return next(error);
    }
    return handlers.get(country)!(req, res, next);
  };
  // The published contract shows each edition's body: any one of them, as the `country` header picks.
  const bodies = COUNTRIES.map(({ code }) => contractOf(handlers.get(code))!.body!);
  return withContract(dispatch, {
    ...contractOf(handlers.get('CL'))!,
    body: z.union(bodies as [z.ZodType, z.ZodType, ...z.ZodType[]]),
  });
}
