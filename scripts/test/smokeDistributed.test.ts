import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describeWithEngine } from './engines';

/**
 * Issue 12: the distributed runtime's smoke (scripts/smoke-distributed.mjs) where a container runtime
 * exists; skipped by name where none does (this project's machines have the docker client only).
 */
const docker = spawnSync('docker', ['info'], { stdio: 'ignore' });
const availability =
  docker.status === 0
    ? { available: true as const }
    : { available: false as const, reason: 'no container runtime (docker info failed)' };

describeWithEngine('distributed runtime smoke (docker compose)', availability, () => {
  test(
    'the stack starts, a write crosses every engine and reads back, the contract suites pass',
    () => {
      const run = spawnSync(process.execPath, [join(__dirname, '..', 'smoke-distributed.mjs')], {
        stdio: 'inherit',
        timeout: 20 * 60_000,
      });
      expect(run.status).toBe(0);
    },
    20 * 60_000,
  );
});
