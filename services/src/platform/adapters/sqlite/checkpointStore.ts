import type { CheckpointStore } from '../../ports/checkpoints';
import type { SqliteDatabase } from './database';

/** Checkpoints in the event database itself: durable with the same guarantees as the events. */
export function sqliteCheckpointStore(db: SqliteDatabase): CheckpointStore {
  const select = db.prepare<[string], { position: number }>(
    'SELECT position FROM checkpoints WHERE name = ?',
  );
  const upsert = db.prepare<[string, number]>(
    `INSERT INTO checkpoints (name, position) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE excluded.position > checkpoints.position`,
  );
  return {
    async load(name) {
      return select.get(name)?.position ?? 0;
    },
    async store(name, position) {
      upsert.run(name, position);
    },
  };
}
