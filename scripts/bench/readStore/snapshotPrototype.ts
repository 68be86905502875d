/**
 * Prototype of option (a) for issue 12's durable embedded read models: snapshots of the in-memory read
 * store with their checkpoints. Measures, on the leads benchmark's 100,000 leads (275,054 events): the
 * start that replays the log (today's), writing a snapshot of every collection (JSON lines, fsync, atomic
 * rename), and a fresh process loading it back into a new in-memory store with the projections' indexes.
 *
 *   node dist/scripts/bench/readStore/snapshotPrototype.js write DIR    # the event store (30 s)
 *   node dist/scripts/bench/readStore/snapshotPrototype.js replay DIR   # today's start, then the snapshot
 *   node dist/scripts/bench/readStore/snapshotPrototype.js load DIR     # a restart from the snapshot
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { PROGRESS_COLLECTION } from '../../../projections/src';
import { createMemoryReadStore } from '../../../services/src/platform/adapters/memory/readStore';
import { openSqliteEventStore } from '../../../services/src/platform/adapters/sqlite/eventStore';
import { loadConfig } from '../../../services/src/runtime/config';
import { projections } from '../../../services/src/runtime/modules';
import { startRuntime } from '../../../services/src/runtime/runtime';
import { writeLeads } from '../leadsData';

const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);
const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
};
const collectionNames = () => [PROGRESS_COLLECTION, ...projections.flatMap((p) => p.collections)];

async function main(mode: string, dir: string) {
  const dataDir = join(dir, 'data');
  const snapshot = join(dir, 'snapshot.jsonl');
  if (mode === 'write') {
    const store = openSqliteEventStore({ dataDir });
    const written = await writeLeads(store, 100_000);
    await store.close();
    console.log(JSON.stringify({ leads: written.leads, events: written.events, seconds: written.seconds }));
    return;
  }
  if (mode === 'replay') {
    const started = performance.now();
    const runtime = await startRuntime(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
    );
    const startMs = Math.round(performance.now() - started);
    const rss = rssMb();
    const heap = heapMb();
    const written = performance.now();
    const fd = openSync(`${snapshot}.tmp`, 'w', 0o600);
    let documents = 0;
    for (const name of collectionNames()) {
      const docs = await runtime.engines.readStore.collection(name).find({});
      const lines = docs.map((doc) => JSON.stringify(doc)).join('\n');
      writeSync(fd, `${JSON.stringify({ collection: name, documents: docs.length })}\n`);
      if (docs.length) writeSync(fd, `${lines}\n`);
      documents += docs.length;
    }
    fsyncSync(fd);
    closeSync(fd);
    renameSync(`${snapshot}.tmp`, snapshot);
    const snapshotMs = Math.round(performance.now() - written);
    await runtime.stop();
    console.log(
      JSON.stringify({
        replayStartMs: startMs,
        rssMb: rss,
        heapMb: heap,
        snapshotWriteMs: snapshotMs,
        snapshotMb: Math.round(statSync(snapshot).size / 1e6),
        documents,
      }),
    );
    return;
  }
  if (mode === 'load') {
    const started = performance.now();
    const store = createMemoryReadStore();
    const text = readFileSync(snapshot, 'utf8');
    const readMs = performance.now() - started;
    let parseMs = 0;
    let storeMs = 0;
    let documents = 0;
    let collection = store.collection('none');
    for (const line of text.split('\n')) {
      if (!line) continue;
      const t0 = performance.now();
      const value = JSON.parse(line) as Record<string, unknown>;
      const t1 = performance.now();
      parseMs += t1 - t0;
      if (typeof value.collection === 'string' && value._id === undefined) {
        collection = store.collection(value.collection);
        continue;
      }
      await collection.upsert(value as { _id: string });
      documents++;
      storeMs += performance.now() - t1;
    }
    const indexed = performance.now();
    for (const projection of projections) await projection.setup?.(store);
    const indexMs = performance.now() - indexed;
    console.log(
      JSON.stringify({
        loadMs: Math.round(performance.now() - started),
        readFileMs: Math.round(readMs),
        parseMs: Math.round(parseMs),
        storeMs: Math.round(storeMs),
        indexMs: Math.round(indexMs),
        documents,
        rssMb: rssMb(),
        heapMb: heapMb(),
      }),
    );
    return;
  }
  throw new Error(`unknown mode ${mode}`);
}

main(process.argv[2] ?? '', process.argv[3] ?? '').catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
