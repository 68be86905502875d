import { Router, type Request, type Response } from 'express';
import { catalogueSnapshotsFor } from '../catalogue';
import { catalogueIndex } from '../catalogue';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { builtAppDir, builtAppRouter } from '@cubre/platform/http/builtApp';
import { organizationMonogram } from './monogram';
import { storefrontPageAnswer } from './pageAnswer';

/** Paths the single-page app never answers: the API, the ops endpoints, the short links and the console. */
const NOT_THE_APP = /^\/(api|url|healthz|readyz|metrics|ops|admin)(\/|$)/;

/** Where the built storefront is: STOREFRONT_DIR, else web-storefront/dist from the working directory up. */
export const storefrontDir = () => builtAppDir('STOREFRONT_DIR', 'web-storefront');

/**
 * Serves the React storefront at / (issue 4): hashed assets for a year, their .gz written at build time
 * when the client takes gzip, and index.html for every other GET that asks for a page, so deep links
 * (/Comparar/Isapres, /en/…) reach the client router: named for the host's edition, 404 where the router
 * shows its 404 page, a 301 for an old address (./pageAnswer.ts, ./routing/). Organization monograms
 * live under /images/.
 */
export const storefrontModule: HttpModule = {
  name: 'storefront',
  routes(context: AppContext) {
    const router = Router();
    router.get('/images/organizations/:file', (req: Request, res: Response) => {
      const file = String(req.params.file);
      const match = /^([\w.-]{1,80})\.svg$/.exec(file);
      if (!match?.[1]) return res.status(404).end();
      res
        .type('image/svg+xml')
        .set('cache-control', 'public, max-age=86400')
        .send(organizationMonogram(match[1]));
    });
    // Browsers ask for /favicon.ico where a page names no icon (the console's login did): the site's own
    // icon, not a 404 in every visitor's console now that unknown paths answer 404.
    router.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
    const dir = storefrontDir();
    if (!dir) {
      router.get('/', (_req, res) => {
        res
          .status(503)
          .type('text/plain')
          .send('El storefront no está construido: npm run build --workspace web-storefront');
      });
      return router;
    }
    const snapshots = catalogueSnapshotsFor(context.readStore, context.clock);
    const comparatorExists = async (baseUrl: string) =>
      catalogueIndex(await snapshots.get()).comparatorByBaseUrl(baseUrl) !== undefined;
    router.use(
      builtAppRouter(
        dir,
        (path) => !NOT_THE_APP.test(path),
        storefrontPageAnswer(comparatorExists, context.logger.child({ module: 'storefront' }), {
          versionCheck: context.config.versionCheck,
        }),
      ),
    );
    return router;
  },
};
