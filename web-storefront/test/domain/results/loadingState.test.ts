import {
  LANDING_PAGE_SIZE,
  PAGE_SIZE,
  SPINNER_MESSAGES,
  clear,
  failed,
  filterChanged,
  filterErrors,
  hasMoreResults,
  initialResults,
  initialResultsState,
  load,
  loaded,
  placeholderCount,
  resultsReducer,
  shouldScrollToTop,
  showPagination,
  spinnerMessageAt,
  type ResultsAction,
  type ResultsState,
} from '../../../src/domain/results/loadingState';

type Item = { id: string };
const items = (...ids: string[]): Item[] => ids.map((id) => ({ id }));
const run = (actions: ResultsAction<Item>[], from: ResultsState<Item> = initialResultsState<Item>()) =>
  actions.reduce(resultsReducer<Item>, from);

describe('results/loadingState', () => {
  test('000-9.01 page size 20, landing page size 15', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(LANDING_PAGE_SIZE).toBe(15);
    expect(initialResults.page).toBe(1);
  });

  test('000-4.19 one placeholder per page item while loading, none once loaded', () => {
    const loading = run([load(1, true)]);
    expect(loading.loaded).toBe(false);
    expect(placeholderCount(loading, 20)).toBe(20);
    expect(placeholderCount(run([load(1, true), loaded(items('a'), 1)]), 20)).toBe(0);
  });

  test('000-4.19 the spinner message cycles through 4 messages every 3.5 s', () => {
    expect(SPINNER_MESSAGES).toHaveLength(4);
    expect(new Set(SPINNER_MESSAGES).size).toBe(4);
    expect(spinnerMessageAt(0)).toBe(SPINNER_MESSAGES[0]);
    expect(spinnerMessageAt(3499)).toBe(SPINNER_MESSAGES[0]);
    expect(spinnerMessageAt(3500)).toBe(SPINNER_MESSAGES[1]);
    expect(spinnerMessageAt(3 * 3500 + 1)).toBe(SPINNER_MESSAGES[3]);
    expect(spinnerMessageAt(4 * 3500)).toBe(SPINNER_MESSAGES[0]);
    expect(spinnerMessageAt(-50)).toBe(SPINNER_MESSAGES[0]);
    expect(spinnerMessageAt(100, [])).toBe('');
  });

  test('000-4.20 loading page 1 clears the previous data', () => {
    const state = run([load(1, false), loaded(items('a', 'b'), 40), load(1, false)]);
    expect(state.data).toEqual([]);
  });

  test('000-4.20 in paginated mode any page clears the previous data, and its answer replaces it', () => {
    const state = run([load(1, true), loaded(items('a', 'b'), 40), load(2, true)]);
    expect(state.data).toEqual([]);
    expect(run([loaded(items('c'), 40)], state).data).toEqual(items('c'));
  });

  test('000-4.20 without pagination a further page keeps the data and appends its answer', () => {
    const state = run([load(1, false), loaded(items('a', 'b'), 4), load(2, false)]);
    expect(state.data).toEqual(items('a', 'b'));
    expect(state.loaded).toBe(false);
    expect(run([loaded(items('c', 'd'), 4)], state).data).toEqual(items('a', 'b', 'c', 'd'));
  });

  test('000-4.20 the answer of an older load is ignored', () => {
    const first = run([load(1, true)]);
    const stale = first.request;
    const second = run([load(2, true)], first);
    const after = run([loaded(items('old'), 9, stale)], second);
    expect(after.data).toEqual([]);
    expect(after.loaded).toBe(false);
    expect(run([loaded(items('new'), 9, second.request)], second).data).toEqual(items('new'));
  });

  test('000-8.02 a failed call is loaded with its error, and the next load clears the error', () => {
    const state = run([load(1, true), failed('boom')]);
    expect(state).toMatchObject({ loaded: true, error: 'boom' });
    expect(run([load(1, true)], state).error).toBeNull();
  });

  test('000-4.21 a filter change resets the page to 1', () => {
    const state = run([load(3, true), loaded(items('a'), 100), filterChanged()]);
    expect(state.page).toBe(1);
  });

  test("000-4.22 the 'clear' action resets results to empty and loaded", () => {
    const state = run([load(1, true), loaded(items('a'), 10), clear()]);
    expect(state).toMatchObject({ data: [], total: 0, loaded: true, error: null });
  });

  test('000-8.04 any ERROR filter error empties the data and raises the global error flag', () => {
    const before = run([load(1, true), loaded(items('a'), 1)]);
    const warned = run([filterErrors([{ type: 'WARNING' }, { type: 'SUCCESS' }])], before);
    expect(warned.data).toEqual(items('a'));
    expect(warned.globalError).toBe(false);
    const errored = run([filterErrors([{ type: 'WARNING' }, { type: 'ERROR', message: 'x' }])], before);
    expect(errored.data).toEqual([]);
    expect(errored.globalError).toBe(true);
    expect(run([filterErrors([{ type: 'SUCCESS' }])], errored).globalError).toBe(false);
  });

  test('000-4.23 a page change scrolls to top only when paginated and not on a landing', () => {
    expect(shouldScrollToTop({ paginated: true, landing: false })).toBe(true);
    expect(shouldScrollToTop({ paginated: true, landing: true })).toBe(false);
    expect(shouldScrollToTop({ paginated: false, landing: false })).toBe(false);
  });

  test('000-9.01 pagination shows only when the total exceeds the items per page', () => {
    expect(showPagination(20, 20)).toBe(false);
    expect(showPagination(21, 20)).toBe(true);
    expect(showPagination(16, 15)).toBe(true);
    expect(showPagination(5, 0)).toBe(false);
  });

  test("000-2.39 'more results' shows while the shown items are fewer than the total", () => {
    expect(hasMoreResults(20, 45)).toBe(true);
    expect(hasMoreResults(45, 45)).toBe(false);
    expect(hasMoreResults(0, 0)).toBe(false);
  });
});
