import {
  SESSION_MAX_AGE_MS,
  VERSION_RELOADS_KEY,
  sessionExpired,
  versionCheckReloads,
  versionVerdict,
} from '../../../src/domain/shell/freshness';

/** Local storage as the page has it: strings by key. */
function storage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('shell/freshness', () => {
  test('001-4.20 a session older than 10 hours is expired; 10 hours exactly is not', () => {
    const loadedAt = Date.parse('2026-11-27T08:00:00Z');
    expect(SESSION_MAX_AGE_MS).toBe(36_000_000);
    expect(sessionExpired(loadedAt, loadedAt + 9 * 3_600_000)).toBe(false);
    expect(sessionExpired(loadedAt, loadedAt + 10 * 3_600_000)).toBe(false);
    expect(sessionExpired(loadedAt, loadedAt + 10 * 3_600_000 + 1)).toBe(true);
  });

  test('001-4.21 the check is off unless the page says how many reloads it allows', () => {
    expect(versionCheckReloads(null)).toBeNull();
    expect(versionCheckReloads(undefined)).toBeNull();
    expect(versionCheckReloads('0')).toBeNull();
    expect(versionCheckReloads('uno')).toBeNull();
    expect(versionCheckReloads('-1')).toBeNull();
    expect(versionCheckReloads('1')).toBe(1);
    expect(versionCheckReloads('3')).toBe(3);
  });

  test('001-4.22 a mismatch reloads at most the allowed times in a row, counted in local storage; a match clears the count', () => {
    const local = storage();
    const count = () => JSON.parse(local.items.get(VERSION_RELOADS_KEY) ?? 'null');
    expect(versionVerdict('0.1.0', '0.2.0', 1, local)).toBe('reload');
    expect(count()).toEqual({ version: '0.2.0', reloads: 1 });
    // The reloaded page still meets the old build (a cache): it stays rather than loop.
    expect(versionVerdict('0.1.0', '0.2.0', 1, local)).toBe('stay');
    expect(count()).toEqual({ version: '0.2.0', reloads: 1 });
    // Another deploy while this page still runs its old build: the count was the former version's.
    expect(versionVerdict('0.1.0', '0.3.0', 1, local)).toBe('reload');
    expect(count()).toEqual({ version: '0.3.0', reloads: 1 });
    // The build is current again: the count goes.
    expect(versionVerdict('0.3.0', '0.3.0', 1, local)).toBe('current');
    expect(local.items.has(VERSION_RELOADS_KEY)).toBe(false);

    const twice = storage();
    expect(versionVerdict('0.1.0', '0.2.0', 2, twice)).toBe('reload');
    expect(versionVerdict('0.1.0', '0.2.0', 2, twice)).toBe('reload');
    expect(versionVerdict('0.1.0', '0.2.0', 2, twice)).toBe('stay');
    // A count someone wrote by hand reads as none.
    for (const written of ['x', '1', '{"version":"0.2.0","reloads":-1}', '{"reloads":5}'])
      expect(versionVerdict('0.1.0', '0.2.0', 1, storage({ [VERSION_RELOADS_KEY]: written }))).toBe('reload');
  });
});
