import {
  PRERENDER_TIMEOUT_MS,
  prerenderSignal,
  type PrerenderTarget,
} from '../../../src/domain/shell/prerender';

describe('shell/prerender', () => {
  test('001-9.05 the prerender notification times out after 10000 ms', () => {
    expect(PRERENDER_TIMEOUT_MS).toBe(10000);
    const target: PrerenderTarget = {};
    const timers: { run: () => void; ms: number }[] = [];
    prerenderSignal(target, (run, ms) => timers.push({ run, ms }));
    // Not ready while the page's content is coming…
    expect(target.prerenderReady).toBe(false);
    expect(timers.map((timer) => timer.ms)).toEqual([10000]);
    // …and ready when the time is up, though nothing said so.
    timers[0]!.run();
    expect(target.prerenderReady).toBe(true);
  });

  test('001-9.05 a page that is complete before the timeout says so at once', () => {
    jest.useFakeTimers();
    try {
      const target: PrerenderTarget = {};
      const signal = prerenderSignal(target);
      jest.advanceTimersByTime(3000);
      expect(target.prerenderReady).toBe(false);
      signal.ready();
      expect(target.prerenderReady).toBe(true);
      jest.advanceTimersByTime(PRERENDER_TIMEOUT_MS);
      expect(target.prerenderReady).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
