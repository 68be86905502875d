import { useConsoleCommand, type CommandNotice } from '../useConsoleCommand';
import type { CubreDataProvider } from '../dataProvider';

export type { CommandNotice } from '../useConsoleCommand';

/** Resources a lead command may change: the leads themselves (lists, pages, counts, history) and the agenda. */
const AFFECTED = ['leads', 'agenda'];

/** A lead command (status, assignment, note, event): useConsoleCommand over the leads and the agenda. */
export const useLeadCommand = <A, R = unknown>(
  run: (dataProvider: CubreDataProvider, args: A) => Promise<R>,
  success: string | ((result: R) => CommandNotice),
) => useConsoleCommand(run, success, AFFECTED);
