import pino from 'pino';
import { loadConfig } from '@cubre/services/runtime/config';
import { startRuntime, type Runtime, type RuntimeHooks } from '@cubre/services/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../../../scripts/fixtures/generousRateLimits';
import { tempDataDir } from '../../platform/test/support/tempDir';

export interface TestRuntime extends Runtime {
  /** Stops the runtime and removes its data directory. */
  dispose(): Promise<void>;
  dataDir: string;
}

/** Midnight of January 1st (Chile's time): never within a test's run, and node-cron refuses Feb 31. */
const NEVER = '0 0 1 1 *';
const NO_CRON_JOBS = {
  RECONCILE_PAYMENTS_CRON: NEVER,
  REMINDERS_CRON: NEVER,
  CHARGE_SUBSCRIPTIONS_CRON: NEVER,
  MAIL_DISPATCH_CRON: NEVER,
};

/** The real runtime (every role, embedded engines) on a free port with its own data directory. */
export async function startTestRuntime(
  env: Record<string, string> = {},
  hooks: RuntimeHooks = {},
): Promise<TestRuntime> {
  const dir = tempDataDir();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir.path,
    LOG_LEVEL: 'silent',
    // The lowest scrypt cost: tests sign in often and run on two cores; hashes carry their cost anyway.
    PASSWORD_SCRYPT_N: '1024',
    // Many tests write from this one loopback address; the limits' own tests lower these (issue 13).
    ...GENEROUS_RATE_LIMITS,
    // No job on its cron unless a test asks for one: the every-minute jobs (reconciliation, mail) record
    // their runs as events, and a test crossing a minute's tick saw the event store's head move under it
    // (a fresh-clone CI run failed returnLimits' "nothing stored" that way). Tests run jobs with runNow.
    ...NO_CRON_JOBS,
    ...env,
  });
  const runtime = await startRuntime(config, pino({ level: 'silent' }), hooks);
  return {
    ...runtime,
    dataDir: dir.path,
    async dispose() {
      await runtime.stop();
      dir.remove();
    },
  };
}

/** JSON POST helper: the body is sent as given (a string is sent raw, for malformed-input tests). */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
