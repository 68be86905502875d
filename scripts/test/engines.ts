/**
 * Which real engines the contract suites can reach. The embedded adapters always run; EventStoreDB and
 * MongoDB run when their URL is set or a container runtime can start them; Kafka runs against librdkafka's
 * mock cluster (a real wire-protocol peer) when its headers are installed.
 */
export type EngineName = 'eventstore' | 'mongo';

export type EngineAvailability = { available: true; url: string } | { available: false; reason: string };

const urlVariable: Record<EngineName, string> = { eventstore: 'EVENTSTORE_URL', mongo: 'MONGO_URL' };
const skipVariable: Record<EngineName, string> = {
  eventstore: 'CUBRE_TEST_SKIP_EVENTSTORE',
  mongo: 'CUBRE_TEST_SKIP_MONGO',
};

/** Read by test files; written by the global set-up, which may have started containers. */
export function engine(name: EngineName): EngineAvailability {
  const url = process.env[urlVariable[name]];
  if (url) return { available: true, url };
  return {
    available: false,
    reason:
      process.env[skipVariable[name]] ?? `${urlVariable[name]} is not set and no container runtime was found`,
  };
}

export function markEngineUnavailable(name: EngineName, reason: string): void {
  process.env[skipVariable[name]] = reason;
}

export function setEngineUrl(name: EngineName, url: string): void {
  process.env[urlVariable[name]] = url;
}

/**
 * `describe` that runs only when the engine is reachable; otherwise one skipped test whose name names the
 * suite and the reason, and a line on the console saying the same.
 */
export function describeWithEngine(
  suite: string,
  availability: EngineAvailability | { available: true },
  body: () => void,
): void {
  if (availability.available) {
    describe(suite, body);
    return;
  }
  const line = `SKIPPED ${suite}: ${availability.reason}`;
  // Printed when the file is collected: Jest runs no hook of a suite whose tests are all skipped.
  process.stderr.write(`${line}\n`);
  describe(suite, () => {
    test.skip(line, () => undefined);
  });
}
