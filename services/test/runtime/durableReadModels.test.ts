import { SALE_LEAD_STEPS } from '@cubre/services/payments/leadSteps';
import { SUBSCRIPTION_SALE_STATES } from '@cubre/services/subscriptions/saleStates';
import { LEAD_MAIL } from '@cubre/services/mail';
import { COMPANY_SALE_POLICIES } from '@cubre/services/payments/companyPolicy';
import { SALE_SETTLEMENT } from '@cubre/services/payments/saleSettlement';
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { READ_STORE_FILE } from '@cubre/platform/adapters/sqlite/readStore/store';
import { projections } from '@cubre/services/runtime/modules';
import { writeLeads } from '../../../scripts/bench/leadsData';
import { json } from '../support/http';
import { startChildRuntime, waitUntilReady, type ChildRuntime } from '../support/childRuntime';
import { opsFetch, TEST_OPS_TOKEN } from '../support/ops';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson, startTestRuntime } from '../support/testRuntime';

/**
 * Issue 12, "Restarts that do not replay history": the embedded read models are durable with their
 * projections' progress, a restart applies only the events after it, and a process killed while it writes
 * them never leaves a read model that disagrees with the log.
 */

const LINKS = 12_000;
const LEADS = 1_500;

/** Comparator links and leads written straight into the event store, as a long-running site would have. */
async function writeHistory(dataDir: string): Promise<number> {
  const store = openSqliteEventStore({ dataDir });
  try {
    for (let start = 0; start < LINKS; start += 1000) {
      await Promise.all(
        Array.from({ length: 1000 }, (_, j) => {
          const link = `K${(start + j).toString(36).padStart(6, '0')}`;
          const path = `/Comparar/Isapres?k=${start + j}`;
          return store.append(`comparatorLink-${link}`, [
            {
              id: randomUUID(),
              type: 'ComparatorUrlSaved',
              occurredAt: new Date(Date.UTC(2026, 0, 1) + start + j).toISOString(),
              data: { link, url: path, path },
              metadata: {
                correlationId: randomUUID(),
                causationId: null,
                actor: { kind: 'visitor', id: 'anonymous' },
              },
            },
          ]);
        }),
      );
    }
    await writeLeads(store, LEADS, { seed: 12, now: new Date('2026-11-20T12:00:00Z') });
    return await store.headPosition();
  } finally {
    await store.close();
  }
}

interface Status {
  name: string;
  position: number;
  rebuilding: boolean;
  applied: number;
}

async function statuses(url: string): Promise<Status[]> {
  return ((await json(await opsFetch(`${url}/ops/projections`))) as { projections: Status[] }).projections;
}

/** Every document of a collection, through the operators' endpoint, in `_id` order. */
async function documentsOf(url: string, collection: string): Promise<Record<string, unknown>[]> {
  const documents: Record<string, unknown>[] = [];
  for (let skip = 0; ; skip += 10_000) {
    const response = await opsFetch(`${url}/ops/read-models/${collection}?skip=${skip}&limit=10000`);
    expect(response.status).toBe(200);
    const page = (await json(response)) as { total: number; documents: Record<string, unknown>[] };
    documents.push(...page.documents);
    if (documents.length >= page.total) return documents;
  }
}

/**
 * What a rebuild must reproduce: every projection's collections. The lead catalogue's version document
 * carries an `epoch` drawn anew by each rebuild on purpose (its cache key), so only its count is compared.
 */
async function readModels(url: string): Promise<Record<string, unknown[]>> {
  const models: Record<string, unknown[]> = {};
  for (const projection of projections) {
    for (const collection of projection.collections) {
      const documents = await documentsOf(url, collection);
      models[collection] =
        collection === 'leadCatalogueVersion'
          ? documents.map(({ epoch: _epoch, ...rest }) => rest)
          : documents;
    }
  }
  return models;
}

/** The read models, then each projection rebuilt from zero through /ops: the two must be equal. */
async function expectEqualToRebuild(url: string) {
  const live = await readModels(url);
  expect(live.comparatorLinks).toHaveLength(LINKS);
  expect(live.leads).toHaveLength(LEADS);
  for (const projection of projections) {
    const response = await opsFetch(`${url}/ops/projections/${projection.name}/rebuild`, { method: 'POST' });
    expect(response.status).toBe(200);
  }
  expect(await readModels(url)).toEqual(live);
}

async function stop(child: ChildRuntime) {
  child.child.kill('SIGTERM');
  expect(await child.exited).toBe(0);
}

describe('durable embedded read models', () => {
  const dir = tempDataDir();
  let head = 0;
  beforeAll(async () => {
    head = await writeHistory(dir.path);
  }, 120_000);
  afterAll(() => dir.remove());

  test('a process killed inside the read store transaction restarts from its last commit and ends equal to a rebuild', async () => {
    // A 1 MiB page cache makes SQLite spill the open transaction into the WAL before its commit: the kill
    // leaves frames of a transaction that never committed, which recovery must ignore.
    const env = { DATA_DIR: dir.path, READ_STORE_CACHE_MB: '1', OPS_TOKEN: TEST_OPS_TOKEN };
    const killed = await startChildRuntime(
      { ...env, CUBRE_TEST_KILL_AFTER_READ_STORE_WRITES: String(Math.round((LINKS + 4 * LEADS) * 0.8)) },
      120_000,
    ).then(
      (child) => child.exited,
      (error: Error) => error.message,
    );
    // It died while the projections were still catching up, before it could listen.
    expect(String(killed)).toMatch(/SIGKILL/);
    expect(statSync(join(dir.path, `${READ_STORE_FILE}-wal`)).size).toBeGreaterThan(0);

    const restarted = await startChildRuntime(env, 120_000);
    await waitUntilReady(restarted.url, 120_000);
    const links = (await statuses(restarted.url)).find((status) => status.name === 'comparatorLinks')!;
    // It resumed from its recorded progress: fewer links applied than the log holds.
    expect(links.applied).toBeLessThan(LINKS);
    expect(links.position).toBeGreaterThanOrEqual(head);
    await expectEqualToRebuild(restarted.url);
    await stop(restarted);
  }, 300_000);

  test('a process killed at any moment of a rebuild resumes it on restart and ends equal to a rebuild', async () => {
    // Small units, so the rebuild spans many commits and the kill lands among them.
    const env = { DATA_DIR: dir.path, OPS_TOKEN: TEST_OPS_TOKEN, PROJECTION_BATCH_SIZE: '250' };
    // The kill races the rebuild's last commit: when the rebuild was already durable complete as the signal
    // landed, the restart rightly has nothing to resume, and the kill is tried again (at most three times).
    for (let attempt = 1; ; attempt++) {
      const first = await startChildRuntime(env, 120_000);
      try {
        await waitUntilReady(first.url, 120_000);
        let finished = false;
        const rebuilt = opsFetch(`${first.url}/ops/projections/comparatorLinks/rebuild`, {
          method: 'POST',
        }).then(
          () => (finished = true),
          () => undefined,
        );
        // Killed from outside, once the rebuild is under way: wherever SQLite is in its writes.
        for (;;) {
          const links = (await statuses(first.url)).find((status) => status.name === 'comparatorLinks')!;
          if (links.rebuilding && links.position > 0) break;
          if (finished) throw new Error('the rebuild finished before the test could kill it');
        }
        first.child.kill('SIGKILL');
        expect(await first.exited).toBe('SIGKILL');
        await rebuilt;
      } finally {
        first.child.kill('SIGKILL');
      }

      const restarted = await startChildRuntime(env, 120_000);
      try {
        await waitUntilReady(restarted.url, 120_000);
        const links = (await statuses(restarted.url)).find((status) => status.name === 'comparatorLinks')!;
        expect(links.rebuilding).toBe(false);
        if (links.applied === 0 && attempt < 3) continue;
        // The restart finished the rebuild from where its last commit left it, not from zero.
        expect(links.applied).toBeGreaterThan(0);
        expect(links.applied).toBeLessThan(LINKS);
        await expectEqualToRebuild(restarted.url);
        return;
      } finally {
        await stop(restarted);
      }
    }
  }, 600_000);

  test('a clean restart applies no event at all: every projection resumes at the head', async () => {
    const env = { DATA_DIR: dir.path, OPS_TOKEN: TEST_OPS_TOKEN };
    const first = await startChildRuntime(env, 120_000);
    await waitUntilReady(first.url, 120_000);
    await stop(first);
    const second = await startChildRuntime(env, 120_000);
    await waitUntilReady(second.url);
    for (const status of await statuses(second.url))
      expect({ [status.name]: status.applied }).toEqual({ [status.name]: 0 });
    expect(existsSync(join(dir.path, READ_STORE_FILE))).toBe(true);
    await stop(second);
  }, 300_000);
});

test('events appended while the process was down are the only ones a restart applies', async () => {
  const dir = tempDataDir();
  const first = await startTestRuntime({ DATA_DIR: dir.path, OPS_TOKEN: TEST_OPS_TOKEN });
  const saved = await postJson(`${first.url}/api/buscarplanes/comparator-url`, {
    url: '/Comparar/Isapres?a=1',
  });
  expect(saved.status).toBe(201);
  await first.stop();

  const store = openSqliteEventStore({ dataDir: dir.path });
  await store.append('comparatorLink-Zdown001', [
    {
      id: randomUUID(),
      type: 'ComparatorUrlSaved',
      occurredAt: new Date().toISOString(),
      data: { link: 'Zdown001', url: '/Comparar/Isapres?down=1', path: '/Comparar/Isapres?down=1' },
      metadata: {
        correlationId: randomUUID(),
        causationId: null,
        actor: { kind: 'visitor', id: 'anonymous' },
      },
    },
  ]);
  await store.close();

  const second = await startTestRuntime({ DATA_DIR: dir.path, OPS_TOKEN: TEST_OPS_TOKEN });
  const applied = Object.fromEntries(second.runner!.status().map((status) => [status.name, status.applied]));
  expect(applied).toEqual(
    Object.fromEntries(
      [
        ...projections.map((p) => p.name),
        SALE_LEAD_STEPS,
        SUBSCRIPTION_SALE_STATES,
        LEAD_MAIL,
        COMPANY_SALE_POLICIES,
        SALE_SETTLEMENT,
      ].map((name) => [name, name === 'comparatorLinks' ? 1 : 0]),
    ),
  );
  const link = await fetch(`${second.url}/api/buscarplanes/comparator/url/Zdown001`);
  expect(link.status).toBe(200);
  await second.dispose();
  dir.remove();
}, 120_000);
