import { Router } from 'express';
import type { HttpModule } from '@cubre/platform/http/app';
import { builtAppDir, builtAppRouter } from '@cubre/platform/http/builtApp';

/** Where the console is mounted; its Vite build uses the same base, so every asset URL starts with it. */
export const ADMIN_CONSOLE_PATH = '/admin';

/** Where the built console is: ADMIN_CONSOLE_DIR, else admin-console/dist from the working directory up. */
export const adminConsoleDir = () => builtAppDir('ADMIN_CONSOLE_DIR', 'admin-console');

/**
 * Serves the react-admin back-office console at /admin (issue 5), the way the storefront is served at /:
 * every page path under /admin answers index.html, so the console's router (basename /admin) gets deep
 * links such as /admin/leads/{id}/show. Registered before the storefront, whose page fallback leaves
 * /admin alone.
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
    router.use(
      ADMIN_CONSOLE_PATH,
      builtAppRouter(dir, () => true),
    );
    return router;
  },
};
