import { createCoverageCache } from '../../src/domain/results/coverageCache';

/**
 * Rule 000-4.10 (seed 000 §4 "Card coverage load"): the cache a result card's coverage summary
 * (src/comparator/CardCoverage.tsx) reads before it asks GET /api/insurance/coverages/{id}/resume,
 * built for the page's edition.
 */
const information = (code: string) => ({ productCode: code, count: 3 });

describe('000 §4 card coverage load', () => {
  test('000-4.10 Chile only: cached coverage information is reused unless the coverage-organization filter changed', () => {
    const chile = createCoverageCache<ReturnType<typeof information>>('CL');
    // Nothing loaded yet: the card loads it (a repeated GET of the session may answer it).
    expect(chile.reuse('R-COMP', '')).toBeUndefined();
    expect(chile.mustReload('R-COMP', '')).toBe(false);
    const loaded = information('R-COMP');
    chile.keep('R-COMP', '', loaded);
    // Shown again under the same filter: reused, the very answer loaded.
    expect(chile.reuse('R-COMP', '')).toBe(loaded);
    // Another card's information is its own.
    expect(chile.reuse('R-LE', '')).toBeUndefined();
    expect(chile.mustReload('R-COMP', '')).toBe(false);
    // The coverage-organization filter changed: loaded again, from the server.
    expect(chile.reuse('R-COMP', 'Clinica-Davila')).toBeUndefined();
    expect(chile.mustReload('R-COMP', 'Clinica-Davila')).toBe(true);
    const underFilter = information('R-COMP');
    chile.keep('R-COMP', 'Clinica-Davila', underFilter);
    expect(chile.reuse('R-COMP', 'Clinica-Davila')).toBe(underFilter);
    // The filter changed back: it changed since the last load, so it is loaded again too.
    expect(chile.reuse('R-COMP', '')).toBeUndefined();

    // The other editions reuse nothing: every showing of a card loads its coverage.
    for (const country of ['PE', 'CO', 'INT']) {
      const other = createCoverageCache<ReturnType<typeof information>>(country);
      other.keep('R-COMP', '', information('R-COMP'));
      expect([country, other.reuse('R-COMP', ''), other.mustReload('R-COMP', '')]).toEqual([
        country,
        undefined,
        true,
      ]);
    }
  });
});
