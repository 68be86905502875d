import type { QpVersionResponse } from '@cubre/schemas/site';
import { VERSION_CHECK_META } from '@cubre/services/storefront/editionMeta';
import { sessionExpired, versionCheckReloads, versionVerdict } from '../domain/shell/freshness';
import { SITE } from './config';

/** The router's part this needs: its navigations. */
interface Navigations {
  subscribe(listener: (state: { navigation: { state: string } }) => void): () => void;
}

/**
 * Starts the session-age and version checks of the page (domain/shell/freshness.ts says the rules). The
 * version is asked once now and again whenever the tab comes back to the front; a failed call changes
 * nothing (the next one decides).
 */
export function keepFresh(router: Navigations, loadedAt = Date.now()): void {
  const reload = () => window.location.reload();
  const tooOld = () => sessionExpired(loadedAt, Date.now());
  // At the end of a navigation the address is the new page's: reloading loads it with today's code.
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && tooOld()) reload();
  });

  const reloads = versionCheckReloads(
    document.querySelector(`meta[name="${VERSION_CHECK_META}"]`)?.getAttribute('content'),
  );
  const checksVersion = import.meta.env.PROD && reloads !== null;
  const checkVersion = async () => {
    if (!checksVersion) return;
    try {
      // Never from a cache: the point is what the server runs now.
      const response = await fetch('/api/qp-version', {
        cache: 'no-store',
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return;
      // The answer's shape without zod: the check rides in the first bundle, which zod is kept out of.
      const served = ((await response.json()) as Partial<QpVersionResponse> | null)?.['qp-version'];
      if (typeof served !== 'string') return;
      if (versionVerdict(SITE.version, served, reloads, localStorage) === 'reload') reload();
    } catch {
      // Offline or the API down: the page goes on with what it has.
    }
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (tooOld()) reload();
    else void checkVersion();
  });
  void checkVersion();
}
