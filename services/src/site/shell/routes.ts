import type { Country } from '@cubre/schemas';
import {
  BusinessLineHeaders,
  MenuQuery,
  RouteTranslatorParams,
  type MenuItem,
  type QpVersionResponse,
} from '@cubre/schemas/site';
import { Router, type Request } from 'express';
import type { CatalogueSnapshots } from '../../catalogue';
import { invalidRequest } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { fieldErrorsOf } from '@cubre/platform/http/zodErrors';
import type { SiteConfig } from '../config';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import { businessLineFor } from './businessLine';
import { contactInformationResponse } from './contactInformation';
import { buildMenu } from './menu';
import { normalizePath, translateRoute } from './routeTranslator';

/** The storefront caches GET answers for 5 minutes anyway (rule 001-7.20): say so to every cache. */
const FIVE_MINUTES = 'public, max-age=300';

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/**
 * The page a request came from, when it is a page of this site: only its path is kept (a Referer's query
 * can carry a perfil, which is personal data).
 */
function refererPath(req: Request, publicOrigins: string[]): string | undefined {
  const referer = req.get('Referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return [...publicOrigins, originOf(req)].includes(url.origin) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The shell's calls of seed 001 §7: menu, contact channels, route translation, version, business line. */
export function shellRoutes(deps: {
  snapshots: CatalogueSnapshots;
  site: SiteConfig;
  publicOrigins: string[];
}): Router {
  const router = Router();
  const contactInformation = contactInformationResponse(deps.site.contactInformation);

  // One menu per edition and catalogue version: rebuilding it is a scan of every card.
  let menus: { version: string; byCountry: Map<Country, MenuItem[]> } = { version: '', byCountry: new Map() };
  router.get(
    '/api/menu',
    validated({ query: MenuQuery }, async ({ query }, req, res) => {
      const country = requestCountry(req, query.country);
      const snapshot = await deps.snapshots.get();
      if (menus.version !== snapshot.version) menus = { version: snapshot.version, byCountry: new Map() };
      let menu = menus.byCountry.get(country);
      if (!menu) {
        menu = buildMenu(snapshot, country);
        menus.byCountry.set(country, menu);
      }
      res.setHeader('Cache-Control', FIVE_MINUTES);
      res.setHeader('Vary', 'country');
      res.json(menu);
    }),
  );

  router.get(
    '/api/contactInformations',
    validated({}, async (_input, _req, res) => {
      res.setHeader('Cache-Control', FIVE_MINUTES);
      res.json(contactInformation);
    }),
  );

  router.get(
    '/api/qp-version',
    validated({}, async (_input, _req, res) => {
      // The storefront compares it with its own to reload after a deploy: never a cached answer.
      res.setHeader('Cache-Control', 'no-store');
      const answer: QpVersionResponse = { 'qp-version': deps.site.version };
      res.json(answer);
    }),
  );

  router.get(
    '/api/business-line',
    validated({}, async (_input, req, res) => {
      const parsed = BusinessLineHeaders.safeParse(
        {
          'editable-business-line': req.get('editable-business-line'),
          'lead-type': req.get('lead-type'),
        },
        { reportInput: true },
      );
      if (!parsed.success) throw invalidRequest(fieldErrorsOf(parsed.error, 'headers'));
      const headers = parsed.data;
      res.setHeader('Vary', 'editable-business-line, lead-type, Referer');
      res.json(
        businessLineFor(
          headers['lead-type'] ?? 'Seguros',
          headers['editable-business-line'] ?? false,
          refererPath(req, deps.publicOrigins),
        ),
      );
    }),
  );

  // Mounted with `use`, so the rest of the path arrives still percent-encoded: a bad encoding is then a
  // 400 naming params.encodedUrl, instead of the router's own decoding failure.
  const translate = validated({ params: RouteTranslatorParams }, async ({ params }, _req, res) => {
    const path = normalizePath(params.encodedUrl);
    if (!path.ok) throw invalidRequest([{ field: 'params.encodedUrl', rule: 'path', message: path.message }]);
    res.setHeader('Cache-Control', FIVE_MINUTES);
    res.json(translateRoute(path.pathname, path.suffix));
  });
  router.use('/api/route-translator', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rest = req.path.replace(/^\//, '');
    req.params = { encodedUrl: rest };
    return translate(req, res, next);
  });

  return router;
}
