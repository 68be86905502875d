import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { GENEROUS_RATE_LIMITS } from '../../../scripts/fixtures/generousRateLimits';
import { bundleFixture, REPO_ROOT, spawnFixture } from './fixtureProcess';

let bundled: string | undefined;

/** Bundles the runtime fixture once per test file (esbuild, ~0.3 s) so a child can run it with plain node. */
function fixtureBundle(): string {
  bundled ??= bundleFixture(join(REPO_ROOT, 'scripts/fixtures/runtimeProcess.ts'));
  return bundled;
}

export interface ChildRuntime {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  stderr(): string;
}

/** Starts the real runtime in a child process and waits until it listens. */
export function startChildRuntime(env: Record<string, string>, timeoutMs = 20_000): Promise<ChildRuntime> {
  // The crash burst writes from one loopback address: high allowances, the limits stay on (issue 13).
  const child = spawnFixture(fixtureBundle(), {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child runtime did not start in ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      resolve({ url: (JSON.parse(line) as { url: string }).url, child, exited, stderr: () => stderr });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`child runtime exited (${code}) before listening:\n${stderr}`));
    });
  });
}

/**
 * Polls the child's readiness probe, as an orchestrator does: /readyz is the only way the process tells
 * it caught up, and the interval only paces the asking (each answer is the process's own state).
 */
export async function waitUntilReady(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/readyz`).catch(() => undefined);
    if (response?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
