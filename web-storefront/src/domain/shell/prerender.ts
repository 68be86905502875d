/**
 * The pre-rendering service's signal (rule 001-9.05): a page tells the service it is complete by setting
 * `prerenderReady`; if nothing does within 10 s the signal is given anyway, so a page whose data never
 * comes is still pre-rendered rather than held until the service gives up.
 */
export const PRERENDER_TIMEOUT_MS = 10_000;

export interface PrerenderTarget {
  prerenderReady?: boolean;
}

export interface PrerenderSignal {
  /** The page is complete; later calls do nothing. */
  ready(): void;
}

export function prerenderSignal(
  target: PrerenderTarget,
  schedule: (run: () => void, ms: number) => unknown = setTimeout,
  timeoutMs = PRERENDER_TIMEOUT_MS,
): PrerenderSignal {
  target.prerenderReady = false;
  const ready = () => {
    target.prerenderReady = true;
  };
  schedule(ready, timeoutMs);
  return { ready };
}
