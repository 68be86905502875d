/**
 * `npm run projections:rebuild -- NAME [--url http://127.0.0.1:3000]`
 *
 * Asks the running process that owns the projections (its /ops endpoint) to drop the projection's
 * collections and replay the whole event store into them; it keeps serving meanwhile and /readyz reports
 * not-ready until the rebuild is done. With no process running it rebuilds the read model directly: the
 * embedded one in DATA_DIR/readmodels.sqlite, or MongoDB's when MONGO_URL is set. A start rebuilds on its
 * own a projection whose code version changed (Projection.version), so this is for the rest: a read model
 * suspected wrong, or a new projection's history.
 */
import { createInProcessBus } from '@cubre/platform/adapters/inprocess/bus';
import { createLogger } from '@cubre/platform/http/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { loadConfig } from '../services/src/runtime/config';
import { opsTokenOf } from '../services/src/runtime/opsToken';
import { projections } from '../services/src/runtime/modules';
import { createProjectionRunner } from '@cubre/platform/projections/runner';
import { connectEventStoreDb } from '@cubre/platform/adapters/eventstoredb/eventStore';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { openSqliteReadStore } from '@cubre/platform/adapters/sqlite/readStore/store';
import { createMongoReadStore } from '@cubre/platform/adapters/mongo/readStore';

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
    headers: { Authorization: `Bearer ${opsTokenOf(config)}` },
  }).catch(() => undefined);
  if (response) {
    const body = await response.text();
    process.stdout.write(`${response.status} ${body}\n`);
    return response.ok ? 0 : 1;
  }

  // No process answered: this one rebuilds. A process started meanwhile would not see the rebuild in
  // its caches, so this is for a stopped site (or MongoDB shared by processes that re-read it).
  process.stderr.write(`No Cubre process answered at ${base}: rebuilding ${name} here.\n`);
  const logger = createLogger({ level: config.LOG_LEVEL });
  const eventStore = config.EVENTSTORE_URL
    ? connectEventStoreDb(config.EVENTSTORE_URL)
    : openSqliteEventStore({ dataDir: config.DATA_DIR });
  const readStore: ReadStore = config.MONGO_URL
    ? await createMongoReadStore({ url: config.MONGO_URL, dbName: config.MONGO_DB })
    : openSqliteReadStore({ dataDir: config.DATA_DIR });
  const runner = createProjectionRunner({
    projections: projections.filter((p) => p.name === name),
    eventStore,
    readStore,
    bus: createInProcessBus(),
    logger,
  });
  const result = await runner.rebuild(name);
  process.stdout.write(`${JSON.stringify({ projection: name, ...result })}\n`);
  await runner.stop();
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
