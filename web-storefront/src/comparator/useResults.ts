import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { CompareAnswer, Comparator, ResultCard } from '../api/types';
import type { ComparatorFilters } from '../domain/results/filters';
import { comparisonBody, takePrefetchedComparison } from './prefetch';
import {
  initialResultsState,
  resultsReducer,
  type ResultsAction,
  type ResultsState,
} from '../domain/results/loadingState';
import type { ApiProfile } from '../profile/ProfileContext';

export interface ResultsQuery {
  comparator: Comparator;
  filters: ComparatorFilters;
  profile: ApiProfile | null;
  paginated: boolean;
  /** Changes whenever a profile is submitted, even an equal one: the visitor asked for fresh prices. */
  profileVersion: number;
}

/**
 * The comparison call (000-7.02) and the results state of 000 §4: placeholders per page item, page 1 or
 * paginated loads replace the list, 'more results' appends, a 401 asks for the human click (000-8.03).
 */
export function useResults(query: ResultsQuery | null) {
  const [state, dispatch] = useReducer<ResultsState<ResultCard>, [ResultsAction<ResultCard>]>(
    resultsReducer,
    initialResultsState<ResultCard>(),
  );
  const [robot, setRobot] = useState(false);
  const [profileErrors, setProfileErrors] = useState<{ field: string; message: string }[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [extraPage, setExtraPage] = useState<number | null>(null);
  const uuid = useRef<string | undefined>(undefined);

  const key = query
    ? JSON.stringify([query.comparator.code, query.filters, query.profile, query.profileVersion])
    : null;
  // A new query starts over at its own page; 'more results' then asks for the following ones.
  useEffect(() => setExtraPage(null), [key]);

  const page = extraPage ?? query?.filters.page ?? 1;
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setRobot(false);
    dispatch({ type: 'load', page, paginated: query.paginated });
    const body = comparisonBody(query.comparator, { ...query.filters, page }, query.profile, uuid.current);
    const prefetched = takePrefetchedComparison(body);
    (
      prefetched ??
      api<CompareAnswer>('/api/insurance/compare/metadata', {
        method: 'POST',
        body,
        signal: controller.signal,
      })
    )
      .then((answer) => {
        uuid.current = answer.metaData.uuid;
        setProfileErrors(answer.metaData.profileErrors ?? []);
        dispatch({ type: 'loaded', items: answer.data, total: answer.metaData.total });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          setRobot(true);
          dispatch({ type: 'clear' });
          return;
        }
        dispatch({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [key, page, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const more = useCallback(() => setExtraPage(page + 1), [page]);
  return { state, robot, profileErrors, retry, more, page };
}
