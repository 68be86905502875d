import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../web-storefront/e2e/support/browser';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { percentile, round } from './stats';

/** Issue 4's budgets. */
export const INITIAL_JS_BUDGET_BYTES = 170 * 1024;
export const FIRST_CARDS_GOAL_MS = 1500;
/** Issue 11: cumulative layout shift of a comparator's load, under the usual 'good' limit. */
export const LAYOUT_SHIFT_GOAL = 0.1;

/**
 * Sums the page's layout shifts not caused by input (the cumulative layout shift of its load), from
 * before the first byte: Chromium's own layout-shift entries.
 */
const LAYOUT_SHIFT_SCRIPT = `window.__cubreShift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cubreShift += entry.value;
}).observe({ type: 'layout-shift', buffered: true });`;

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** The JavaScript the comparator route loads before anything else: index.html's script and its preloads. */
export function initialJavaScript(dist: string) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const gzip = files.reduce((sum, file) => sum + statSync(join(dist, `${file}.gz`)).size, 0);
  const raw = files.reduce((sum, file) => sum + statSync(join(dist, file)).size, 0);
  return { files: files.length, rawBytes: raw, gzipBytes: gzip, budgetBytes: INITIAL_JS_BUDGET_BYTES };
}

/**
 * Issue 4's storefront benchmark: the initial JavaScript of the comparator route (gzip, as served), and
 * the time from navigation to the first result cards in headless Chromium over loopback, on the full
 * catalogue, each visit a new browser context (empty cache). The baseline of the same run is the time to
 * the page's DOMContentLoaded: what the server and the bundle cost before the app asks for data.
 */
export async function benchStorefront(dir: string, root: string, visits = 20) {
  const dist = join(root, 'web-storefront', 'dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('web-storefront/dist missing: npm run build:storefront');
  const javascript = initialJavaScript(dist);

  const dataDir = join(dir, 'storefront');
  await new Promise<void>((resolve, reject) => {
    const importer = spawn(process.execPath, [join(__dirname, '..', 'catalogue-import.js'), '--demo'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    importer.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`catalogue import exited ${code}`)),
    );
  });
  const runtime = await startRuntime(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      COMPARE_RATE_LIMIT_PER_MINUTE: '0',
    }),
    pino({ level: 'silent' }),
  );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  const routes = ['/Comparar/Seguros-de-Salud', '/Comparar/Isapres'];
  const layoutShift: Record<string, { visits: number; p50: number; max: number }> = {};
  const samples: Record<
    string,
    { firstCardsMs: number[]; domContentLoadedMs: number[]; jsTransferredBytes: number[] }
  > = {};
  try {
    for (const route of routes) {
      const sample = {
        firstCardsMs: [] as number[],
        domContentLoadedMs: [] as number[],
        jsTransferredBytes: [] as number[],
      };
      samples[route] = sample;
      for (let visit = 0; visit <= visits; visit++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
        const page = await context.newPage();
        let jsBytes = 0;
        page.on('response', (response) => {
          if (response.url().endsWith('.js')) {
            const length = Number(response.headers()['content-length'] ?? 0);
            jsBytes += length;
          }
        });
        const started = Date.now();
        const loaded = page.waitForEvent('domcontentloaded').then(() => Date.now() - started);
        await page.goto(`${runtime.url}${route}`, { waitUntil: 'commit' });
        await page.getByTestId('result-card').first().waitFor({ timeout: 30_000 });
        const firstCards = Date.now() - started;
        // Visit 0 warms the server's comparison cache, as the first visitor after a start does for the rest.
        if (visit > 0) {
          sample.firstCardsMs.push(firstCards);
          sample.domContentLoadedMs.push(await loaded);
          sample.jsTransferredBytes.push(jsBytes);
        }
        await context.close();
      }
    }
    // Issue 11: the layout shift of each comparator's load, desktop and phone, once everything it loads
    // after the first cards (the filter panel, the card coverage) is in.
    for (const route of routes) {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const shifts: number[] = [];
        for (let visit = 0; visit < Math.max(5, Math.ceil(visits / 4)); visit++) {
          const context = await browser.newContext({
            viewport,
            isMobile: name === 'phone',
            hasTouch: name === 'phone',
          });
          await context.addInitScript(LAYOUT_SHIFT_SCRIPT);
          const page = await context.newPage();
          await page.goto(`${runtime.url}${route}`);
          await page.locator('[data-testid=results][data-complete=true]').waitFor({ timeout: 30_000 });
          if (name === 'desktop') await page.getByTestId('filters').waitFor({ timeout: 30_000 });
          await page.waitForLoadState('networkidle');
          shifts.push(await page.evaluate<number>('window.__cubreShift'));
          await context.close();
        }
        layoutShift[`${route} (${name})`] = {
          visits: shifts.length,
          p50: round(percentile(shifts, 50), 4),
          max: round(Math.max(...shifts), 4),
        };
      }
    }
  } finally {
    await browser.close();
    await runtime.stop();
  }
  const summary = Object.fromEntries(
    Object.entries(samples).map(([route, sample]) => {
      const p50 = percentile(sample.firstCardsMs, 50);
      const dcl = percentile(sample.domContentLoadedMs, 50);
      return [
        route,
        {
          visits,
          firstCardsMs: {
            p50,
            p95: percentile(sample.firstCardsMs, 95),
            max: Math.max(...sample.firstCardsMs),
          },
          domContentLoadedMs: { p50: dcl },
          firstCardsOverDomContentLoaded: round(p50 / Math.max(dcl, 1)),
          jsTransferredBytesBeforeCards: percentile(sample.jsTransferredBytes, 50),
        },
      ];
    }),
  );
  return { initialJavaScript: javascript, routes: summary, layoutShift };
}
