/** Durable positions of the log readers (the relay); moves only forward. */
export interface CheckpointStore {
  /** 0 when nothing was stored yet. */
  load(name: string): Promise<number>;
  /** Stores `position` unless a larger one is already stored. */
  store(name: string, position: number): Promise<void>;
}
