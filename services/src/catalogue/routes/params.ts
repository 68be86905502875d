import { CatalogueCode, Country, Slug } from '@cubre/schemas';
import type { Request } from 'express';
import { z } from 'zod';
import { HttpProblem } from '@cubre/platform/http/problem';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import { catalogueIndex, type CatalogueIndex } from '../views/catalogueIndex';
import { countryOf } from './compareRoutes';
import { INTERCEPTOR_QUERY } from '@cubre/schemas/interceptors';
import { countryCodeOf } from '@cubre/schemas/countries';

/**
 * Query parameters the storefront adds to every GET (seed 001 §7 interceptors): forceRefresh=1 for
 * internal traffic and isqps=true on partner hosts. Accepted and ignored: the catalogue snapshot is
 * always current, and partner hosts see the same catalogue. Anything else is refused by name.
 */
const CLIENT_QUERY = INTERCEPTOR_QUERY;
export const clientQuery = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...CLIENT_QUERY, ...shape });
export const NoQuery = clientQuery({});

/**
 * Edition of a GET: `?country=` (GET calls carry no country header, seed 001 §7), else the header, else the
 * host's edition.
 */
export const CountryQuery = clientQuery({
  country: z.string().trim().transform(countryCodeOf).pipe(Country).optional(),
});
export const editionOf = (query: { country?: Country }, req: Request): Country =>
  query.country ?? countryOf(req);

/** A product or isapre plan: its product code (or url segment). */
export const IdParams = z.strictObject({ id: CatalogueCode });
/** A comparator: its code. */
export const ComparatorIdParams = z.strictObject({ id: Slug });

export async function indexOf(snapshots: CatalogueSnapshots): Promise<CatalogueIndex> {
  return catalogueIndex(await snapshots.get());
}

/** A 404 problem naming the parameter that named nothing. */
export const unknown = (field: string, detail: string) =>
  new HttpProblem(404, 'not-found', 'No encontrado', detail, [{ field, rule: 'exists', message: detail }]);

/** A 400 problem for a value that is well formed but names nothing the request can use. */
export const unknownValue = (field: string, detail: string) =>
  new HttpProblem(400, 'validation', 'Solicitud inválida', detail, [
    { field, rule: 'exists', message: detail },
  ]);

export function cardOr404(index: CatalogueIndex, id: string, field = 'params.id'): CardDocument {
  const card = index.card(id);
  if (!card) throw unknown(field, `no hay un seguro ni un plan con el código o la url ${id}`);
  return card;
}
