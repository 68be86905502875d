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
