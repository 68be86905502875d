import { type Country } from '@cubre/schemas/catalogue/common';
import { CountryParam } from '@cubre/schemas/site';
import type { Request } from 'express';
import { HttpProblem } from '@cubre/platform/http/problem';
import { hostEdition } from './editions';

/**
 * The edition a request is for: the query's `country` when the route has one, else the `country` header the
 * storefront adds to non-GET calls (rule 001-7.15), else the edition of the host it came to (EDITION_HOSTS;
 * Chile, the main deployment, for any other host, rule 001-1.05).
 */
export function requestCountry(req: Request, fromQuery?: Country): Country {
  if (fromQuery) return fromQuery;
  const header = req.get('country');
  if (header === undefined || header.trim() === '') return hostEdition(req);
  const parsed = CountryParam.safeParse(header);
  if (parsed.success) return parsed.data;
  throw new HttpProblem(400, 'validation', 'Solicitud inválida', 'país desconocido', [
    { field: 'headers.country', rule: 'allowed_values', message: 'country es CL, PE, CO o INT (o 1 a 4)' },
  ]);
}
