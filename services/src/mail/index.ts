import { MAIL_CATEGORY } from '@cubre/schemas/mail/events';
import { MAIL_SUPPRESSION_CATEGORY } from '@cubre/schemas/mail/suppression';
import type { MailRequester } from '@cubre/schemas/mail/mailRequest';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection } from '@cubre/platform/projections/projection';
import { Router } from 'express';
import { mailAdminRoutes } from './adminRoutes';
import { mailDispatcher, type DispatchReport, type MailDispatcher } from './dispatcher';
import { leadMailReactor } from './leadMail';
import { mailRequester } from './requester';
import { mailSettingsFromEnv, type DispatchSettings, type MailSettings } from './settings';
import { createMailTransport, type MailTransport } from './transport';
import { unsubscribeLinks } from './unsubscribeLinks';
import { unsubscribeRoutes } from './unsubscribeRoutes';

export interface MailRuntimeOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  logger: Logger;
  /** SMTP_*, MAIL_FROM, MAIL_UNSUBSCRIBE_TO, MAIL_CONSOLE_URL (README.md, "Configuration"). */
  env: NodeJS.ProcessEnv;
  dispatch: DispatchSettings;
  /** This process runs the scheduler role: a request (or a retry) is sent at once, not at the next run. */
  sendsAtOnce: boolean;
  /** Tests hand their own transport (a real SMTP server on loopback is the settings' business too). */
  transport?: MailTransport;
  /** Signs the unsubscribe links when `MAIL_LINK_SECRET` is not set (the runtime's DATA_DIR secret). */
  linkSecret: string;
}

/** The mail domain as the runtime starts it: one transport, one dispatcher, the port, module and reactor. */
export interface MailRuntime {
  settings: MailSettings;
  transport: MailTransport;
  dispatcher: MailDispatcher;
  /** The `MailRequester` port for the other domains' jobs and reactors. */
  requester: MailRequester;
  module: HttpModule & { categories: string[] };
  /** The lead mails' reactor (projector role). */
  reactor: Projection;
  /** The `send-mail` job's work: every due mail. */
  sendDue(report: DispatchReport): Promise<void>;
  close(): Promise<void>;
}

/**
 * The mail domain (issue 15): other domains request mails through the `MailRequester` port
 * (schemas/src/mail/mailRequest.ts); the dispatcher sends them once per key through nodemailer, the outbox
 * shows them in the console. Decisions: README.md beside this file.
 */
export function startMail(options: MailRuntimeOptions): MailRuntime {
  const settings = mailSettingsFromEnv(options.env);
  const transport = options.transport ?? createMailTransport(settings.smtp);
  const links = unsubscribeLinks(settings.publicUrl, settings.linkSecret ?? options.linkSecret);
  const dispatcher = mailDispatcher({ ...options, transport, settings, links });
  const kick = options.sendsAtOnce ? (mailId: string) => dispatcher.kick(mailId) : undefined;
  return {
    settings,
    transport,
    dispatcher,
    requester: mailRequester(options.eventStore, options.clock, { onRequested: kick }),
    module: {
      name: 'mail',
      categories: [MAIL_CATEGORY, MAIL_SUPPRESSION_CATEGORY],
      routes: (context: AppContext) =>
        Router()
          .use(mailAdminRoutes(context, kick))
          .use(unsubscribeRoutes({ eventStore: options.eventStore, links, clock: options.clock })),
    },
    reactor: leadMailReactor({
      ...options,
      consoleUrl: settings.consoleUrl,
      requester: { onRequested: kick },
    }),
    async sendDue(report) {
      await dispatcher.dispatchDue(report);
    },
    async close() {
      await dispatcher.idle();
      transport.close();
    },
  };
}

export { mailRequester, type MailRequesterOptions } from './requester';
export { mailIdOf, mailStream } from './mailDecider';
export { messageIdOf } from './dispatcher';
export { LEAD_MAIL } from './leadMail';
export type { MailTransport, OutgoingMail } from './transport';
export type { DispatchSettings } from './settings';
