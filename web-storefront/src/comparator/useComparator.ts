import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { Comparator } from '../api/types';
import { serviceErrorText } from '../domain/shell/serviceErrors';
import { comparatorContentPath } from './prefetch';

export type ComparatorState =
  | { status: 'loading' }
  | { status: 'ready'; comparator: Comparator }
  | { status: 'missing' }
  | { status: 'failed'; error: string };

/** The comparator whose base URL is this route (000-7.29: fetched by base URL, only for its own route). */
export function useComparator(baseUrl: string): ComparatorState {
  const [state, setState] = useState<ComparatorState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api<{ data: Comparator }>(comparatorContentPath(baseUrl))
      .then((answer) => live && setState({ status: 'ready', comparator: answer.data }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' });
        // 001-8.12: 'Error al obtener los comparadores', with what the API said.
        else setState({ status: 'failed', error: serviceErrorText('comparators', error) });
      });
    return () => {
      live = false;
    };
  }, [baseUrl]);
  return state;
}
