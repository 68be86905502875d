import { engine, markEngineUnavailable, setEngineUrl, type EngineName } from './engines';

type Started = { stop(): Promise<unknown> };
const started: Started[] = [];

const images: Record<
  EngineName,
  { image: string; port: number; env: Record<string, string>; url(host: string, port: number): string }
> = {
  eventstore: {
    image: 'eventstore/eventstore:24.10',
    port: 2113,
    env: { EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' },
    url: (host, port) => `esdb://${host}:${port}?tls=false`,
  },
  mongo: {
    image: 'mongo:7',
    port: 27017,
    env: {},
    url: (host, port) => `mongodb://${host}:${port}/cubre_test`,
  },
};

/**
 * Starts EventStoreDB and MongoDB in containers when a container runtime exists and their URLs are not
 * given; otherwise records why their suites are skipped. Set CUBRE_TESTCONTAINERS=0 to never try.
 */
export default async function globalSetup(): Promise<void> {
  const missing = (['eventstore', 'mongo'] as const).filter((name) => !engine(name).available);
  if (missing.length === 0) return;
  if (process.env.CUBRE_TESTCONTAINERS === '0') {
    for (const name of missing) markEngineUnavailable(name, 'its URL is not set and CUBRE_TESTCONTAINERS=0');
    return;
  }
  const testcontainers = await import('testcontainers');
  try {
    await testcontainers.getContainerRuntimeClient();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    for (const name of missing) {
      const variable = name === 'eventstore' ? 'EVENTSTORE_URL' : 'MONGO_URL';
      markEngineUnavailable(
        name,
        `${variable} is not set and testcontainers found no container runtime (${why})`,
      );
    }
    return;
  }
  for (const name of missing) {
    const spec = images[name];
    try {
      const container = await new testcontainers.GenericContainer(spec.image)
        .withEnvironment(spec.env)
        .withExposedPorts(spec.port)
        .start();
      started.push(container);
      setEngineUrl(name, spec.url(container.getHost(), container.getMappedPort(spec.port)));
    } catch (error) {
      markEngineUnavailable(
        name,
        `container ${spec.image} did not start: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  (globalThis as { __cubreContainers?: Started[] }).__cubreContainers = started;
}
