/** Serialises async sections: a rebuild and the bus handler of one projection never interleave. */
export function createLock() {
  let tail: Promise<void> = Promise.resolve();
  return async function withLock<T>(section: () => Promise<T>): Promise<T> {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await section();
    } finally {
      release();
    }
  };
}
