import { randomUUID } from 'node:crypto';
import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import type { CommandMetadata } from '@cubre/schemas/commands';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import { isWrongExpectedRevision, type EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { errorKindOf } from './errorKinds';
import {
  MailDomainEvent,
  claimable,
  mailDecider,
  mailStream,
  type MailCommand,
  type MailState,
} from './mailDecider';
import { backoffMs, type DispatchSettings, type MailSettings } from './settings';
import { REMINDER_TEMPLATES, renderMail, unsubscribeMailto } from './templates/render';
import type { MailTransport } from './transport';
import { isUnsubscribed } from './suppression';
import type { UnsubscribeLinks } from './unsubscribeLinks';

const aggregate = { decider: mailDecider, eventSchema: MailDomainEvent };
export const MAIL_DISPATCHER = 'mail-dispatcher';

/** What a scheduler run takes of the dispatcher's counts (the scheduler's `JobRun`). */
export interface DispatchReport {
  setTotal(total: number): Promise<void>;
  progress(done: number, failed?: number): Promise<void>;
  itemFailed(itemKey: string, reason: string): Promise<void>;
}

/** `suppressed`: not sent, for good, because its recipient unsubscribed from the reminders. */
export type DispatchOutcome = 'sent' | 'failed' | 'skipped' | 'suppressed';

export interface MailDispatcherDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  transport: MailTransport;
  clock: () => Date;
  logger: Logger;
  settings: MailSettings;
  dispatch: DispatchSettings;
  /** Signs the reminders' one-click unsubscribe links. */
  links: UnsubscribeLinks;
}

export interface MailDispatcher {
  /** Sends one mail if it is due and this dispatcher wins its claim. */
  dispatchOne(mailId: string): Promise<DispatchOutcome>;
  /** Sends every due mail the outbox lists (the `send-mail` job). */
  dispatchDue(
    report?: DispatchReport,
  ): Promise<{ sent: number; failed: number; skipped: number; suppressed: number }>;
  /** Sends one mail soon, without waiting for the job (a request in the scheduler's process). */
  kick(mailId: string): void;
  /** Waits for the kicked sends still running. */
  idle(): Promise<void>;
}

/**
 * RFC 2369 and RFC 8058: a one-click https link first (mail clients POST `List-Unsubscribe=One-Click` to
 * it), the desk's mailbox after it; a mail rendered before the links existed carries its mailto only.
 */
function unsubscribeHeaders(unsubscribe: string | null, mailto: string): Record<string, string> {
  if (!unsubscribe) return {};
  if (!unsubscribe.startsWith('http')) return { 'List-Unsubscribe': `<${unsubscribe}>` };
  return {
    'List-Unsubscribe': `<${unsubscribe}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The Message-ID of a mail: derived from its key (through its id), so a resend carries the same one. */
export const messageIdOf = (mailId: string, domain: string) => `<${mailId}@${domain}>`;

/** How many due mails one page of the job reads; the job reads pages until none is left that it has not tried. */
const PAGE = 200;

/**
 * The dispatcher (issue 15): claims a due mail with the revision it read (one dispatcher wins), renders it
 * on its first claim (the words are recorded with the claim), calls the transport, and records `MailSent`
 * or `MailFailed` with the next try's time (exponential backoff, given up after `maxAttempts` or a
 * permanent refusal). Logs carry ids, the template and error kinds, never an address or a server's text.
 */
export function mailDispatcher(deps: MailDispatcherDeps): MailDispatcher {
  const log = deps.logger.child({ component: MAIL_DISPATCHER });
  const pending = new Set<Promise<unknown>>();
  const metadata = (mailId: string, now: string): CommandMetadata => ({
    commandId: randomUUID(),
    correlationId: mailId,
    causationId: null,
    actor: { kind: 'system', id: MAIL_DISPATCHER },
    receivedAt: now,
  });

  async function claim(
    mailId: string,
  ): Promise<{ state: MailState & { status: 'claimed' }; claimId: string } | 'suppressed' | null> {
    const stream = mailStream(mailId);
    const { state, revision } = await loadAggregate(deps.eventStore, aggregate, stream);
    const now = deps.clock();
    if (state.status === 'empty' || !claimable(state, now.toISOString())) return null;
    if (
      REMINDER_TEMPLATES.has(state.mail.template) &&
      (await isUnsubscribed(deps.eventStore, state.mail.to.email))
    ) {
      return suppress(mailId, revision, now.toISOString());
    }
    const claimId = randomUUID();
    const rendered = state.rendered ?? {
      mailId,
      ...renderMail(state.mail, {
        unsubscribeTo: deps.settings.unsubscribeTo,
        mailId,
        unsubscribeUrl: deps.links.urlOf(mailId),
      }),
    };
    const command: MailCommand = {
      type: 'ClaimMail',
      claimId,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + deps.dispatch.leaseMs).toISOString(),
      rendered,
    };
    try {
      const result = await handleCommand(
        deps.eventStore,
        aggregate,
        stream,
        command,
        metadata(mailId, now.toISOString()),
        {
          expectedRevision: revision,
        },
      );
      return result.state.status === 'claimed'
        ? { state: result.state as MailState & { status: 'claimed' }, claimId }
        : null;
    } catch (error) {
      // Another dispatcher claimed it first, or it stopped being due: not ours to send.
      if (isWrongExpectedRevision(error) || error instanceof CommandRejected) return null;
      throw error;
    }
  }

  /** Records that the mail will never go out; a claim that won meanwhile sends it (its recipient asked late). */
  async function suppress(mailId: string, revision: number, now: string): Promise<'suppressed' | null> {
    try {
      const result = await handleCommand(
        deps.eventStore,
        aggregate,
        mailStream(mailId),
        { type: 'SuppressMail', now },
        metadata(mailId, now),
        { expectedRevision: revision },
      );
      return result.events.length > 0 ? 'suppressed' : null;
    } catch (error) {
      if (isWrongExpectedRevision(error)) return null;
      throw error;
    }
  }

  async function record(mailId: string, command: MailCommand) {
    const now = deps.clock().toISOString();
    await handleCommand(deps.eventStore, aggregate, mailStream(mailId), command, metadata(mailId, now));
  }

  async function dispatchOne(mailId: string): Promise<DispatchOutcome> {
    const claimed = await claim(mailId);
    if (!claimed) return 'skipped';
    if (claimed === 'suppressed') {
      log.info({ mailId }, 'mail not sent: the recipient unsubscribed');
      return 'suppressed';
    }
    const { state, claimId } = claimed;
    const attempt = state.attempts;
    const rendered = state.rendered!;
    const messageId = messageIdOf(mailId, deps.settings.messageIdDomain);
    const context = { mailId, template: state.mail.template, attempt };
    try {
      await deps.transport.send({
        from: deps.settings.from,
        to: { name: state.mail.to.name, address: state.mail.to.email },
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId,
        headers: {
          'X-Cubre-Mail-Id': mailId,
          ...unsubscribeHeaders(
            rendered.unsubscribe,
            unsubscribeMailto({ unsubscribeTo: deps.settings.unsubscribeTo, mailId }),
          ),
        },
      });
    } catch (error) {
      const { kind, permanent } = errorKindOf(error);
      const failedAt = deps.clock();
      const retryAt =
        permanent || attempt >= deps.dispatch.maxAttempts
          ? null
          : new Date(failedAt.getTime() + backoffMs(attempt, deps.dispatch)).toISOString();
      await record(mailId, {
        type: 'RecordFailure',
        claimId,
        errorKind: kind,
        failedAt: failedAt.toISOString(),
        retryAt,
      });
      log.warn(
        { ...context, errorKind: kind, retryAt },
        retryAt ? 'mail failed; retried later' : 'mail failed for good',
      );
      return 'failed';
    }
    await record(mailId, { type: 'RecordSent', claimId, messageId, sentAt: deps.clock().toISOString() });
    log.info({ ...context, transport: deps.transport.kind }, 'mail sent');
    return 'sent';
  }

  return {
    dispatchOne,
    async dispatchDue(report) {
      const outbox = deps.readStore.collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION);
      const now = deps.clock().toISOString();
      const totals = { sent: 0, failed: 0, skipped: 0, suppressed: 0 };
      await report?.setTotal(await outbox.count({ dueAt: { $lte: now } }));
      // Walked in (dueAt, _id) order past the last one seen: a mail the read model still shows as due
      // after this run tried it is not tried again in the same run.
      let after: { dueAt: string; _id: string } | null = null;
      for (;;) {
        const page: MailOutboxDocument[] = await outbox.find(
          after
            ? {
                dueAt: { $lte: now },
                $or: [{ dueAt: { $gt: after.dueAt } }, { dueAt: after.dueAt, _id: { $gt: after._id } }],
              }
            : { dueAt: { $lte: now } },
          { sort: { dueAt: 1, _id: 1 }, limit: PAGE },
        );
        let done = 0;
        let failed = 0;
        for (const doc of page) {
          const outcome = await dispatchOne(doc._id).catch((error: unknown) => {
            log.error({ mailId: doc._id, errorKind: errorKindOf(error).kind }, 'mail dispatch error');
            return 'failed' as const;
          });
          totals[outcome]++;
          if (outcome === 'failed') {
            failed++;
            await report?.itemFailed(doc._id, 'mail failed');
          } else done++;
        }
        if (page.length > 0) await report?.progress(done, failed);
        if (page.length < PAGE) break;
        const last = page[page.length - 1]!;
        after = { dueAt: last.dueAt!, _id: last._id };
      }
      return totals;
    },
    kick(mailId) {
      const sending = dispatchOne(mailId)
        .catch((error: unknown) =>
          log.error({ mailId, errorKind: errorKindOf(error).kind }, 'mail dispatch error'),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
