import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProjectionRunner, type ProjectionRunner } from '@cubre/platform/projections/runner';
import { remoteVisibility } from '@cubre/platform/projections/remoteVisibility';
import { createApp, type AppContext, type HttpModule, type Visibility } from '@cubre/platform/http/app';
import type { Logger } from '@cubre/platform/ports/logger';
import { startRelay, type Relay, type RelayOptions } from '@cubre/platform/relay/relay';
import type { RuntimeConfig } from './config';
import { openEngines, type Engines } from './engines';
import { renderMetrics } from './metrics';
import { configuredModules, domainModules, projections, reactorsFor } from './modules';
import { opsRoutes } from './opsRoutes';
import { DEFAULT_JOB_TIME_ZONE, startScheduler, type ScheduledJob, type Scheduler } from './scheduler';
import { adminConsoleModule } from '../adminConsole';
import { editionModule } from '@cubre/platform/http/editions';
import { storefrontModule } from '../storefront';
import { identityAuthenticator } from '../identity';
import {
  cardTokenizerFromEnv,
  transferAccountFromEnv,
  formActionOriginsOf,
  gatewayFromEnv,
  notificationSecretsFromEnv,
  reconcilePendingPayments,
} from '../payments';
import { sendRemindersJob } from '../arrears';
import {
  chargeSubscriptionsJob,
  parseRetryDays,
  subscriptionStarter,
  type RetrySchedule,
} from '../subscriptions';
import { operationDayOf } from '../insurers';
import { startMail, type MailRuntime, type MailTransport } from '../mail';
import type { PaymentGateway } from '../payments';
import { dataDirSecret } from './dataDirSecret';
import { domainSettingsOf } from './domainSettings';
import { hostname } from 'node:os';
import { jobLeases, jobsModule, pollRunRequests, runRecorder } from '../jobs';
import { opsTokenOf } from './opsToken';
import { createRateLimits } from '@cubre/platform/http/rateLimits';
import { rateLimitSettingsOf } from './rateLimitSettings';

export interface Runtime {
  /** Base URL of this process's HTTP server (every role serves /healthz, /readyz, /metrics, /ops). */
  url: string;
  port: number;
  engines: Engines;
  runner?: ProjectionRunner;
  relay?: Relay;
  /** The mail domain: its port (`mail.requester`) for other domains' jobs, its dispatcher for tests. */
  mail: MailRuntime;
  /** Graceful stop: refuse new requests, drain the running ones, stop subscriptions, close the stores. */
  stop(): Promise<void>;
}

export interface RuntimeHooks {
  /** Test seam for the relay crash test: runs after the bus acknowledged, before the checkpoint moves. */
  afterPublish?: RelayOptions['afterPublish'];
  clock?(): Date;
  /** Extra routes served by the same app and middleware (the benchmark's precomputed-buffer baseline). */
  extraModules?: HttpModule[];
  /** Test seam of the read store kill test: runs after every write to the embedded read store. */
  readStoreAfterWrite?(writes: number): void;
  /** The payment gateway (tests of an adapter); PAYMENT_GATEWAY's, the embedded sandbox by default. */
  paymentGateway?: PaymentGateway;
  /** The mail transport (tests of delivery); the one SMTP_* configure, the embedded one by default. */
  mailTransport?: MailTransport;
  /** Where the mail domain reads SMTP_*, MAIL_FROM… (tests); process.env by default. */
  mailEnv?: NodeJS.ProcessEnv;
  /** Where payments read the providers' notification secrets and the browser tokenizer's settings (tests); process.env by default. */
  paymentEnv?: NodeJS.ProcessEnv;
}

/** Starts the roles the configuration names, all of them in one process by default (ARCHITECTURE.md). */
export async function startRuntime(
  config: RuntimeConfig,
  logger: Logger,
  hooks: RuntimeHooks = {},
): Promise<Runtime> {
  const startedAt = Date.now();
  const roles = new Set(config.ROLES);
  const engines = await openEngines(config, logger, { readStoreAfterWrite: hooks.readStoreAfterWrite });
  // One clock for the projector's reactors, the scheduler's jobs and the routes (tests move it).
  const clock = hooks.clock ?? (() => new Date());
  logger.info({ roles: [...roles], engines: engines.describe }, 'starting');

  let runner: ProjectionRunner | undefined;
  let relay: Relay | undefined;
  let scheduler: Scheduler | undefined;
  let runRequests: { stop(): void } | undefined;
  let draining = false;

  // Mail (issue 15): sent at once when this process is the scheduler, else by the scheduler's next run.
  const mail = startMail({
    eventStore: engines.eventStore,
    readStore: engines.readStore,
    clock,
    logger,
    env: hooks.mailEnv ?? process.env,
    dispatch: {
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      retryMaxMs: config.MAIL_RETRY_MAX_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      leaseMs: config.MAIL_CLAIM_LEASE_MS,
    },
    sendsAtOnce: roles.has('scheduler'),
    transport: hooks.mailTransport,
    linkSecret: dataDirSecret(config.DATA_DIR, 'mail-link-secret'),
  });

  const settings = domainSettingsOf(config);
  // Identity's invitations are mailed through the mail domain, their links into the console (issue 15).
  settings.identity.invitationMail = { requester: mail.requester, consoleUrl: mail.settings.consoleUrl };

  if (roles.has('projector')) {
    runner = createProjectionRunner({
      projections: [
        ...projections,
        ...reactorsFor({
          eventStore: engines.eventStore,
          readStore: engines.readStore,
          clock,
          logger,
          identity: settings.identity,
        }),
        mail.reactor,
      ],
      eventStore: engines.eventStore,
      readStore: engines.readStore,
      bus: engines.bus,
      logger,
      lagLogIntervalMs: config.LAG_LOG_INTERVAL_MS,
      catchUpBatchSize: config.PROJECTION_BATCH_SIZE,
      partitionKeyOf: engines.partitionKeyOf,
    });
    await runner.start();
  }
  if (roles.has('relay')) {
    relay = await startRelay({
      store: engines.eventStore,
      bus: engines.bus,
      checkpoints: engines.checkpoints,
      logger,
      afterPublish: hooks.afterPublish,
    });
  }
  const paymentGateway =
    hooks.paymentGateway ?? gatewayFromEnv(process.env, undefined, { dataDir: config.DATA_DIR });
  // The payment step's browser library and the hosts the storefront's CSP opens for it (issue 14).
  const cardTokenizer = cardTokenizerFromEnv(hooks.paymentEnv ?? process.env);
  const retrySchedule: RetrySchedule = {
    soft: parseRetryDays(config.SUBSCRIPTION_SOFT_RETRY_DAYS),
    hard: parseRetryDays(config.SUBSCRIPTION_HARD_RETRY_DAYS),
  };
  const jobs: ScheduledJob[] = [
    {
      // Requested mails, and failed ones whose retry is due (issue 15; services/src/mail).
      name: 'send-mail',
      schedule: config.MAIL_DISPATCH_CRON,
      run: (run) => mail.sendDue(run),
    },
    {
      // Payments a stopped process left PENDING, asked of the provider by their key (issue 14).
      name: 'reconcile-payments',
      schedule: config.RECONCILE_PAYMENTS_CRON,
      run: async (run) => {
        const { looked, settled } = await reconcilePendingPayments({
          eventStore: engines.eventStore,
          readStore: engines.readStore,
          gateway: paymentGateway,
          clock,
          logger,
          webpayLifetimeMs: config.WEBPAY_TRANSACTION_LIFETIME_MS,
          // A monthly sale's first payment found approved records its Subscription (issue 15).
          startSubscription: subscriptionStarter(engines.eventStore, operationDayOf(engines.readStore)),
        });
        // The ones not settled are asked again next run: looked at, neither done nor failed.
        await run.setTotal(looked);
        await run.progress(settled);
      },
    },
    // Arrears (002-4.17) and resume-contracting (002-4.18) reminders, each once (issue 15).
    sendRemindersJob(
      {
        eventStore: engines.eventStore,
        readStore: engines.readStore,
        mail: mail.requester,
        clock,
        logger,
        concurrency: config.JOB_ITEM_CONCURRENCY,
      },
      config.REMINDERS_CRON,
    ),
    // Monthly subscriptions' charges and retries (issue 15).
    chargeSubscriptionsJob({
      schedule: config.CHARGE_SUBSCRIPTIONS_CRON,
      eventStore: engines.eventStore,
      readStore: engines.readStore,
      gateway: paymentGateway,
      clock,
      logger,
      retrySchedule,
      concurrency: config.JOB_ITEM_CONCURRENCY,
    }),
  ];
  if (roles.has('scheduler')) {
    // Runs recorded as events, one scheduler process at a time per job (services/src/jobs, issue 15).
    const recorder = runRecorder({
      eventStore: engines.eventStore,
      leases: jobLeases(engines.eventStore, clock, config.JOB_LEASE_TTL_MS),
      clock,
      logger,
      schedulerId: config.SCHEDULER_ID ?? `${hostname()}:${process.pid}`,
      renewEveryMs: Math.max(500, Math.floor(config.JOB_LEASE_TTL_MS / 3)),
    });
    scheduler = startScheduler(logger, jobs, clock, recorder);
    runRequests = await pollRunRequests({
      eventStore: engines.eventStore,
      scheduler,
      logger,
      everyMs: config.JOB_REQUEST_POLL_MS,
    });
  }

  const visibility: Visibility = runner
    ? { waitUntilVisible: (target, names, timeoutMs) => runner.waitUntilVisible(target, names, timeoutMs) }
    : remoteVisibility(engines.readStore, engines.partitionKeyOf);
  const context: AppContext = {
    eventStore: engines.eventStore,
    readStore: engines.readStore,
    visibility,
    clock,
    config: {
      publicOrigins: config.PUBLIC_ORIGINS.map((origin) => new URL(origin).origin),
      bodyLimitBytes: config.BODY_LIMIT_BYTES,
      readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
      editionHosts: config.EDITION_HOSTS,
      frameAncestors: config.FRAME_ANCESTORS,
      providerSources: cardTokenizer.sources,
      trustedProxies: config.TRUSTED_PROXIES,
      compressMinBytes: config.COMPRESS_MIN_BYTES,
      formActionOrigins: formActionOriginsOf(paymentGateway),
      versionCheck: config.STOREFRONT_VERSION_CHECK
        ? { reloads: config.STOREFRONT_VERSION_RELOADS }
        : undefined,
    },
    logger,
    rateLimits: createRateLimits(engines.rateLimits, rateLimitSettingsOf(config), logger),
    sharedState: engines.rateLimits.state,
    // Identity answers who calls; the closure reads this very context (config, clock, read store).
    authenticator: {
      authenticate: (req, options) =>
        identityAuthenticator({ ...context, identity: settings.identity }).authenticate(req, options),
    },
  };
  const modules = [
    ...domainModules(settings),
    ...configuredModules({
      paymentGateway,
      retrySchedule,
      resumeMail: { requester: mail.requester, publicUrl: mail.settings.publicUrl },
      notificationSecrets: notificationSecretsFromEnv(hooks.paymentEnv ?? process.env),
      cardTokenizer: cardTokenizer.tokenizer,
      // 'Transferencia bancaria': TRANSFER_ACCOUNT_*, or the demo account with demo data (issue 14).
      transferAccount: transferAccountFromEnv(hooks.paymentEnv ?? process.env, settings.identity.demoUsers),
      dataDir: config.DATA_DIR,
      bulkLoadProgressEvery: config.BULK_LOAD_PROGRESS_EVERY,
      bulkLoadRetention: {
        validatedDays: config.BULK_LOAD_VALIDATED_DAYS,
        fileDays: config.BULK_LOAD_FILE_DAYS,
        maxBytes: config.BULK_LOADS_MAX_BYTES,
      },
      demoData: settings.identity.demoUsers,
    }),
    mail.module,
    jobsModule({
      jobs: jobs.map((job) => ({
        name: job.name,
        schedule: job.schedule,
        timeZone: job.timeZone ?? DEFAULT_JOB_TIME_ZONE,
      })),
      scheduler: scheduler ?? null,
      leaseTtlMs: config.JOB_LEASE_TTL_MS,
    }),
  ];
  if (roles.has('api')) {
    for (const module of modules) await module.start?.(context);
  }
  const opsToken = opsTokenOf(config);
  const ops: HttpModule = {
    name: 'ops',
    routes: () => opsRoutes(runner, engines.readStore, opsToken),
  };
  const app = createApp({
    context,
    modules: [
      ops,
      ...(hooks.extraModules ?? []),
      // The edition of the host first, for every route; the storefront last: its index.html answers the
      // page paths no API route took.
      ...(roles.has('api') ? [editionModule, ...modules, adminConsoleModule, storefrontModule] : []),
    ],
    logger,
    probe: {
      draining: () => draining,
      readiness: () => {
        const checks: Record<string, boolean> = {
          accepting: !draining,
          eventStore: engines.eventStore.healthy?.() ?? true,
        };
        if (runner) checks.projections = runner.ready();
        if (relay) checks.relay = true;
        return { ready: Object.values(checks).every(Boolean), checks };
      },
      metrics: () => renderMetrics({ eventStore: engines.eventStore, relay, runner, startedAt }),
    },
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  // Slow clients cannot hold a connection forever; keep-alive longer than typical proxies' idle timeouts.
  server.headersTimeout = 15_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  logger.info({ port, startupMs: Date.now() - startedAt }, 'listening');

  let stopping: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    engines,
    runner,
    relay,
    mail,
    stop() {
      stopping ??= (async () => {
        draining = true;
        logger.info({}, 'shutting down: draining requests');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // A keep-alive connection whose request was running at SIGTERM turns idle when it finishes: close
        // those as they appear, so the drain lasts as long as the slowest request, not the whole timeout.
        server.closeIdleConnections();
        const idleCloser = setInterval(() => server.closeIdleConnections(), 100);
        const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
        await closed;
        clearInterval(idleCloser);
        clearTimeout(timer);
        runRequests?.stop();
        await scheduler?.stop();
        await relay?.stop();
        await runner?.stop();
        // After the reactors stopped asking for mails, before the stores close under the sends in flight.
        await mail.close();
        await engines.close();
        await paymentGateway.close?.();
        logger.info({}, 'stopped');
      })();
      return stopping;
    },
  };
}
