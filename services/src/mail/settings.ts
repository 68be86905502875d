import { z } from 'zod';

/**
 * Where and how mail goes, from the environment (README.md, "Configuration"). Without `SMTP_URL` or
 * `SMTP_HOST` the embedded transport renders each message in memory and the outbox keeps it: a fresh clone
 * sends nothing anywhere and shows every mail in the console. Secrets (`SMTP_PASS`, a password in
 * `SMTP_URL`) are read here, handed to nodemailer, and never logged or echoed by an error.
 */
const MailEnv = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /** Seconds nodemailer waits to connect, for the greeting and on an idle socket: below the claim's lease. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  MAIL_FROM: z.string().min(3).default('Cubre <no-responder@cubre.example>'),
  /** The mailbox that takes the reminders' unsubscribe requests (README, "Unsubscribe"). */
  MAIL_UNSUBSCRIBE_TO: z.email().default('baja@cubre.example'),
  /** The console's address, for the links of the staff's mails. */
  MAIL_CONSOLE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000/admin'),
  /** The public site's address: the reminders' one-click unsubscribe links point there. */
  MAIL_PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  /** Signs those links; every process that sends or answers them shares it (else DATA_DIR's own). */
  MAIL_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
});

export type SmtpSettings =
  | { kind: 'embedded' }
  | {
      kind: 'smtp';
      url?: string;
      host?: string;
      port: number;
      secure: boolean;
      auth?: { user: string; pass: string };
      timeoutMs: number;
    };

export interface MailSettings {
  smtp: SmtpSettings;
  from: string;
  unsubscribeTo: string;
  consoleUrl: string;
  /** Where the unsubscribe links point (`MAIL_PUBLIC_URL`). */
  publicUrl: string;
  /** `MAIL_LINK_SECRET`, or null: the runtime's DATA_DIR secret signs the links. */
  linkSecret: string | null;
  /** The right-hand side of every Message-ID: the sender's domain. */
  messageIdDomain: string;
}

export class MailConfigError extends Error {
  override readonly name = 'MailConfigError';
}

export function mailSettingsFromEnv(env: NodeJS.ProcessEnv): MailSettings {
  const parsed = MailEnv.safeParse(env);
  if (!parsed.success) {
    // The variable's name and rule, never its value (it may be a password).
    const issue = parsed.error.issues[0]!;
    throw new MailConfigError(`${issue.path.join('.')}: ${issue.message}`);
  }
  const settings = parsed.data;
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.MAIL_FROM)?.[1];
  if (!domain) throw new MailConfigError('MAIL_FROM: an address such as "Cubre <no-responder@cubre.cl>"');
  const smtp: SmtpSettings =
    settings.SMTP_URL || settings.SMTP_HOST
      ? {
          kind: 'smtp',
          url: settings.SMTP_URL,
          host: settings.SMTP_HOST,
          port: settings.SMTP_PORT,
          secure: settings.SMTP_SECURE,
          auth:
            settings.SMTP_USER && settings.SMTP_PASS
              ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS }
              : undefined,
          timeoutMs: settings.SMTP_TIMEOUT_MS,
        }
      : { kind: 'embedded' };
  return {
    smtp,
    from: settings.MAIL_FROM,
    unsubscribeTo: settings.MAIL_UNSUBSCRIBE_TO,
    consoleUrl: settings.MAIL_CONSOLE_URL,
    publicUrl: settings.MAIL_PUBLIC_URL,
    linkSecret: settings.MAIL_LINK_SECRET ?? null,
    messageIdDomain: domain,
  };
}

/** How the dispatcher retries and how long a claim holds (RuntimeConfig's MAIL_* settings). */
export interface DispatchSettings {
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  leaseMs: number;
}

/** The wait before attempt n+1 after attempt n failed: base·2^(n−1), at most max. */
export const backoffMs = (attempt: number, settings: Pick<DispatchSettings, 'retryBaseMs' | 'retryMaxMs'>) =>
  Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** Math.max(0, attempt - 1));
