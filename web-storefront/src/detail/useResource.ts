import { useEffect, useState } from 'react';
import { api, ApiError } from '../api/client';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: string; httpStatus?: number; retry(): void };

/** One GET of a detail tab, with the error state and retry of 000-4.12. */
export function useResource<T>(path: string | null): Resource<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  // A new path never shows the previous path's answer, not even for the render before the effect runs
  // (Comparar-Planes shifts its columns: one hook then reads another product).
  const [shown, setShown] = useState(path);
  if (shown !== path) {
    setShown(path);
    setAttempt(0);
    setState({ status: 'loading' });
  }
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
            httpStatus: error instanceof ApiError ? error.status : undefined,
            retry: () => setAttempt((n) => n + 1),
          }),
      );
    return () => {
      live = false;
    };
  }, [path, attempt]);
  return state;
}
