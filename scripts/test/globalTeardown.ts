/** Stops the containers the global set-up started, if any. */
export default async function globalTeardown(): Promise<void> {
  const started =
    (globalThis as { __cubreContainers?: { stop(): Promise<unknown> }[] }).__cubreContainers ?? [];
  await Promise.all(started.map((container) => container.stop()));
}
