import type { Browser, Page } from 'playwright-core';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import type { TestRuntime } from '../../../services/test/support/testRuntime';
import { DESKTOP, launchBrowser, newVisit, type Visit } from './browser';
import { startStorefront } from './server';

export interface StorefrontSession {
  /** The running product of this test file (set in beforeAll). */
  readonly runtime: TestRuntime;
  /** A fresh visitor (own storage) on a page of the given size; its problems are checked after the test. */
  visit(viewport?: { width: number; height: number }, baseUrl?: string): Promise<Page>;
  /**
   * Removes from a visit's problems those the test provokes on purpose (a mocked 500, a 401 of the bot
   * check) and returns them, so the test can assert they happened and every other problem still fails it.
   */
  expectedProblems(page: Page, pattern: RegExp): string[];
}

/**
 * One product and one browser per test file: started before its tests, stopped after them; after each
 * test every page it opened must have met no console error, page error or 5xx it did not expect.
 * `env` configures that product (lower limits for the human-check tests, say); `hooks` reach into it (the
 * app's clock, for a test where time passing is the subject).
 */
export function storefrontSession(
  env: Record<string, string> = {},
  hooks: RuntimeHooks = {},
): StorefrontSession {
  // A browser test walks a whole path: on two shared cores under `npm test` one can take several times
  // its time alone. A generous limit per test; the waits inside keep their own.
  jest.setTimeout(60_000);
  let runtime: TestRuntime | undefined;
  let browser: Browser | undefined;
  const visits: Visit[] = [];

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([startStorefront(env, hooks), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await runtime?.dispose();
  });
  afterEach(async () => {
    for (const visit of visits.splice(0)) {
      expect(visit.problems).toEqual([]);
      await visit.context.close();
    }
  });

  return {
    get runtime() {
      if (!runtime) throw new Error('the storefront has not started');
      return runtime;
    },
    async visit(viewport = DESKTOP, baseUrl?: string) {
      if (!runtime || !browser) throw new Error('the storefront has not started');
      const opened = await newVisit(browser, baseUrl ?? runtime.url, viewport);
      visits.push(opened);
      return opened.page;
    },
    expectedProblems(page, pattern) {
      const opened = visits.find((candidate) => candidate.page === page);
      if (!opened) throw new Error('not a visit of this test');
      const matching = opened.problems.filter((problem) => pattern.test(problem));
      opened.problems.splice(
        0,
        opened.problems.length,
        ...opened.problems.filter((problem) => !pattern.test(problem)),
      );
      return matching;
    },
  };
}
