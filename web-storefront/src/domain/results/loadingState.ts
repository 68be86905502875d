/**
 * The result list's state (rules 000-4.19 to 000-4.23, 000-8.04, 000-9.01, 000-2.39) as a reducer
 * usable with React's useReducer, plus the small decisions around it (spinner message, scroll, pager).
 */

/** Page size (take) and first page (000-9.01). */
export const PAGE_SIZE = 20;
export const LANDING_PAGE_SIZE = 15;
export const FIRST_PAGE = 1;

/**
 * The spinner message changes every 3.5 s, cycling through 4 messages (000-4.19): their dictionary keys
 * (public/i18n), 'Buscando los mejores planes para ti…' first.
 */
export const SPINNER_INTERVAL_MS = 3500;
export const SPINNER_MESSAGES = Object.freeze([
  'comparator.spinner.searching',
  'comparator.spinner.comparing',
  'comparator.spinner.pricing',
  'comparator.spinner.almost',
] as const);

/** Filter errors are typed (000-8.04). */
export type FilterErrorType = 'SUCCESS' | 'ERROR' | 'WARNING';
export interface FilterError {
  type: FilterErrorType;
  message?: string;
}

export interface ResultsState<T> {
  data: T[];
  /** metaData.total of the last answer. */
  total: number;
  loaded: boolean;
  error: unknown;
  page: number;
  /** Paginated mode of the current load: pages replace each other instead of piling up. */
  paginated: boolean;
  /** Raised by any ERROR filter error (000-8.04). */
  globalError: boolean;
  /** Number of the last load; answers of older loads are ignored. */
  request: number;
}

export type ResultsAction<T> =
  | { type: 'load'; page: number; paginated: boolean }
  | { type: 'loaded'; items: readonly T[]; total: number; request?: number }
  | { type: 'failed'; error: unknown; request?: number }
  | { type: 'filterChanged' }
  | { type: 'clear' }
  | { type: 'filterErrors'; errors: readonly FilterError[] };

export function initialResultsState<T>(): ResultsState<T> {
  return {
    data: [],
    total: 0,
    loaded: false,
    error: null,
    page: FIRST_PAGE,
    paginated: true,
    globalError: false,
    request: 0,
  };
}

/**
 * The initial state as a constant, assignable to any ResultsState<T>. With useReducer name the item
 * type on the reducer: useReducer(resultsReducer<ResultCard>, initialResults).
 */
export const initialResults: ResultsState<never> = Object.freeze(
  initialResultsState<never>(),
) as ResultsState<never>;

export const load = <T>(page: number, paginated: boolean): ResultsAction<T> => ({
  type: 'load',
  page,
  paginated,
});
/** `request` is the state's `request` when the call was made; leave it out to accept the answer anyway. */
export const loaded = <T>(items: readonly T[], total: number, request?: number): ResultsAction<T> =>
  request === undefined ? { type: 'loaded', items, total } : { type: 'loaded', items, total, request };
export const failed = <T>(error: unknown, request?: number): ResultsAction<T> =>
  request === undefined ? { type: 'failed', error } : { type: 'failed', error, request };
export const filterChanged = <T>(): ResultsAction<T> => ({ type: 'filterChanged' });
export const clear = <T>(): ResultsAction<T> => ({ type: 'clear' });
export const filterErrors = <T>(errors: readonly FilterError[]): ResultsAction<T> => ({
  type: 'filterErrors',
  errors,
});

const isStale = <T>(state: ResultsState<T>, request: number | undefined) =>
  request !== undefined && request !== state.request;

export function resultsReducer<T>(state: ResultsState<T>, action: ResultsAction<T>): ResultsState<T> {
  switch (action.type) {
    case 'load': {
      const page = Number.isInteger(action.page) && action.page >= FIRST_PAGE ? action.page : FIRST_PAGE;
      // 000-4.20: page 1, or any page when paginated, starts from an empty list; a further page of the
      // 'more results' mode keeps what is shown and the placeholders go after it.
      const fresh = page === FIRST_PAGE || action.paginated;
      return {
        ...state,
        data: fresh ? [] : state.data,
        loaded: false,
        error: null,
        page,
        paginated: action.paginated,
        request: state.request + 1,
      };
    }
    case 'loaded': {
      if (isStale(state, action.request)) return state;
      const append = !state.paginated && state.page > FIRST_PAGE;
      return {
        ...state,
        data: append ? [...state.data, ...action.items] : [...action.items],
        total: action.total,
        loaded: true,
        error: null,
      };
    }
    case 'failed':
      if (isStale(state, action.request)) return state;
      return { ...state, loaded: true, error: action.error ?? 'error' };
    case 'filterChanged':
      // 000-4.21
      return { ...state, page: FIRST_PAGE };
    case 'clear':
      // 000-4.22
      return { ...state, data: [], total: 0, loaded: true, error: null };
    case 'filterErrors': {
      // 000-8.04: any ERROR empties the results and raises the global flag; others lower it.
      const globalError = action.errors.some((e) => e.type === 'ERROR');
      return globalError
        ? { ...state, data: [], total: 0, loaded: true, globalError }
        : { ...state, globalError };
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/** Skeleton cards to show after the data: one per page item while loading (000-4.19), none once loaded. */
export function placeholderCount<T>(state: ResultsState<T>, take: number): number {
  return state.loaded ? 0 : Math.max(0, take);
}

/** The spinner message after `elapsedMs` of loading, changing every 3.5 s (000-4.19). */
export function spinnerMessageAt(elapsedMs: number, messages: readonly string[] = SPINNER_MESSAGES): string {
  if (messages.length === 0) return '';
  const step = Number.isFinite(elapsedMs) && elapsedMs > 0 ? Math.floor(elapsedMs / SPINNER_INTERVAL_MS) : 0;
  return messages[step % messages.length] ?? '';
}

/** A page change scrolls to the top when paginated and not on a landing (000-4.23). */
export function shouldScrollToTop(options: { paginated: boolean; landing: boolean }): boolean {
  return options.paginated && !options.landing;
}

/** The pager shows only when the total exceeds the items per page (000-9.01). */
export function showPagination(total: number, take: number): boolean {
  return take > 0 && total > take;
}

export function pageCount(total: number, take: number): number {
  return take > 0 && total > 0 ? Math.ceil(total / take) : 0;
}

/** Without pagination, 'more results' shows while fewer items are shown than the total (000-2.39). */
export function hasMoreResults(shown: number, total: number): boolean {
  return shown < total;
}
