import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import express, { Router } from 'express';
import type { HttpModule } from '../platform/http/app';

/** Where the console is mounted; its Vite build uses the same base, so every asset URL starts with it. */
export const ADMIN_CONSOLE_PATH = '/admin';

/** Hashed assets never change under their name; everything else may change with a deploy. */
const cacheControl = (path: string) =>
  path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300';

/** Every file below `dir`, as URL paths relative to the console ('/assets/index-….js'). */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}/${entry.name}`;
    return entry.isDirectory() ? listFiles(dir, path) : [path];
  });
}

/** Where the built console is: ADMIN_CONSOLE_DIR, else admin-console/dist from the working directory up. */
export function adminConsoleDir(): string | null {
  const configured = process.env.ADMIN_CONSOLE_DIR;
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : null;
  for (let dir = process.cwd(), depth = 0; depth < 4; dir = resolve(dir, '..'), depth++) {
    const candidate = join(dir, 'admin-console', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return null;
}

/**
 * Serves the react-admin back-office console at /admin (issue 5), the way the storefront is served at /:
 * hashed assets for a year with their build-time .gz, and index.html for every page path under /admin so
 * the console's router (BrowserRouter, basename /admin) gets deep links such as /admin/leads/{id}/show.
 * Registered before the storefront, whose page fallback leaves /admin alone.
 */
export const adminConsoleModule: HttpModule = {
  name: 'adminConsole',
  routes() {
    const router = Router();
    const dir = adminConsoleDir();
    if (!dir) {
      router.get(/^\/admin(\/.*)?$/, (_req, res) => {
        res
          .status(503)
          .type('text/plain')
          .send('La consola no está construida: npm run build --workspace admin-console');
      });
      return router;
    }
    const index = readFileSync(join(dir, 'index.html'));
    const gzipped = new Set(
      listFiles(dir)
        .filter((file) => file.endsWith('.gz'))
        .map((file) => file.slice(0, -3)),
    );
    const sub = Router();
    sub.use((req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (!gzipped.has(req.path) || !req.acceptsEncodings('gzip')) return next();
      res
        .set('content-encoding', 'gzip')
        .set('vary', 'accept-encoding')
        .set('cache-control', cacheControl(req.path));
      res.type(req.path.split('.').pop() ?? 'application/octet-stream');
      res.sendFile(join(dir, `${req.path}.gz`));
    });
    sub.use(
      express.static(dir, {
        index: false,
        setHeaders(res, path) {
          res.set('cache-control', cacheControl(`/${relative(dir, path).split(sep).join('/')}`));
        },
      }),
    );
    sub.get(/.*/, (req, res, next) => {
      // A missing asset must be a 404, not the page: a stale tab would run index.html as JavaScript.
      if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      res.type('html').set('cache-control', 'no-cache').send(index);
    });
    router.use(ADMIN_CONSOLE_PATH, sub);
    return router;
  },
};
