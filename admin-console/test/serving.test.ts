import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import type { AppContext } from '@cubre/platform/http/app';
import { adminConsoleModule } from '@cubre/services/adminConsole';
import { storefrontModule } from '@cubre/services/storefront';

/** The console served at /admin beside the storefront, as the runtime registers them (console first). */
describe('the app serves the console at /admin', () => {
  let root: string;
  let base: string;
  let close: () => Promise<void>;
  const saved = { console: process.env.ADMIN_CONSOLE_DIR, storefront: process.env.STOREFRONT_DIR };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cubre-console-'));
    const consoleDir = join(root, 'console');
    const storefrontDir = join(root, 'storefront');
    mkdirSync(join(consoleDir, 'assets'), { recursive: true });
    mkdirSync(storefrontDir, { recursive: true });
    writeFileSync(join(consoleDir, 'index.html'), '<title>consola</title>');
    writeFileSync(join(consoleDir, 'assets', 'index-abc.js'), 'console.log("consola")');
    writeFileSync(join(consoleDir, 'assets', 'index-abc.js.gz'), gzipSync('console.log("consola")'));
    writeFileSync(join(storefrontDir, 'index.html'), '<title>storefront</title>');
    process.env.ADMIN_CONSOLE_DIR = consoleDir;
    process.env.STOREFRONT_DIR = storefrontDir;
    const app = express();
    // The storefront looks comparators up in the catalogue (an empty one here) to answer 404s.
    const context = {
      readStore: createMemoryReadStore(),
      logger: pino({ level: 'silent' }),
      // The defaults: no version check (its meta tag is tested in services/test/storefront).
      config: {},
    } as unknown as AppContext;
    app.use(adminConsoleModule.routes(context));
    app.use(storefrontModule.routes(context));
    app.use((_req, res) => void res.status(404).send('not found'));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });

  afterAll(async () => {
    await close();
    rmSync(root, { recursive: true, force: true });
    process.env.ADMIN_CONSOLE_DIR = saved.console;
    process.env.STOREFRONT_DIR = saved.storefront;
    if (saved.console === undefined) delete process.env.ADMIN_CONSOLE_DIR;
    if (saved.storefront === undefined) delete process.env.STOREFRONT_DIR;
  });

  const page = (path: string) => fetch(`${base}${path}`, { headers: { accept: 'text/html' } });

  test('/admin and its deep links answer the console page, never cached', async () => {
    for (const path of ['/admin', '/admin/', '/admin/leads/0b7c/show', '/admin/change-password']) {
      const response = await page(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('consola');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  test('hashed assets are served for a year, gzipped when the client takes it', async () => {
    const response = await fetch(`${base}/admin/assets/index-abc.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe('console.log("consola")');
  });

  test('a missing console asset is a 404, not the page (a stale tab would run HTML as JavaScript)', async () => {
    const response = await page('/admin/assets/index-old.js');
    expect(response.status).toBe(404);
  });

  test("the storefront's page fallback leaves /admin alone and still answers its own pages", async () => {
    expect(await (await page('/Comparar/Isapres')).text()).toContain('storefront');
    const stray = await page('/administrador');
    expect(await stray.text()).toContain('storefront');
    // No storefront page has that address: its 404 page, with a real 404 (issue 11).
    expect(stray.status).toBe(404);
  });
});
