import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

/**
 * A test fixture run as a process of its own, so a test can SIGKILL it where it chooses (the kill tests of
 * issues 14 and 15): the fixture's TypeScript bundled by esbuild (packages stay external) into the cache.
 */
export const REPO_ROOT = join(__dirname, '../../..');

/** Bundles `entry` (a fixture's .ts) and answers the script's path. */
export function bundleFixture(entry: string): string {
  const cache = join(REPO_ROOT, 'node_modules/.cache/cubre-fixtures');
  mkdirSync(cache, { recursive: true });
  const name = basename(entry, '.ts');
  const outfile = join(mkdtempSync(join(cache, `${name}-`)), `${name}.js`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    absWorkingDir: REPO_ROOT,
    logLevel: 'error',
  });
  return outfile;
}

/** Starts the bundled fixture with `env` over the test's own, its output piped. */
export function spawnFixture(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
