import type { CheckpointStore } from '../ports/checkpoints';
import type { ReadStore } from '../ports/readStore';

/** Checkpoints kept in the read store: durable when it is MongoDB (the distributed runtime's relay). */
export function readStoreCheckpointStore(readStore: ReadStore, collection = '_checkpoints'): CheckpointStore {
  const checkpoints = readStore.collection<{ _id: string; position: number }>(collection);
  return {
    async load(name) {
      return (await checkpoints.findOne({ _id: name }))?.position ?? 0;
    },
    async store(name, position) {
      await checkpoints.guardedUpdate(
        name,
        { position: { $lt: position } },
        { $set: { position } },
        { upsert: true },
      );
    },
  };
}
