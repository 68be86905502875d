/**
 * The coverage information a result card loaded (rule 000-4.10, seed 000 §4 "Card coverage load"). In
 * Chile a card shown again reuses what it loaded, unless the coverage-organization filter changed since:
 * then it loads again. The other editions keep nothing here and load it each time a card is shown (the
 * API client's 5-minute response cache, seed 001 §7 interceptor 6, still answers a repeated GET).
 */

/** The only edition that reuses loaded coverage information (000-4.10). */
export const COVERAGE_REUSE_COUNTRY = 'CL';

export interface CoverageCache<T> {
  /** What `code` loaded under this same coverage-organization filter; undefined: load it. */
  reuse(code: string, coverageFilter: string): T | undefined;
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
    keep(code, coverageFilter, information) {
      if (reuses) loaded.set(code, { coverageFilter, information });
    },
  };
}
