/**
 * The coverage information a result card loaded (rule 000-4.10, seed 000 §4 "Card coverage load"). In
 * Chile a card shown again reuses what it loaded, unless the coverage-organization filter changed since:
 * then it loads again. The other editions keep nothing and load it each time a card is shown. Such a
 * deliberate load bypasses the API client's 5-minute response cache (seed 001 §7 interceptor 6), which
 * would otherwise answer the same URL with what it loaded before.
 */

/** The only edition that reuses loaded coverage information (000-4.10). */
export const COVERAGE_REUSE_COUNTRY = 'CL';

export interface CoverageCache<T> {
  /** What `code` loaded under this same coverage-organization filter; undefined: load it. */
  reuse(code: string, coverageFilter: string): T | undefined;
  /**
   * Whether a load must reach the server rather than any cached answer (the API client's own included):
   * outside Chile always; in Chile when the card's information was loaded under another filter.
   */
  mustReload(code: string, coverageFilter: string): boolean;
  /** Keeps what `code` loaded under `coverageFilter` (nothing is kept outside Chile). */
  keep(code: string, coverageFilter: string, information: T): void;
}

export function createCoverageCache<T>(country: string): CoverageCache<T> {
  const loaded = new Map<string, { coverageFilter: string; information: T }>();
  const reuses = country === COVERAGE_REUSE_COUNTRY;
  return {
    reuse(code, coverageFilter) {
      if (!reuses) return undefined;
      const entry = loaded.get(code);
      return entry && entry.coverageFilter === coverageFilter ? entry.information : undefined;
    },
    mustReload(code, coverageFilter) {
      if (!reuses) return true;
      const entry = loaded.get(code);
      return entry !== undefined && entry.coverageFilter !== coverageFilter;
    },
    keep(code, coverageFilter, information) {
      if (reuses) loaded.set(code, { coverageFilter, information });
    },
  };
}
