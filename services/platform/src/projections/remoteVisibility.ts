import type { ReadStore } from '@cubre/platform/ports/readStore';
import { PROGRESS_COLLECTION, type ProjectionProgressDocument } from './projection';
import { progressShows, type VisibilityTarget } from './waiters';

/**
 * Read-your-writes for an api process that runs no projections (distributed runtime): polls the progress
 * the projectors record in the shared read store until it shows the write.
 */
export function remoteVisibility(
  readStore: ReadStore,
  partitionKeyOf?: (streamId: string) => string | undefined,
  pollIntervalMs = 20,
) {
  const progress = readStore.collection<ProjectionProgressDocument>(PROGRESS_COLLECTION);
  return {
    async waitUntilVisible(target: VisibilityTarget, names: string[], timeoutMs = 5000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const docs = await progress.find({ _id: { $in: names } });
        const byName = new Map(docs.map((doc) => [doc._id, doc]));
        if (names.every((name) => progressShows(byName.get(name), target, partitionKeyOf))) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs));
      }
    },
  };
}
