import { json } from '../support/http';
import { startChildRuntime, waitUntilReady } from '../support/childRuntime';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { postJson, startTestRuntime } from '../support/testRuntime';

/**
 * Issue 2, item 7: on SIGTERM the process stops intake, lets running requests finish, stops its
 * subscriptions, closes the store and exits 0. A request is answered or refused, never cut off half-done,
 * and whatever was acknowledged is still there after a restart.
 */
test('SIGTERM drains running requests and exits 0; acknowledged writes survive', async () => {
  const dir = tempDataDir();
  const env = { DATA_DIR: dir.path };
  const runtime = await startChildRuntime(env);
  await waitUntilReady(runtime.url);

  const outcomes: (number | 'refused')[] = [];
  const acked: string[] = [];
  const save = async (i: number) => {
    try {
      const response = await postJson(`${runtime.url}/api/buscarplanes/comparator-url`, {
        url: `/Comparar/Isapres?drain=${i}`,
      });
      outcomes.push(response.status);
      if (response.status === 201) acked.push((await json(response)).link);
      else await response.arrayBuffer();
    } catch {
      outcomes.push('refused');
    }
  };
  // A first wave is running when the first answer comes back; SIGTERM goes then, and a second wave
  // arrives while the process drains: requests before, during and after the signal.
  const firstWave = Array.from({ length: 30 }, (_, i) => save(i));
  await Promise.race(firstWave);
  runtime.child.kill('SIGTERM');
  const requests = [...firstWave, ...Array.from({ length: 30 }, (_, i) => save(30 + i))];
  await Promise.all(requests);
  expect(await runtime.exited).toBe(0);
  expect(outcomes.every((o) => o === 201 || o === 503 || o === 'refused')).toBe(true);
  expect(acked.length).toBeGreaterThan(0);

  const again = await startChildRuntime(env);
  await waitUntilReady(again.url);
  for (const link of acked) {
    expect((await fetch(`${again.url}/api/buscarplanes/comparator/url/${link}`)).status).toBe(200);
  }
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
  dir.remove();
}, 60_000);

/**
 * Review finding: a keep-alive connection whose request was running at SIGTERM used to hold the drain for
 * the whole SHUTDOWN_TIMEOUT_MS. With a one-minute timeout, beyond this test's own, stopping must still
 * finish: idle connections are closed as they appear.
 */
test('the drain does not wait for keep-alive connections that went idle after their request', async () => {
  const runtime = await startTestRuntime({ SHUTDOWN_TIMEOUT_MS: '60000' });
  const inFlight = Array.from({ length: 20 }, (_, i) =>
    postJson(`${runtime.url}/api/buscarplanes/comparator-url`, { url: `/Comparar/Isapres?idle=${i}` })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined),
  );
  // Once an answer came back, its keep-alive connection sits idle while the others still run.
  await Promise.race(inFlight);
  await runtime.dispose();
  await Promise.all(inFlight);
}, 30_000);
