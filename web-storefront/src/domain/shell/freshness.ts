/**
 * Keeping an open storefront fresh (seed 001 §4 "Session age" and "Version check", 002 §9). PURE: the
 * browser wiring is app/freshness.ts; this file decides.
 *
 * - Session age (001-4.20): a page loaded more than 10 hours ago reloads at its next navigation or when its
 *   tab comes back to the front, so a tab left open overnight does not run yesterday's code and prices.
 * - Version check (001-4.21, 001-4.22): off unless the server turns it on (a meta tag in index.html), and
 *   only in a production build. The server's version (GET /api/qp-version) is compared with the one this
 *   build embeds; on a mismatch the page reloads, at most `reloads` times in a row (1 by default), the count
 *   kept in local storage so a cache still serving the old build cannot make it loop. A match clears it.
 */

/** 001-4.20, 001 §9: a session older than this forces a reload. */
export const SESSION_MAX_AGE_MS = 10 * 60 * 60 * 1000;
/** 002 §9: the version check's reloads in a row, by default. */
export const DEFAULT_VERSION_RELOADS = 1;
/** Local storage key of the reloads made in a row for a version mismatch (001-4.22). */
export const VERSION_RELOADS_KEY = 'versionReloads';

export const sessionExpired = (loadedAt: number, now: number): boolean => now - loadedAt > SESSION_MAX_AGE_MS;

/** The reloads the page's meta tag allows in a row, or null when the check is off (absent or malformed). */
export function versionCheckReloads(content: string | null | undefined): number | null {
  if (content === null || content === undefined || !/^\d{1,2}$/.test(content)) return null;
  const reloads = Number(content);
  return reloads >= 1 ? reloads : null;
}

type Counter = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the count holds: the served version that caused the reloads, and how many were made for it. */
interface ReloadCount {
  version: string;
  reloads: number;
}

function countOf(storage: Counter): ReloadCount | null {
  try {
    const stored = JSON.parse(storage.getItem(VERSION_RELOADS_KEY) ?? 'null') as Partial<ReloadCount> | null;
    return typeof stored?.version === 'string' && Number.isInteger(stored.reloads) && stored.reloads! >= 0
      ? { version: stored.version, reloads: stored.reloads! }
      : null;
  } catch {
    return null;
  }
}

/**
 * What the check does once the server answered its version: 'current' (and the count cleared), 'reload'
 * (the count raised), or 'stay' when a mismatch with this same served version already made the allowed
 * reloads in a row. The count belongs to the served version: a later deploy may reload again.
 */
export function versionVerdict(
  embedded: string,
  served: string,
  reloads: number,
  storage: Counter,
): 'current' | 'reload' | 'stay' {
  if (served === embedded) {
    storage.removeItem(VERSION_RELOADS_KEY);
    return 'current';
  }
  const count = countOf(storage);
  const made = count?.version === served ? count.reloads : 0;
  if (made >= reloads) return 'stay';
  storage.setItem(VERSION_RELOADS_KEY, JSON.stringify({ version: served, reloads: made + 1 }));
  return 'reload';
}
