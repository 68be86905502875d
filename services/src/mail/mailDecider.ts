import {
  MAIL_CATEGORY,
  MailClaimedData,
  MailFailedData,
  MailRenderedData,
  MailRequestedData,
  MailRetryRequestedData,
  MailSentData,
  MailSuppressedData,
  type MailErrorKind,
} from '@cubre/schemas/mail/events';
import { z } from 'zod';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';

/** The mail's id, derived from its key: the same key always lands on the same stream, whoever asks. */
export const mailIdOf = (key: string) => derivedId('mail', key);
/** Stream of one mail: `mail-{mailId}`. */
export const mailStream = (mailId: string) => `${MAIL_CATEGORY}-${mailId}`;

export const MailDomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('MailRequested'), data: MailRequestedData }),
  z.object({ type: z.literal('MailClaimed'), data: MailClaimedData }),
  z.object({ type: z.literal('MailRendered'), data: MailRenderedData }),
  z.object({ type: z.literal('MailSent'), data: MailSentData }),
  z.object({ type: z.literal('MailFailed'), data: MailFailedData }),
  z.object({ type: z.literal('MailRetryRequested'), data: MailRetryRequestedData }),
  z.object({ type: z.literal('MailSuppressed'), data: MailSuppressedData }),
]);
export type MailDomainEvent = z.infer<typeof MailDomainEvent>;
type Requested = z.infer<typeof MailRequestedData>;
export type Rendered = z.infer<typeof MailRenderedData>;

export type MailStatus = 'requested' | 'claimed' | 'sent' | 'failed' | 'suppressed';

export type MailState =
  | { status: 'empty' }
  | {
      status: MailStatus;
      mail: Requested;
      attempts: number;
      claim: { attempt: number; claimId: string; leaseUntil: string } | null;
      /** When a failed mail may be tried again; null once given up (until staff ask for a retry). */
      retryAt: string | null;
      /** What the first claim rendered: every attempt sends it. */
      rendered: Rendered | null;
    };

export type MailCommand =
  | { type: 'RequestMail'; data: Requested }
  | { type: 'ClaimMail'; claimId: string; now: string; leaseUntil: string; rendered: Rendered }
  | { type: 'RecordSent'; claimId: string; messageId: string; sentAt: string }
  | {
      type: 'RecordFailure';
      claimId: string;
      errorKind: MailErrorKind;
      failedAt: string;
      retryAt: string | null;
    }
  | { type: 'RetryMail'; requestedAt: string }
  /** The recipient unsubscribed: a mail not yet sent never will be (only while nobody holds a claim). */
  | { type: 'SuppressMail'; now: string };

/** Whether a dispatcher may take the mail now: new, due for a retry, or left by a claimer that died. */
export function claimable(state: MailState, now: string): boolean {
  if (state.status === 'requested') return !state.mail.notBefore || state.mail.notBefore <= now;
  if (state.status === 'failed') return state.retryAt !== null && state.retryAt <= now;
  if (state.status === 'claimed') return state.claim !== null && state.claim.leaseUntil <= now;
  return false;
}

/**
 * One mail (issue 15): requested once per key, claimed for an attempt before the transport is called (the
 * append's expected revision lets one dispatcher win), then sent once, or failed with the time of the next
 * try. A claim whose lease ran out (its process died, maybe after the SMTP server accepted) is recorded as
 * failed `lease-expired` and claimed again: the resend carries the same Message-ID (README, "Delivery").
 */
export const mailDecider: Decider<MailState, MailCommand, MailDomainEvent> = {
  initialState: () => ({ status: 'empty' }),

  evolve(state, event) {
    if (event.type === 'MailRequested') {
      return {
        status: 'requested',
        mail: event.data,
        attempts: 0,
        claim: null,
        retryAt: null,
        rendered: null,
      };
    }
    if (state.status === 'empty') return state;
    switch (event.type) {
      case 'MailClaimed':
        return {
          ...state,
          status: 'claimed',
          attempts: event.data.attempt,
          claim: {
            attempt: event.data.attempt,
            claimId: event.data.claimId,
            leaseUntil: event.data.leaseUntil,
          },
        };
      case 'MailRendered':
        return { ...state, rendered: event.data };
      case 'MailSent':
        return { ...state, status: 'sent', claim: null, retryAt: null };
      case 'MailFailed':
        return { ...state, status: 'failed', claim: null, retryAt: event.data.retryAt };
      case 'MailRetryRequested':
        return { ...state, status: 'failed', retryAt: event.data.requestedAt };
      case 'MailSuppressed':
        return { ...state, status: 'suppressed', claim: null, retryAt: null };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RequestMail':
        // The requester appends with "no stream": a second request never reaches here with a mail.
        return state.status === 'empty' ? [{ type: 'MailRequested', data: command.data }] : [];
      case 'ClaimMail':
        return decideClaim(command, state);
      case 'RecordSent':
        if (state.status === 'empty' || state.status === 'sent') return [];
        // Sent is sent, even when a lease ran out meanwhile: the server has it.
        return [
          {
            type: 'MailSent',
            data: {
              mailId: state.mail.mailId,
              attempt: state.claim?.claimId === command.claimId ? state.claim.attempt : state.attempts,
              messageId: command.messageId,
              sentAt: command.sentAt,
            },
          },
        ];
      case 'RecordFailure':
        if (state.status !== 'claimed' || state.claim?.claimId !== command.claimId) return [];
        return [
          {
            type: 'MailFailed',
            data: {
              mailId: state.mail.mailId,
              attempt: state.claim.attempt,
              errorKind: command.errorKind,
              failedAt: command.failedAt,
              retryAt: command.retryAt,
            },
          },
        ];
      case 'SuppressMail':
        if (state.status === 'empty' || !claimable(state, command.now)) return [];
        return [{ type: 'MailSuppressed', data: { mailId: state.mail.mailId, suppressedAt: command.now } }];
      case 'RetryMail':
        if (state.status === 'empty')
          throw new CommandRejected('el correo no existe', 'not_found', 422, 'id');
        if (state.status !== 'failed') {
          throw new CommandRejected('solo se reintenta un correo fallido', 'not_failed', 409, 'status');
        }
        return [
          {
            type: 'MailRetryRequested',
            data: { mailId: state.mail.mailId, requestedAt: command.requestedAt },
          },
        ];
    }
  },
};

function decideClaim(
  command: Extract<MailCommand, { type: 'ClaimMail' }>,
  state: MailState,
): MailDomainEvent[] {
  if (state.status === 'empty') throw new CommandRejected('el correo no existe', 'not_found', 422, 'mailId');
  if (!claimable(state, command.now))
    throw new CommandRejected('el correo no está pendiente', 'not_due', 409);
  const { mailId } = state.mail;
  const events: MailDomainEvent[] = [];
  if (state.status === 'claimed' && state.claim) {
    events.push({
      type: 'MailFailed',
      data: {
        mailId,
        attempt: state.claim.attempt,
        errorKind: 'lease-expired',
        failedAt: command.now,
        retryAt: command.now,
      },
    });
  }
  if (!state.rendered) events.push({ type: 'MailRendered', data: command.rendered });
  events.push({
    type: 'MailClaimed',
    data: {
      mailId,
      attempt: state.attempts + 1,
      claimId: command.claimId,
      claimedAt: command.now,
      leaseUntil: command.leaseUntil,
    },
  });
  return events;
}
