import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import type { HttpModule } from '../platform/http/app';
import { organizationMonogram } from './monogram';

/** Hashed assets never change under their name; everything else may change with a deploy. */
const cacheControl = (path: string) =>
  path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300';

/** Every file below `dir`, as URL paths ('/assets/index-….js'). */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

/** Paths the single-page app never answers: the API, the ops endpoints, the short links and the console. */
const NOT_THE_APP = /^\/(api|url|healthz|readyz|metrics|ops|admin)(\/|$)/;

/** Where the built storefront is: STOREFRONT_DIR, else web-storefront/dist from the working directory up. */
export function storefrontDir(): string | null {
  const configured = process.env.STOREFRONT_DIR;
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : null;
  for (let dir = process.cwd(), depth = 0; depth < 4; dir = resolve(dir, '..'), depth++) {
    const candidate = join(dir, 'web-storefront', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

/**
 * Serves the React storefront at / (issue 4): hashed assets for a year, their .gz written at build time
 * when the client takes gzip, and index.html for every other GET that asks for a page, so deep links
 * (/Comparar/Isapres, /en/…) reach the client router. Organization monograms live under /images/.
 */
export const storefrontModule: HttpModule = {
  name: 'storefront',
  routes() {
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
    const index = readFileSync(join(dir, 'index.html'));
    // The build never changes while the app runs: which files have a .gz twin is known once, not per request.
    const gzipped = new Set(
      listFiles(dir)
        .filter((file) => file.endsWith('.gz'))
        .map((file) => file.slice(0, -3)),
    );
    router.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (!gzipped.has(req.path) || !req.acceptsEncodings('gzip')) return next();
      res
        .set('content-encoding', 'gzip')
        .set('vary', 'accept-encoding')
        .set('cache-control', cacheControl(req.path));
      res.type(req.path.split('.').pop() ?? 'application/octet-stream');
      res.sendFile(join(dir, `${req.path}.gz`));
    });
    router.use(
      express.static(dir, {
        index: false,
        setHeaders(res, path) {
          res.set('cache-control', cacheControl(`/${relative(dir, path).split(sep).join('/')}`));
        },
      }),
    );
    router.get(/.*/, (req, res, next) => {
      if (NOT_THE_APP.test(req.path) || !req.accepts('html')) return next();
      // A missing asset must be a 404, not the page: a stale tab would run index.html as JavaScript.
      if (req.path.startsWith('/assets/')) return next();
      res.type('html').set('cache-control', 'no-cache').send(index);
    });
    return router;
  },
};
