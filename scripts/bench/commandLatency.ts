import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { comparatorLinkDecider, ComparatorLinkDomainEvent } from '../../services/src/comparatorLinks/decider';
import { percentile, round } from './stats';

const summary = (samples: number[], seconds: number) => ({
  commands: samples.length,
  commandsPerSecond: Math.round(samples.length / seconds),
  p50Ms: round(percentile(samples, 50)),
  p99Ms: round(percentile(samples, 99)),
  maxMs: round(Math.max(...samples)),
});

/** Command to visible in the read model, 50 concurrent writers, inside one process (no HTTP). */
export async function benchCommandToVisibleInProcess(dir: string, writers: number, seconds: number) {
  const runtime = await startRuntime(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'latency-inprocess'),
      LOG_LEVEL: 'silent',
    }),
    pino({ level: 'silent' }),
  );
  const samples: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let counter = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (Date.now() < deadline) {
        const n = counter++;
        const link = `P${n.toString(36).padStart(7, '0')}`;
        const streamId = `comparatorLink-${link}`;
        const started = process.hrtime.bigint();
        const result = await handleCommand(
          runtime.engines.eventStore,
          { decider: comparatorLinkDecider, eventSchema: ComparatorLinkDomainEvent },
          streamId,
          {
            type: 'SaveComparatorUrl',
            data: { link, url: `/Comparar/Isapres?n=${n}`, path: `/Comparar/Isapres?n=${n}` },
          },
          {
            commandId: `bench-${n}`,
            correlationId: `bench-${n}`,
            causationId: null,
            actor: { kind: 'system', id: 'bench' },
            receivedAt: new Date().toISOString(),
          },
        );
        const visible = await runtime.runner!.waitUntilVisible(
          { globalPosition: result.globalPosition, streamId },
          ['comparatorLinks'],
          10_000,
        );
        if (!visible) throw new Error('a write never became visible');
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  await runtime.stop();
  return summary(samples, seconds);
}

/** The same over HTTP: the server in a child process, 50 keep-alive clients here; POST answers once visible. */
export async function benchCommandToVisibleHttp(dir: string, writers: number, seconds: number) {
  const child = spawn(process.execPath, [join(__dirname, '..', 'fixtures', 'runtimeProcess.js')], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'latency-http'),
      LOG_LEVEL: 'warn',
      ...GENEROUS_RATE_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  /** `clients` keep-alive loops for `seconds`, each timing `request(n)`. */
  async function load(request: (n: number) => Promise<Response>, expected: number) {
    const samples: number[] = [];
    const deadline = Date.now() + seconds * 1000;
    let counter = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (Date.now() < deadline) {
          const started = process.hrtime.bigint();
          const response = await request(counter++);
          await response.arrayBuffer();
          if (response.status !== expected) throw new Error(`unexpected status ${response.status}`);
          samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }),
    );
    return summary(samples, seconds);
  }
  const commands = await load(
    (n) =>
      fetch(`${url}/api/buscarplanes/comparator-url`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `/Comparar/Isapres?h=${n}` }),
      }),
    201,
  );
  // Baseline in the same run: the same clients against the cheapest route of the same server. On a
  // shared 2-core machine the load generator and the server compete; this says how much is HTTP itself.
  const healthz = await load(() => fetch(`${url}/healthz`), 200);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    commands,
    healthzBaseline: healthz,
    p99RatioToHealthz: round(commands.p99Ms / healthz.p99Ms),
    // The machine's 1, 5 and 15 minute load as the run ended: the figures move with it (shared cores).
    loadAverage: loadavg().map((load) => round(load, 2)),
  };
}
