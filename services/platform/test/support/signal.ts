/**
 * A promise and the function that settles it: a test awaits `promise` and the code it watches (a handler,
 * an event listener) calls `resolve` when the thing the test is about has happened. Node 20 has no
 * `Promise.withResolvers`.
 */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}
