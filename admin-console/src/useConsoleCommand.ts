import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { CubreDataProvider } from './dataProvider';

export interface CommandNotice {
  message: string;
  type: 'success' | 'warning' | 'error' | 'info';
  messageArgs?: Record<string, unknown>;
}

/**
 * A console command (a lead's status, a refund, a forced charge, a reminder sent again) as a mutation: its
 * notice on success, the server's words on failure, and, whether it succeeds or not, every query of the
 * `affected` resources invalidated: after a success the server has already projected the change
 * (read-your-writes), after a 409 the console's copy was stale; either way the next render is current.
 */
export function useConsoleCommand<A, R = unknown>(
  run: (dataProvider: CubreDataProvider, args: A) => Promise<R>,
  success: string | ((result: R) => CommandNotice),
  affected: readonly string[],
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
      Promise.all(affected.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
  });
}
