import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { CubreDataProvider } from '../dataProvider';

/** Resources a lead command may change: the leads themselves (lists, pages, counts, history) and the agenda. */
const AFFECTED = ['leads', 'agenda'];

export interface CommandNotice {
  message: string;
  type: 'success' | 'warning' | 'error' | 'info';
  messageArgs?: Record<string, unknown>;
}

/**
 * A lead command (status, assignment, note, event) as a mutation. Whether it succeeds or not, every query
 * of the leads and the agenda is invalidated: after a success the server has already projected the change
 * (read-your-writes), after a 409 the console's copy was stale; either way the next render is current.
 */
export function useLeadCommand<A, R = unknown>(
  run: (dataProvider: CubreDataProvider, args: A) => Promise<R>,
  success: string | ((result: R) => CommandNotice),
) {
  const dataProvider = useDataProvider<CubreDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (args: A) => run(dataProvider, args),
    onSuccess: (result: R) => {
      const notice =
        typeof success === 'string' ? { message: success, type: 'success' as const } : success(result);
      notify(notice.message, { type: notice.type, messageArgs: notice.messageArgs });
    },
    onError: (error: unknown) =>
      notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
    onSettled: () =>
      Promise.all(AFFECTED.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
  });
}
