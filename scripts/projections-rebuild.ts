/**
 * `npm run projections:rebuild -- NAME [--url http://127.0.0.1:3000]`
 *
 * Asks the running process that owns the projections (its /ops endpoint) to drop the projection's
 * collections and replay the whole event store into them; it keeps serving meanwhile and /readyz reports
 * not-ready until the rebuild is done. With no process running and MONGO_URL set, it rebuilds the MongoDB
 * read model directly. The embedded read models live in the server's memory and are rebuilt at every start.
 */
import { createInProcessBus } from '../services/src/platform/adapters/inprocess/bus';
import { createLogger } from '../services/src/platform/http/logger';
import { loadConfig } from '../services/src/runtime/config';
import { projections } from '../services/src/runtime/modules';
import { createProjectionRunner } from '../projections/src';
import { connectEventStoreDb } from '../services/src/platform/adapters/eventstoredb/eventStore';
import { openSqliteEventStore } from '../services/src/platform/adapters/sqlite/eventStore';
import { createMongoReadStore } from '../services/src/platform/adapters/mongo/readStore';

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const urlFlag = argv.indexOf('--url');
  const base = urlFlag >= 0 ? argv[urlFlag + 1] : `http://127.0.0.1:${config.PORT}`;
  const name = argv.find((arg, i) => !arg.startsWith('--') && argv[i - 1] !== '--url');
  const names = projections.map((p) => p.name);
  if (!name || !names.includes(name)) {
    process.stderr.write(
      `usage: npm run projections:rebuild -- NAME [--url URL]\nprojections: ${names.join(', ')}\n`,
    );
    return 2;
  }

  const response = await fetch(`${base}/ops/projections/${name}/rebuild`, {
    method: 'POST',
    headers: config.OPS_TOKEN ? { Authorization: `Bearer ${config.OPS_TOKEN}` } : {},
  }).catch(() => undefined);
  if (response) {
    const body = await response.text();
    process.stdout.write(`${response.status} ${body}\n`);
    return response.ok ? 0 : 1;
  }

  if (!config.MONGO_URL) {
    process.stderr.write(
      `No Cubre process answered at ${base}. Embedded read models live in the server's memory and are rebuilt ` +
        `from the event store at every start: start it (npm start) and run this again, or pass --url.\n`,
    );
    return 1;
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  const eventStore = config.EVENTSTORE_URL
    ? connectEventStoreDb(config.EVENTSTORE_URL)
    : openSqliteEventStore({ dataDir: config.DATA_DIR });
  const readStore = await createMongoReadStore({ url: config.MONGO_URL, dbName: config.MONGO_DB });
  const runner = createProjectionRunner({
    projections: projections.filter((p) => p.name === name),
    eventStore,
    readStore,
    bus: createInProcessBus(),
    logger,
  });
  const result = await runner.rebuild(name);
  process.stdout.write(`${JSON.stringify({ projection: name, ...result })}\n`);
  await readStore.close();
  await eventStore.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
