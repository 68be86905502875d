import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium, never a downloaded browser (the machines reach no browser CDN). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every headless run uses here (tests and the storefront benchmark). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };
export const SCREENSHOTS = join(__dirname, '..', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests the page met: a test asserts there are none. */
  problems: string[];
}

/** A fresh visitor (own storage) on a page of the given size. */
export async function newVisit(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Visit> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'es-CL',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  // Every page runs under the site's Content-Security-Policy (issue 12): a violation is a problem the test
  // fails on, whether or not the browser also logs it.
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  return { context, page, problems };
}

/** Saves a screenshot for reviewers under web-storefront/e2e/screenshots/ (issue 4). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false, animations: 'disabled' });
}
