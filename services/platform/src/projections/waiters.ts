import type { ProjectionProgressDocument } from './projection';

/** A write to wait for: its global position, and its stream (which fixes its Kafka partition). */
export interface VisibilityTarget {
  globalPosition: number;
  streamId: string;
}

interface Waiter {
  target: VisibilityTarget;
  names: string[];
  resolve(visible: boolean): void;
  timer: NodeJS.Timeout;
}

/** Whether a projection's progress shows the write: in order, or in the write's own partition. */
export function progressShows(
  progress: ProjectionProgressDocument | undefined,
  target: VisibilityTarget,
  partitionKeyOf?: (streamId: string) => string | undefined,
): boolean {
  if (!progress || progress.rebuilding) return false;
  if (progress.position >= target.globalPosition) return true;
  const key = partitionKeyOf?.(target.streamId);
  return key !== undefined && (progress.partitions[key] ?? 0) >= target.globalPosition;
}

/** Read-your-writes in the process that runs the projections: woken by progress, never by polling. */
export function createWaiters(
  progressOf: (name: string) => ProjectionProgressDocument | undefined,
  partitionKeyOf?: (streamId: string) => string | undefined,
) {
  let waiting: Waiter[] = [];
  const visible = (waiter: Waiter) =>
    waiter.names.every((name) => progressShows(progressOf(name), waiter.target, partitionKeyOf));

  return {
    wait(target: VisibilityTarget, names: string[], timeoutMs: number): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          target,
          names,
          resolve,
          timer: setTimeout(() => {
            waiting = waiting.filter((w) => w !== waiter);
            resolve(false);
          }, timeoutMs),
        };
        if (visible(waiter)) {
          clearTimeout(waiter.timer);
          resolve(true);
          return;
        }
        waiting.push(waiter);
      });
    },
    notify() {
      if (waiting.length === 0) return;
      waiting = waiting.filter((waiter) => {
        if (!visible(waiter)) return true;
        clearTimeout(waiter.timer);
        waiter.resolve(true);
        return false;
      });
    },
    cancelAll() {
      for (const waiter of waiting) {
        clearTimeout(waiter.timer);
        waiter.resolve(false);
      }
      waiting = [];
    },
  };
}
