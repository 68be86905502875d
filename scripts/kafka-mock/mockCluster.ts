/**
 * Test helper: starts librdkafka's mock Kafka cluster (see kafka-mock.c) as a
 * child process so Kafka client code can be exercised without Docker or a JVM.
 *
 *   const avail = kafkaMockAvailable();
 *   if (!avail.ok) return t.skip(avail.reason);
 *   const mock = await startKafkaMock({ topics: [{ name: 'orders', partitions: 3 }] });
 *   // ... new Kafka({ brokers: mock.bootstrap }) ...
 *   await mock.stop();
 *
 * Set KAFKA_MOCK_DEBUG=mock,protocol (librdkafka `debug` contexts) to see the
 * mock's own logs on stderr. KAFKA_MOCK_DIR overrides where this folder is
 * looked up, for when this file is compiled to somewhere else.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import type { Socket } from 'node:net';
import * as path from 'node:path';

export interface KafkaMockTopic {
  name: string;
  partitions: number;
}

export interface KafkaMockOptions {
  topics: KafkaMockTopic[];
  /** Number of mock brokers (ids 1..N). Default 1. */
  brokers?: number;
}

export interface KafkaMock {
  /** host:port of every mock broker, ready for `new Kafka({ brokers })`. */
  bootstrap: string[];
  /** Closes the mock's stdin and waits for it to exit (SIGKILL after 3 s). Idempotent. */
  stop(): Promise<void>;
}

export type KafkaMockAvailability = { ok: true } | { ok: false; reason: string };

const STARTUP_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 3_000;
const STDERR_KEEP = 8 * 1024;

/** Where kafka-mock.c and build.sh live, whether we run from source or from a build output dir. */
function mockDir(): string {
  const fromEnv = process.env.KAFKA_MOCK_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    for (const candidate of [dir, path.join(dir, 'scripts', 'kafka-mock')]) {
      if (fs.existsSync(path.join(candidate, 'kafka-mock.c'))) return candidate;
    }
    if (path.dirname(dir) === dir) break;
  }
  return __dirname;
}

function binaryPath(dir: string): string {
  return path.join(dir, 'bin', 'kafka-mock');
}

function isUpToDate(bin: string, src: string): boolean {
  try {
    return fs.statSync(bin).mtimeMs > fs.statSync(src).mtimeMs;
  } catch {
    return false;
  }
}

function commandWorks(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return r.error === undefined && r.status === 0;
}

/**
 * Whether startKafkaMock() can work here, so suites can skip with a reason
 * instead of failing where librdkafka-dev is not installed.
 */
export function kafkaMockAvailable(): KafkaMockAvailability {
  const dir = mockDir();
  const src = path.join(dir, 'kafka-mock.c');
  if (!fs.existsSync(src)) {
    return { ok: false, reason: `kafka-mock source not found at ${src} (set KAFKA_MOCK_DIR)` };
  }
  // An already-built binary needs only the runtime library, not the headers.
  if (isUpToDate(binaryPath(dir), src)) return { ok: true };
  if (!commandWorks('pkg-config', ['--version'])) {
    return { ok: false, reason: 'pkg-config not installed (apt-get install -y pkg-config librdkafka-dev)' };
  }
  if (!commandWorks('pkg-config', ['--exists', 'rdkafka'])) {
    return { ok: false, reason: 'librdkafka-dev not installed (apt-get install -y librdkafka-dev)' };
  }
  const inc = spawnSync('pkg-config', ['--variable=includedir', 'rdkafka'], { encoding: 'utf8' });
  const header = path.join((inc.stdout ?? '').trim() || '/usr/include', 'librdkafka', 'rdkafka_mock.h');
  if (!fs.existsSync(header)) {
    return { ok: false, reason: `librdkafka mock API header missing: ${header}` };
  }
  if (!commandWorks(process.env.CC ?? 'cc', ['--version'])) {
    return { ok: false, reason: 'no C compiler (apt-get install -y gcc)' };
  }
  return { ok: true };
}

function buildIfNeeded(dir: string): string {
  const bin = binaryPath(dir);
  const r = spawnSync('bash', [path.join(dir, 'build.sh'), bin], { encoding: 'utf8' });
  if (r.error) throw new Error(`kafka-mock build could not run: ${r.error.message}`);
  if (r.status !== 0) {
    throw new Error(`kafka-mock build failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
  }
  return bin;
}

export async function startKafkaMock(opts: KafkaMockOptions): Promise<KafkaMock> {
  const brokers = opts.brokers ?? 1;
  if (!Number.isInteger(brokers) || brokers < 1) {
    throw new Error(`startKafkaMock: brokers must be a positive integer, got ${brokers}`);
  }
  const topicArgs = opts.topics.map(({ name, partitions }) => {
    if (!name || !Number.isInteger(partitions) || partitions < 1) {
      throw new Error(`startKafkaMock: bad topic ${JSON.stringify({ name, partitions })}`);
    }
    return `${name}:${partitions}`;
  });

  const bin = buildIfNeeded(mockDir());
  const child = spawn(bin, [`--brokers=${brokers}`, ...topicArgs], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });

  const forwardStderr = Boolean(process.env.KAFKA_MOCK_DEBUG);
  let stderrTail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (forwardStderr) process.stderr.write(chunk);
    stderrTail = (stderrTail + chunk).slice(-STDERR_KEEP);
  });
  // The mock may exit while we write/close stdin; that is reported via 'exit'.
  child.stdin.on('error', () => {});

  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });

  const bootstrap = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    const fail = (msg: string): void => {
      cleanup();
      child.kill('SIGKILL');
      reject(new Error(`${msg}${stderrTail ? `\nkafka-mock stderr:\n${stderrTail}` : ''}`));
    };
    const onData = (chunk: string): void => {
      out += chunk;
      const m = /^BOOTSTRAP=(.*)$/m.exec(out);
      if (m?.[1] !== undefined) {
        cleanup();
        resolve(m[1].trim().split(',').filter(Boolean));
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`kafka-mock exited before printing BOOTSTRAP (code ${code}, signal ${signal})`);
    const onError = (err: Error): void => fail(`kafka-mock could not be started: ${err.message}`);
    const timer = setTimeout(
      () => fail(`kafka-mock did not print BOOTSTRAP within ${STARTUP_TIMEOUT_MS} ms`),
      STARTUP_TIMEOUT_MS,
    );
    const cleanup = (): void => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('close', onExit);
      child.off('error', onError);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    // 'close' (not 'exit') so stderr is fully read before we report it.
    child.once('close', onExit);
    child.once('error', onError);
  });
  // Keep draining stdout so the mock can never block on a full pipe.
  child.stdout.resume();

  // A test that forgets stop() must not hang the runner: unref everything, and
  // when this process exits the stdin pipe closes, so the mock exits by itself.
  const handles = [child.stdin, child.stdout, child.stderr] as unknown as Socket[];
  child.unref();
  for (const h of handles) h.unref();

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Re-ref so the process stays alive until the mock is really gone.
      child.ref();
      for (const h of handles) h.ref();
      const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.stdin.end();
      await exited;
      clearTimeout(killTimer);
      for (const h of handles) h.unref();
    })();
    return stopping;
  };

  return { bootstrap, stop };
}
