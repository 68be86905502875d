/**
 * The catalogue's own settings: the runtime reads them from the environment (COMPARATOR_CACHE_MB,
 * COMPARATOR_PAGE_CACHE_MB) and gives them to the catalogue's module when it builds it; the platform's
 * AppConfig does not carry them (issue 12).
 */
export interface CatalogueSettings {
  /** Budgets of the comparator's caches in bytes (routes/README.md, "Comparator memory and speed"). */
  comparatorCache?: { rankedBytes: number; pageBytes: number };
}
