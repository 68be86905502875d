import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../services/src/runtime/config';
import { startRuntime } from '../../services/src/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../fixtures/generousRateLimits';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { comparatorLinkDecider, ComparatorLinkDomainEvent } from '../../services/src/comparatorLinks/decider';
import { percentile, round } from './stats';

/** User and system CPU of a process, all threads, in ms (Linux /proc; clock ticks of 10 ms). */
function serverCpuMsOf(pid: number): number {
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** Rounds of each load, alternating (see benchCommandToVisibleHttp). */
const ROUNDS = 5;

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

/**
 * The same over HTTP: the server in a child process, 50 keep-alive clients here; POST answers once visible.
 * With `profileDir` the server runs under `node --cpu-prof` and writes its .cpuprofile there when it stops
 * (the profiler's cost makes that run's figures slower: profile and measure in separate runs).
 */
export async function benchCommandToVisibleHttp(
  dir: string,
  writers: number,
  seconds: number,
  profileDir?: string,
) {
  const profiling = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250']
    : [];
  const child = spawn(
    process.execPath,
    // COMMAND_LATENCY_SERVER: another build of the server (an older commit's runtimeProcess.js) to
    // measure before and after a change in the same conditions, alternating runs.
    [
      ...profiling,
      process.env.COMMAND_LATENCY_SERVER ?? join(__dirname, '..', 'fixtures', 'runtimeProcess.js'),
    ],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'latency-http'),
        LOG_LEVEL: 'warn',
        ...GENEROUS_RATE_LIMITS,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  /** `writers` keep-alive loops for `roundSeconds`, each timing `request(n)`; the samples go to `into`. */
  async function load(
    request: (n: number) => Promise<Response>,
    expected: number,
    roundSeconds: number,
    into: number[],
  ) {
    const deadline = Date.now() + roundSeconds * 1000;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (Date.now() < deadline) {
          const started = process.hrtime.bigint();
          const response = await request(counter++);
          await response.arrayBuffer();
          if (response.status !== expected) throw new Error(`unexpected status ${response.status}`);
          into.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }),
    );
  }
  // Every command saves a path never saved before (a new stream), across rounds too.
  let counter = 0;
  const command = (n: number) =>
    fetch(`${url}/api/buscarplanes/comparator-url`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `/Comparar/Isapres?h=${n}` }),
    });
  // Baseline in the same run: the same clients against the cheapest route of the same server. On a
  // shared 2-core machine the load generator and the server compete; this says how much is HTTP itself.
  const health = () => fetch(`${url}/healthz`);
  // The two loads alternate in short rounds, so both meet the same machine: measured one after the
  // other, a neighbour's burst during one side alone moved the ratio between 1.1 and 3.0 on the same
  // code (issue 12). A first round of each, not counted, warms the JIT and the connections.
  await load(command, 201, 1, []);
  await load(health, 200, 1, []);
  const commandSamples: number[] = [];
  const healthSamples: number[] = [];
  const roundRatios: number[] = [];
  const serverCpuMs = { commands: 0, healthz: 0 };
  /** The server's CPU (all its threads, user and system) spent during `work`, in ms. */
  const cpuOf = async (work: () => Promise<void>) => {
    const before = serverCpuMsOf(child.pid!);
    await work();
    return serverCpuMsOf(child.pid!) - before;
  };
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const commandRound: number[] = [];
    const healthRound: number[] = [];
    serverCpuMs.commands += await cpuOf(() => load(command, 201, seconds / ROUNDS, commandRound));
    serverCpuMs.healthz += await cpuOf(() => load(health, 200, seconds / ROUNDS, healthRound));
    commandSamples.push(...commandRound);
    healthSamples.push(...healthRound);
    roundRatios.push(round(percentile(commandRound, 99) / percentile(healthRound, 99)));
  }
  const commands = summary(commandSamples, seconds);
  const healthz = summary(healthSamples, seconds);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    commands,
    healthzBaseline: healthz,
    p99RatioToHealthz: round(commands.p99Ms / healthz.p99Ms),
    // Each round's own ratio: how far the figure moves with the machine within one run.
    p99RatioByRound: roundRatios,
    // CPU time the server spent per request: steadier than latency on a loaded machine (a request
    // waiting for a core costs time, not CPU), and the latency ratio follows it when the cores are full.
    serverCpuMsPerRequest: {
      command: round(serverCpuMs.commands / commandSamples.length),
      healthz: round(serverCpuMs.healthz / healthSamples.length),
      ratio: round(
        serverCpuMs.commands / commandSamples.length / (serverCpuMs.healthz / healthSamples.length),
      ),
    },
    // The machine's 1, 5 and 15 minute load as the run ended: the figures move with it (shared cores).
    loadAverage: loadavg().map((load) => round(load, 2)),
  };
}
