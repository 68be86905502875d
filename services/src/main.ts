import { createLogger } from '@cubre/platform/http/logger';
import { loadConfig } from './runtime/config';
import { startRuntime } from './runtime/runtime';

/** The program: every role in one process by default; `ROLES=api` (and so on) in the distributed runtime. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL });
  const runtime = await startRuntime(config, logger);

  let signalled = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (signalled) return;
      signalled = true;
      logger.info({ signal }, 'signal received');
      runtime
        .stop()
        .then(() => process.exit(0))
        .catch((error) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        });
    });
  }
  process.on('unhandledRejection', (error) => logger.error({ err: error }, 'unhandled rejection'));

  const lines = [
    `Cubre is running (${config.ROLES.join(', ')}) with ${Object.entries(runtime.engines.describe)
      .map(([port, engine]) => `${port}: ${engine}`)
      .join(', ')}`,
    ...(config.ROLES.includes('api')
      ? [`  Storefront    ${runtime.url}/`, `  Console       ${runtime.url}/admin (demo users: README.md)`]
      : []),
    `  API           ${runtime.url}/api/`,
    `  Health        ${runtime.url}/healthz  ${runtime.url}/readyz`,
    `  Metrics       ${runtime.url}/metrics`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Cubre failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
