import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';

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

/**
 * Where a Vite build is: the directory `variable` names (when it holds an index.html), else
 * `{workspace}/dist` from the working directory up.
 */
export function builtAppDir(variable: string, workspace: string): string | null {
  const configured = process.env[variable];
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : null;
  for (let dir = process.cwd(), depth = 0; depth < 4; dir = resolve(dir, '..'), depth++) {
    const candidate = join(dir, workspace, 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

/** How a page path is answered: by default index.html as built, 200. */
export type PageAnswer = (req: Request, res: Response, index: Buffer, next: NextFunction) => unknown;

const sendIndex: PageAnswer = (_req, res, index) =>
  res.type('html').set('cache-control', 'no-cache').send(index);

/** index.html is the pages' answer only (a server may change it per request), never a static file. */
const INDEX_FILE = /^\/index\.html(\.gz)?$/;

/**
 * Serves a single-page app's Vite build (the storefront at /, the console at /admin): hashed assets for a
 * year with their build-time .gz when the client takes gzip (the list of .gz twins read once: the build
 * never changes while the app runs), other files for five minutes, and index.html for every page path so
 * deep links reach the client router (`answer` may change it and its status). `isPage` says which paths
 * are pages; a missing asset is a 404, never the page, or a stale tab would run index.html as JavaScript.
 */
export function builtAppRouter(
  dir: string,
  isPage: (path: string) => boolean,
  answer: PageAnswer = sendIndex,
): Router {
  const router = Router();
  const index = readFileSync(join(dir, 'index.html'));
  const gzipped = new Set(
    listFiles(dir)
      .filter((file) => file.endsWith('.gz') && !INDEX_FILE.test(file))
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
  const files = express.static(dir, {
    index: false,
    setHeaders(res, path) {
      res.set('cache-control', cacheControl(`/${relative(dir, path).split(sep).join('/')}`));
    },
  });
  router.use((req, res, next) => (INDEX_FILE.test(req.path) ? next() : files(req, res, next)));
  router.get(/.*/, (req, res, next) => {
    if (!isPage(req.path) || !req.accepts('html') || req.path.startsWith('/assets/')) return next();
    return answer(req, res, index, next);
  });
  return router;
}
