import { useEffect, useState } from 'react';
import { api } from '../api/client';

export type Resource<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: string; retry(): void };

/** One GET of a detail tab, with the error state and retry of 000-4.12. */
export function useResource<T>(path: string | null): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState({ status: 'loading' });
    api<T>(path, { cache: attempt === 0 })
      .then((data) => live && setState({ status: 'ready', data }))
      .catch(
        (error: unknown) =>
          live &&
          setState({
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
            retry: () => setAttempt((n) => n + 1),
          }),
      );
    return () => {
      live = false;
    };
  }, [path, attempt]);
  return state;
}
