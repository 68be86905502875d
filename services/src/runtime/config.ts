import cron from 'node-cron';
import { z } from 'zod';
import { EditionHostsSetting } from '@cubre/platform/http/editions';

export const ROLES = ['api', 'relay', 'projector', 'scheduler'] as const;
export type Role = (typeof ROLES)[number];

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A number of calls in a rate limit's window (0: no such limit). */
/** Subscription retry days: ascending whole days from 1 to 27 (services/src/subscriptions/retryPolicy.ts). */
const RETRY_DAYS_RULE = 'ascending whole days from 1 to 27, comma-separated';
const retryDaysValid = (text: string) => {
  const days = text.split(',').map((part) => Number(part.trim()));
  return days.every(
    (day, index) => Number.isInteger(day) && day >= 1 && day <= 27 && (index === 0 || day > days[index - 1]!),
  );
};
const allowance = (fallback: number) => z.coerce.number().int().min(0).max(10_000_000).default(fallback);

/**
 * Every setting comes from the environment (twelve-factor); the defaults run the embedded runtime.
 * A bad value stops the process at start with the variable's name, never later.
 */
export const RuntimeConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  ROLES: z
    .string()
    .default(ROLES.join(','))
    .transform(list)
    .pipe(z.array(z.enum(ROLES)).min(1, 'at least one role')),
  EVENTSTORE_URL: z.string().min(1).optional(),
  KAFKA_BROKERS: z
    .string()
    .transform(list)
    .pipe(z.array(z.string().regex(/^[^:]+:\d+$/, 'host:port')).min(1))
    .optional(),
  KAFKA_CLIENT_ID: z.string().default('cubre'),
  /** Partitions of each topic the relay creates; the api role maps a stream to its partition with it. */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(6),
  /** Off only against librdkafka's mock cluster, which has no idempotent producer. */
  KAFKA_IDEMPOTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The relay creates its topics at start; off where topics are managed elsewhere (or pre-created). */
  KAFKA_CREATE_TOPICS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1),
  MONGO_URL: z.string().min(1).optional(),
  /** SQLite's page cache for the embedded read store (readmodels.sqlite), in MiB. */
  READ_STORE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  MONGO_DB: z.string().default('cubre'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGINS: z
    .string()
    .default('')
    .transform(list)
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** Origins allowed to frame the site (CSP frame-ancestors), space- or comma-separated; none by default. */
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform(list)
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
  /**
   * The reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses or CIDRs,
   * comma- or space-separated. Empty (the default): none, the socket's address is the client's (issue 13).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform(list)
    .pipe(
      z.array(
        z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
          error: 'TRUSTED_PROXIES lista direcciones IP o rangos CIDR (10.0.0.1, 10.0.0.0/8)',
        }),
      ),
    ),
  COMPRESS_MIN_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 * 1024)
    .default(1024),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(100 * 1024),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Bearer token for /ops; without it each process keeps a random one in DATA_DIR/ops-token. */
  OPS_TOKEN: z.string().min(16).optional(),
  /**
   * The storefront's version check (seed 001 §4, 002 §9): off by default; on, a production build compares
   * GET /api/qp-version with its own version and reloads on a mismatch, at most STOREFRONT_VERSION_RELOADS
   * times in a row (the count kept in the visitor's local storage), so a stale cache never loops.
   */
  STOREFRONT_VERSION_CHECK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STOREFRONT_VERSION_RELOADS: z.coerce.number().int().min(1).max(10).default(1),
  /** Compare calls per client and minute before the "Soy humano!" check; 0 turns the limit off. */
  COMPARE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  /**
   * Budgets of the comparator's caches in MB (issue 13): ranked results (4 bytes a card once sorted, up to
   * 20 before) and pages as sent, plain and compressed. Bounded in bytes, whatever queries arrive.
   */
  COMPARATOR_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  COMPARATOR_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(32),
  /**
   * Anonymous writes (issue 13), per family: calls per client and hour before a 429, calls per client and
   * hour before the "Soy humano!" check (forms a person fills), calls of all clients per minute before a
   * 429. 0 turns that limit off. README.md, "Rate limits".
   */
  RATE_LIMIT_LEADS_PER_CLIENT_HOUR: allowance(30),
  RATE_LIMIT_LEADS_HUMAN_CHECK_HOUR: allowance(5),
  RATE_LIMIT_LEADS_TOTAL_MINUTE: allowance(600),
  // An online purchase: its sale, steps, card token and payment (one purchase makes six or more calls).
  RATE_LIMIT_PURCHASE_PER_CLIENT_HOUR: allowance(120),
  RATE_LIMIT_PURCHASE_HUMAN_CHECK_HOUR: allowance(30),
  RATE_LIMIT_PURCHASE_TOTAL_MINUTE: allowance(600),
  RATE_LIMIT_CONTACT_PER_CLIENT_HOUR: allowance(20),
  RATE_LIMIT_CONTACT_HUMAN_CHECK_HOUR: allowance(3),
  RATE_LIMIT_CONTACT_TOTAL_MINUTE: allowance(300),
  RATE_LIMIT_PROFILE_PER_CLIENT_HOUR: allowance(120),
  RATE_LIMIT_PROFILE_HUMAN_CHECK_HOUR: allowance(30),
  RATE_LIMIT_PROFILE_TOTAL_MINUTE: allowance(1200),
  RATE_LIMIT_LINKS_PER_CLIENT_HOUR: allowance(120),
  RATE_LIMIT_LINKS_TOTAL_MINUTE: allowance(1200),
  // The console's password choices (an invitation's link, the password change): each may hash a password.
  RATE_LIMIT_PASSWORD_PER_CLIENT_HOUR: allowance(30),
  RATE_LIMIT_PASSWORD_TOTAL_MINUTE: allowance(120),
  RATE_LIMIT_RETURNS_PER_CLIENT_HOUR: allowance(60),
  RATE_LIMIT_RETURNS_TOTAL_MINUTE: allowance(600),
  /** When the scheduler settles payments a stopped process left PENDING (node-cron, Chile's time zone). */
  RECONCILE_PAYMENTS_CRON: z
    .string()
    .default('* * * * *')
    .refine((expression) => cron.validate(expression), 'a node-cron expression (five or six fields)'),
  /**
   * How long a Webpay Plus transaction may still be paid after its redirect started (issue 14): Transbank's
   * documented 5 minutes of token plus 5 of Webpay's form. Reconciliation asks Transbank about a payment left
   * PENDING only after it, and fails one nobody finished (services/src/payments/README.md, "Reconciliation").
   */
  WEBPAY_TRANSACTION_LIFETIME_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(7 * 86_400_000)
    .default(10 * 60_000),
  /**
   * The scheduler's job leases (issue 15, services/src/jobs): a run holds its job this long past its last
   * renewal (renewed every third of it), so a killed scheduler's job is taken over by another within it.
   * SCHEDULER_ID names this process in the runs and leases (host:pid by default).
   */
  JOB_LEASE_TTL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  SCHEDULER_ID: z.string().min(1).max(200).optional(),
  /** How often a scheduler role reads "Ejecutar ahora" requests made by an api in another process. */
  JOB_REQUEST_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  /**
   * When the scheduler sends the arrears and resume-contracting reminders due (issue 15; node-cron, Chile's
   * time zone): hourly from 9:00 to 20:00, so a reminder never arrives at night.
   */
  /**
   * How many items of a page the charge run and the reminder run handle at once (issue 15): each waits for
   * its own durable commits, and those in flight together are committed as one group.
   */
  JOB_ITEM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(32),
  REMINDERS_CRON: z
    .string()
    .default('0 9-20 * * *')
    .refine((expression) => cron.validate(expression), 'a node-cron expression (five or six fields)'),
  // Subscriptions (issue 15): the daily charge run (node-cron, Chile's time zone) and its retry days, counted
  // from a period's due date (services/src/subscriptions/README.md, "Retries").
  CHARGE_SUBSCRIPTIONS_CRON: z
    .string()
    .default('0 6 * * *')
    .refine((expression) => cron.validate(expression), 'a node-cron expression (five or six fields)'),
  SUBSCRIPTION_SOFT_RETRY_DAYS: z
    .string()
    .default('1,2,3,5,7,10,14,21,25')
    .refine(retryDaysValid, RETRY_DAYS_RULE),
  SUBSCRIPTION_HARD_RETRY_DAYS: z.string().default('5,15,25').refine(retryDaysValid, RETRY_DAYS_RULE),
  // Mail (issue 15; services/src/mail/README.md). SMTP_* and MAIL_FROM are read by the mail domain itself.
  /** When the scheduler sends due mails (node-cron, Chile's time zone); a request also sends at once. */
  MAIL_DISPATCH_CRON: z
    .string()
    .default('* * * * *')
    .refine((expression) => cron.validate(expression), 'a node-cron expression (five or six fields)'),
  /** Wait before the second attempt of a failed mail; doubled each attempt, up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  MAIL_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(7 * 86_400_000)
    .default(6 * 3_600_000),
  /** Attempts before a mail is given up (the console's "Reintentar" starts it again). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** How long a claim holds before another dispatcher takes the mail as left by a dead process. */
  MAIL_CLAIM_LEASE_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(600_000),
  LAG_LOG_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  /**
   * Events a projection applies per unit of work when it catches up or rebuilds: each unit becomes durable
   * with its progress, so smaller batches commit more often (a kill loses less) and larger ones go faster.
   */
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5000),
  /**
   * Key that signs the console's tokens (HS256), 32 characters or more. Every api instance must share it;
   * without it the embedded runtime keeps a random one in DATA_DIR/auth-secret.
   */
  AUTH_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  AUTH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(8 * 3600),
  /** A password older than this must be changed (PASSWORD_EXPIRED, rule 002-8.03). */
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** scrypt cost (a power of two): 65536 uses 64 MiB per hash. */
  PASSWORD_SCRYPT_N: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && n <= 1 << 20 && (n & (n - 1)) === 0, 'a power of two from 1024 to 1048576')
    .default(65536),
  /**
   * Failed logins in a row for one key (a trusted device, an account's untrusted clients, a client
   * address) before it waits LOGIN_LOCK_SECONDS, doubled at each further lock (identity/README.md).
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** A lead of the same RUT or e-mail for the same product within this many days is Duplicado (0: off). */
  LEAD_DUPLICATE_WINDOW_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Which edition each host serves: `host=EDITION,…` (and `*=EDITION` for the rest); see @cubre/platform/http/editions.ts. */
  EDITION_HOSTS: EditionHostsSetting,
  /** Demo users (admin@demo.cl … with Demo.2026!): on unless NODE_ENV is production. */
  DEMO_USERS: z.enum(['on', 'off']).optional(),
  /** Rows a bulk load reads between two progress events (issue 16: the console's progress bar). */
  BULK_LOAD_PROGRESS_EVERY: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** A bulk load left VALIDATED this many days expires: FAILED, its file and plan removed (groupInsurance/README.md). */
  BULK_LOAD_VALIDATED_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** A finished bulk load's uploaded file is removed this many days after the load's last change. */
  BULK_LOAD_FILE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Bytes DATA_DIR/bulk-loads may hold: an upload that could take it past them is a 507. */
  BULK_LOADS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 ** 3),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const parsed = RuntimeConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Which engine each port runs on: embedded unless its server's URL is given. */
export function engineChoice(config: RuntimeConfig) {
  return {
    eventStore: config.EVENTSTORE_URL ? ('eventstoredb' as const) : ('sqlite' as const),
    bus: config.KAFKA_BROKERS ? ('kafka' as const) : ('inprocess' as const),
    readStore: config.MONGO_URL ? ('mongodb' as const) : ('sqlite' as const),
  };
}
