import { CompareRequest, Country } from '@cubre/schemas';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { HttpProblem } from '@cubre/platform/http/problem';
import { safeError } from '@cubre/platform/http/errorHandler';
import { hostEdition } from '@cubre/platform/http/editions';
import { validated } from '@cubre/platform/http/validate';
import type { Comparator } from '../comparator/compare';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import { countryCodeOf } from '@cubre/schemas/countries';

/**
 * Country of the request: the header the storefront adds to non-GET calls (seed 001 §7), else the edition
 * of the host the request came to (EDITION_HOSTS; Chile for any other host).
 */
export function countryOf(req: Request): Country {
  const given = (req.get('country') ?? req.get('X-Country') ?? '').trim();
  if (!given) return hostEdition(req);
  const country = countryCodeOf(given);
  const parsed = Country.safeParse(country);
  if (!parsed.success) {
    throw new HttpProblem(400, 'validation', 'Solicitud inválida', 'país desconocido', [
      { field: 'country', rule: 'allowed_values', message: 'el país es CL, PE, CO o INT (1 a 4)' },
    ]);
  }
  return parsed.data;
}

/** Seed 000 §8 / 001 §8: the product list's failure (rule 000-8.06). */
export const PRODUCT_LIST_FAILED = 'Problema en endpoint para obtener lista de productos';

/**
 * The product list could not be read (the catalogue's read store failed, or building the page did): a 503
 * problem that still carries what the seed answers, empty `data` and its message, so a client reading
 * `data` shows no results and one reading the status shows the server-error panel (000-8.02).
 */
const productListFailed = () =>
  new HttpProblem(
    503,
    'product-list',
    'Servicio no disponible',
    PRODUCT_LIST_FAILED,
    [{ field: 'request', rule: 'product_list', message: PRODUCT_LIST_FAILED }],
    { 'Retry-After': '5' },
    { data: [], metaData: { total: 0 }, message: PRODUCT_LIST_FAILED },
  );

/** GET carries the same fields as query parameters: JSON values (profile, lists, flags) arrive as text. */
const QueryAsBody = z.record(z.string(), z.string()).transform((query) =>
  Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      if (value === 'true' || value === 'false') return [key, value === 'true'];
      if (key === 'profile' || value.startsWith('[') || value.startsWith('{')) {
        try {
          return [key, JSON.parse(value)];
        } catch {
          return [key, value];
        }
      }
      return [key, value];
    }),
  ),
);

export function compareRoutes(deps: {
  snapshots: CatalogueSnapshots;
  comparator: Comparator;
  /** The compare family's limit (platform/http/rateLimits.ts): past it the "Soy humano!" check, 000-8.03. */
  limited: RequestHandler;
  /** "Soy humano!": the visitor clicked; their allowance starts again. Itself limited, or a bot would click too. */
  humanCheck: RequestHandler;
  clock(): Date;
}): Router {
  const router = Router();

  /**
   * The answer, compressed as the client takes it from the comparator's own cache of compressed pages
   * (a browser always asks for br or gzip: compressing each answer again halved the rate, issue 12).
   */
  const answer = async (request: CompareRequest, req: Request, res: Response) => {
    const country = countryOf(req);
    const encoding = req.acceptsEncodings('br', 'gzip');
    let snapshot: Awaited<ReturnType<typeof deps.snapshots.get>>;
    try {
      snapshot = await deps.snapshots.get();
    } catch (error) {
      // Only the catalogue's read is "the product list could not be read": a fault in building the answer
      // is a bug, and stays a 500 (the error handler's), not a 503 inviting a retry.
      req.log.error({ err: safeError(error) }, 'product list failed');
      throw productListFailed();
    }
    const body =
      encoding === 'br' || encoding === 'gzip'
        ? deps.comparator.compareEncoded(request, snapshot, country, deps.clock(), encoding)
        : deps.comparator.compareJson(request, snapshot, country, deps.clock());
    // The answer is UTF-8 bytes: the charset is said here, as Express says it for a string.
    res.type('application/json; charset=utf-8').vary('Accept-Encoding');
    if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding);
    res.send(body);
  };

  router.post(
    '/api/insurance/compare/metadata',
    deps.limited,
    validated({ body: CompareRequest }, async ({ body }, req, res) => answer(body, req, res)),
  );

  router.get(
    '/api/insurance/compare/metadata',
    deps.limited,
    validated({ query: QueryAsBody.pipe(CompareRequest) }, async ({ query }, req, res) =>
      answer(query, req, res),
    ),
  );

  // The click of "Soy humano!": no input (the storefront sends {}), validated and published like every
  // route; the limiter's handler answers, or hands its refusal on.
  router.post(
    '/api/insurance/compare/human',
    validated({}, async (_input, req, res) => {
      await new Promise<void>((resolve, reject) => {
        res.once('finish', resolve);
        res.once('close', resolve);
        deps.humanCheck(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
      });
    }),
  );

  return router;
}
