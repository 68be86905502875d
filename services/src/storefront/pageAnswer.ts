import type { Country } from '@cubre/schemas';
import type { Logger } from '@cubre/platform/ports/logger';
import type { PageAnswer } from '@cubre/platform/http/builtApp';
import { hostEdition } from '@cubre/platform/http/editions';
import { EDITION_META, VERSION_CHECK_META } from './editionMeta';
import { splitLanguage } from './routing/language';
import { matchPage } from './routing/matchPage';
import { COMPARATOR_PAGES, comparatorOfPath } from './routing/pages';
import { redirectFor } from './routing/redirects';

/** Old addresses are permanent moves (seed 000 §2); a day's cache lets the table still change. */
const REDIRECT_CACHE = 'public, max-age=86400';

/** What index.html tells the storefront besides its edition. */
export interface PageSettings {
  /** The version check's reloads in a row when it is on (001-4.21, 001-4.22); absent: off. */
  versionCheck?: { reloads: number };
}

/**
 * index.html naming the edition (and the version check, when on): meta tags, not an inline script (the
 * Content-Security-Policy forbids those), read by the storefront before it starts. Built once per edition.
 */
export function editionPages(index: Buffer, settings: PageSettings = {}): (edition: Country) => Buffer {
  const pages = new Map<Country, Buffer>();
  const html = index.toString('utf8');
  const check = settings.versionCheck
    ? `\n    <meta name="${VERSION_CHECK_META}" content="${settings.versionCheck.reloads}" />`
    : '';
  return (edition) => {
    let page = pages.get(edition);
    if (!page) {
      const meta = `<meta name="${EDITION_META}" content="${edition}" />${check}`;
      const named = /<head[^>]*>/i.test(html)
        ? html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`)
        : `${meta}\n${html}`;
      page = Buffer.from(named, 'utf8');
      pages.set(edition, page);
    }
    return page;
  };
}

/** Whether the catalogue has a comparator at this base URL (as GET /api/comparator?baseUrl= finds it). */
export type ComparatorLookup = (baseUrl: string) => Promise<boolean>;

/**
 * The status of a page path in an edition: 404 when the router shows its 404 page there — no page of the
 * edition's table takes it, it is /not-found, or it is a comparator page whose comparator the catalogue
 * does not have (the page would find none and show the 404, 000-2.10) — else 200.
 */
export async function pageStatus(path: string, edition: Country, comparatorExists: ComparatorLookup) {
  const { page, params } = matchPage(path, edition);
  if (!page || page.id === 'notFound') return 404;
  if (!COMPARATOR_PAGES.has(page.id)) return 200;
  // The comparator the page asks for, worked out as the page does (routes.tsx, ComparatorPage).
  const pagePath = page.id === 'landing' ? `/${params.landing ?? ''}` : splitLanguage(path).path;
  const clean = pagePath.replace(/\/+$/, '');
  const baseUrl = comparatorOfPath(clean)?.baseUrl ?? clean.replace(/^\//, '');
  return (await comparatorExists(baseUrl)) ? 200 : 404;
}

/**
 * How the storefront answers a page path: an old address (the redirect table the router also follows)
 * with a 301 to its new one; any other with the app's index.html for the host's edition, its status 404
 * where the router would show the 404 page, so crawlers do not index soft 404s.
 */
export function storefrontPageAnswer(
  comparatorExists: ComparatorLookup,
  logger: Logger,
  settings: PageSettings = {},
): PageAnswer {
  let pageOf: ((edition: Country) => Buffer) | undefined;
  return async (req, res, index) => {
    const target = redirectFor(req.originalUrl);
    if (target !== null) {
      res.set('cache-control', REDIRECT_CACHE).redirect(301, target);
      return;
    }
    const edition = hostEdition(req);
    let status = 200;
    try {
      status = await pageStatus(req.path, edition, comparatorExists);
    } catch (error) {
      // The catalogue could not say: the page itself will ask again; never fail the page for it.
      logger.warn({ err: error, path: req.path }, 'storefront page status unknown');
    }
    pageOf ??= editionPages(index, settings);
    res.status(status).type('html').set('cache-control', 'no-cache').send(pageOf(edition));
  };
}
