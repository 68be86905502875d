import { json } from '../support/http';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { startChildRuntime, waitUntilReady } from '../support/childRuntime';
import { opsFetch, TEST_OPS_TOKEN } from '../support/ops';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson } from '../support/testRuntime';

interface Ack {
  link: string;
  path: string;
}

async function readModel(url: string) {
  const response = await opsFetch(`${url}/ops/read-models/comparatorLinks?limit=10000`);
  expect(response.status).toBe(200);
  return (await json(response)) as { total: number; documents: Record<string, unknown>[] };
}

/**
 * Issue 2, "Crash test": a process taking a burst of commands is SIGKILLed mid-burst. After a restart every
 * acknowledged append is there, none twice, and every read model equals a rebuild from zero.
 */
test('after a SIGKILL mid-burst, every acknowledged command survives, none is duplicated, read models equal a rebuild', async () => {
  const dir = tempDataDir();
  const env = { DATA_DIR: dir.path, OPS_TOKEN: TEST_OPS_TOKEN };
  const first = await startChildRuntime(env);
  await waitUntilReady(first.url);

  const acked: Ack[] = [];
  let sent = 0;
  let killed = false;
  const worker = async (id: number) => {
    for (let i = 0; !killed; i++) {
      const path = `/Comparar/Isapres?crash=${id}-${i}`;
      sent++;
      try {
        const response = await postJson(`${first.url}/api/buscarplanes/comparator-url`, { url: path });
        if (response.status === 201) acked.push({ link: (await json(response)).link, path });
        else await response.arrayBuffer();
      } catch {
        // The process died with this request in flight: its outcome is unknown, so it proves nothing.
      }
      if (acked.length >= 150 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, id) => worker(id)));
  expect(await first.exited).toBe('SIGKILL');
  // Requests still in flight when the signal landed may have been answered first (a fast group commit),
  // so every one sent can be acknowledged: what is proven is that each acknowledged one survives.
  expect(sent).toBeGreaterThanOrEqual(acked.length);

  const second = await startChildRuntime(env);
  await waitUntilReady(second.url);

  // Every acknowledged append is present and readable.
  for (const { link, path } of acked) {
    const response = await fetch(`${second.url}/api/buscarplanes/comparator/url/${link}`);
    expect(response.status).toBe(200);
    expect((await json(response)).path).toBe(path);
  }

  // None is duplicated: one event per link stream, unique ids, contiguous positions.
  const store = openSqliteEventStore({ dataDir: dir.path });
  const events = await store.readAll({ after: 0, maxCount: 1_000_000 });
  await store.close();
  expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  expect(events.map((e) => e.globalPosition)).toEqual(events.map((_, i) => i + 1));
  const perStream = new Map<string, number>();
  // Only the link streams: the runtime's start also seeds roles, demo users and the lead catalogues.
  for (const event of events.filter((e) => e.streamId.startsWith('comparatorLink-'))) {
    perStream.set(event.streamId, (perStream.get(event.streamId) ?? 0) + 1);
  }
  expect([...perStream.values()].every((count) => count === 1)).toBe(true);
  for (const { link } of acked) expect(perStream.get(`comparatorLink-${link}`)).toBe(1);

  // The read model after restart equals a rebuild from zero, and holds every stored link.
  const live = await readModel(second.url);
  expect(live.total).toBe(perStream.size);
  const rebuild = await opsFetch(`${second.url}/ops/projections/comparatorLinks/rebuild`, { method: 'POST' });
  expect(rebuild.status).toBe(200);
  // A rebuild reads the projection's own category: every link event, none of the seeding.
  const linkEvents = [...perStream.values()].reduce((sum, count) => sum + count, 0);
  expect(await json(rebuild)).toMatchObject({ projection: 'comparatorLinks', events: linkEvents });
  expect(await readModel(second.url)).toEqual(live);

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  dir.remove();
}, 90_000);
