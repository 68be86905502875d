import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '@cubre/services/runtime/config';
import { startRuntime, type Runtime } from '@cubre/services/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../../../../scripts/fixtures/generousRateLimits';
import { tempDataDir } from '../../../platform/test/support/tempDir';

export interface MailTestRuntime extends Runtime {
  /** Every log line so far (pino at trace level). */
  logged(): string;
  /** Moves the runtime's clock. */
  setNow(iso: string): void;
  /** Waits until every projection (the outbox included) has applied every stored event. */
  settled(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * The whole runtime (every role, embedded engines) sending through an SMTP server on loopback, with a clock
 * the test moves and its log captured. The `send-mail` cron is set to never fire on its own (the test calls
 * the dispatcher); a request still sends at once, as in a scheduler process.
 */
export async function startMailRuntime(
  smtpPort: number | null,
  start = '2026-11-26T12:00:00.000Z',
  /** Variables over the defaults below (a test of a limit lowers it). */
  env: Record<string, string> = {},
) {
  const dir = tempDataDir();
  let logged = '';
  let now = new Date(start);
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir.path,
    LOG_LEVEL: 'trace',
    PASSWORD_SCRYPT_N: '1024',
    LEAD_DUPLICATE_WINDOW_DAYS: '0',
    MAIL_DISPATCH_CRON: '0 0 1 1 *',
    MAIL_RETRY_BASE_MS: '60000',
    MAIL_RETRY_MAX_MS: '3600000',
    MAIL_MAX_ATTEMPTS: '3',
    ...GENEROUS_RATE_LIMITS,
    ...env,
  });
  const mailEnv: NodeJS.ProcessEnv = {
    MAIL_FROM: 'Cubre <no-responder@cubre.test>',
    MAIL_UNSUBSCRIBE_TO: 'baja@cubre.test',
    MAIL_CONSOLE_URL: 'https://cubre.test/admin',
    MAIL_PUBLIC_URL: 'https://cubre.test',
    ...(smtpPort ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_TIMEOUT_MS: '5000' } : {}),
  };
  const runtime = await startRuntime(config, pino({ level: 'trace' }, sink), {
    clock: () => now,
    mailEnv,
  });
  const result: MailTestRuntime = {
    ...runtime,
    logged: () => logged,
    setNow(iso) {
      now = new Date(iso);
    },
    async settled() {
      const head = await runtime.engines.eventStore.headPosition();
      await runtime.runner!.waitUntilVisible({ globalPosition: head, streamId: '' }, ['mail'], 10_000);
    },
    async dispose() {
      await runtime.stop();
      dir.remove();
    },
  };
  return result;
}
