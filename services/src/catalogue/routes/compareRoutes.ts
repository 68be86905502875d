import { CompareRequest, Country } from '@cubre/schemas';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { HttpProblem } from '../../platform/http/problem';
import { hostEdition } from '../../site/editionHosts';
import { validated } from '../../platform/http/validate';
import type { Comparator } from '../comparator/compare';
import type { CatalogueSnapshots } from '../comparator/snapshot';
import type { RateLimiter } from './rateLimit';
import { countryCodeOf } from '@cubre/schemas/countries';

/** Seed 000 §8 / 001 §8, the bot check. */
export const ROBOT_TITLE = 'El sistema piensa que eres un robot...';
export const ROBOT_DETAIL =
  'Sabemos que eres humano, pero necesitamos que hagas clic en el botón y tengas un poco de paciencia.';
export const HUMAN_BUTTON = 'Soy humano!';
export const ROBOT_APOLOGY = '(disculpa las molestias)';

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

const robot = () =>
  new HttpProblem(
    401,
    'robot',
    ROBOT_TITLE,
    ROBOT_DETAIL,
    [{ field: 'request', rule: 'rate_limit', message: ROBOT_DETAIL }],
    {},
    { message: ROBOT_TITLE, button: HUMAN_BUTTON, apology: ROBOT_APOLOGY },
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
  limiter: RateLimiter;
  humanChecks: RateLimiter;
  clock(): Date;
}): Router {
  const router = Router();

  /**
   * The answer, compressed as the client takes it from the comparator's own cache of compressed pages
   * (a browser always asks for br or gzip: compressing each answer again halved the rate, issue 12).
   */
  const answer = async (request: CompareRequest, req: Request, res: Response) => {
    if (!deps.limiter.take(req.ip ?? 'unknown')) throw robot();
    const snapshot = await deps.snapshots.get();
    const country = countryOf(req);
    const encoding = req.acceptsEncodings('br', 'gzip');
    // The answer is UTF-8 bytes: the charset is said here, as Express says it for a string.
    res.type('application/json; charset=utf-8').vary('Accept-Encoding');
    if (encoding === 'br' || encoding === 'gzip') {
      res.setHeader('Content-Encoding', encoding);
      res.send(deps.comparator.compareEncoded(request, snapshot, country, deps.clock(), encoding));
      return;
    }
    res.send(deps.comparator.compareJson(request, snapshot, country, deps.clock()));
  };

  router.post(
    '/api/insurance/compare/metadata',
    validated({ body: CompareRequest }, async ({ body }, req, res) => answer(body, req, res)),
  );

  router.get(
    '/api/insurance/compare/metadata',
    validated({ query: QueryAsBody.pipe(CompareRequest) }, async ({ query }, req, res) =>
      answer(query, req, res),
    ),
  );

  /** "Soy humano!": the visitor clicked; their allowance starts again. Itself limited, or a bot would click too. */
  router.post(
    '/api/insurance/compare/human',
    validated({}, async (_input, req, res) => {
      const client = req.ip ?? 'unknown';
      if (!deps.humanChecks.take(client)) throw robot();
      deps.limiter.reset(client);
      res.json({ human: true, message: ROBOT_APOLOGY });
    }),
  );

  return router;
}
