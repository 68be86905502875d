import { categoryOf } from '@cubre/schemas/events';
import {
  MAIL_CATEGORY,
  type MailClaimedData,
  type MailErrorKind,
  type MailFailedData,
  type MailRenderedData,
  type MailRequestedData,
  type MailRetryRequestedData,
  type MailSentData,
} from '@cubre/schemas/mail/events';
import type { MailLocale, MailSubject, MailTemplate } from '@cubre/schemas/mail/mailRequest';
import type { z } from 'zod';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';

export const MAIL_PROJECTION = 'mail';
export const MAIL_OUTBOX_COLLECTION = 'mail_outbox';

/** `suppressed`: the recipient unsubscribed from the customer reminders before this one went out. */
export type MailOutboxStatus = 'requested' | 'claimed' | 'sent' | 'failed' | 'suppressed';

/**
 * One mail as the console's outbox shows it and the dispatcher finds it (`dueAt`). The recipient's address
 * is personal data: it is here and in the console, behind `admin:unsent-notification:read`, never in logs.
 */
export type MailOutboxDocument = {
  [key: string]: unknown;
  _id: string;
  key: string;
  to: { email: string; name: string | null };
  template: MailTemplate;
  locale: MailLocale;
  country: string;
  subject: MailSubject;
  status: MailOutboxStatus;
  attempts: number;
  requestedAt: string;
  notBefore: string | null;
  /** When the dispatcher should take it next: null once sent or given up. */
  dueAt: string | null;
  sentAt: string | null;
  messageId: string | null;
  lastErrorKind: MailErrorKind | null;
  failedAt: string | null;
  retryAt: string | null;
  /** Failed and given up (attempts spent or refused for good) until staff retry it. */
  givenUp: boolean;
  /** 002-8.06: an assignment notice that failed for good is CODE001 on its lead. */
  assignmentCode: 'CODE001' | null;
  /** The words as rendered and sent; null until the first attempt renders them. */
  subjectLine: string | null;
  text: string | null;
  html: string | null;
  /** Staff retries: who and when (the audit of "Reintentar"). */
  retries: { by: string; at: string }[];
  updatedAt: string;
  revision: number;
};

type Fields = Partial<MailOutboxDocument> & { [key: string]: unknown };

function fieldsOf(event: ProjectionEvent): Fields | null {
  switch (event.type) {
    case 'MailRequested': {
      const data = event.data as z.infer<typeof MailRequestedData>;
      return {
        key: data.key,
        to: { email: data.to.email, name: data.to.name ?? null },
        template: data.template,
        locale: data.locale,
        country: data.country,
        subject: data.subject,
        status: 'requested',
        attempts: 0,
        requestedAt: data.requestedAt,
        notBefore: data.notBefore ?? null,
        dueAt: data.notBefore ?? data.requestedAt,
        sentAt: null,
        messageId: null,
        lastErrorKind: null,
        failedAt: null,
        retryAt: null,
        givenUp: false,
        assignmentCode: null,
        subjectLine: null,
        text: null,
        html: null,
        retries: [],
      };
    }
    case 'MailRendered': {
      const data = event.data as z.infer<typeof MailRenderedData>;
      return { subjectLine: data.subject, text: data.text, html: data.html };
    }
    case 'MailClaimed': {
      const data = event.data as z.infer<typeof MailClaimedData>;
      return { status: 'claimed', attempts: data.attempt, dueAt: data.leaseUntil };
    }
    case 'MailSent': {
      const data = event.data as z.infer<typeof MailSentData>;
      return {
        status: 'sent',
        sentAt: data.sentAt,
        messageId: data.messageId,
        dueAt: null,
        retryAt: null,
        givenUp: false,
        assignmentCode: null,
      };
    }
    case 'MailFailed': {
      const data = event.data as z.infer<typeof MailFailedData>;
      return {
        status: 'failed',
        lastErrorKind: data.errorKind,
        failedAt: data.failedAt,
        retryAt: data.retryAt,
        dueAt: data.retryAt,
        givenUp: data.retryAt === null,
      };
    }
    case 'MailRetryRequested': {
      const data = event.data as z.infer<typeof MailRetryRequestedData>;
      return { status: 'failed', retryAt: data.requestedAt, dueAt: data.requestedAt, givenUp: false };
    }
    case 'MailSuppressed':
      return { status: 'suppressed', dueAt: null, retryAt: null, givenUp: false };
    default:
      return null;
  }
}

/**
 * The mail outbox (issue 15): every requested mail, its state, attempts and rendered words, for the
 * console's `mail-outbox` resource and the dispatcher's due query. Guarded by the stream revision.
 */
export const mailProjection: Projection = {
  name: MAIL_PROJECTION,
  categories: [MAIL_CATEGORY],
  collections: [MAIL_OUTBOX_COLLECTION],
  withMetadata: true,
  async setup(store) {
    const outbox = store.collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION);
    // The dispatcher's due query, walked in order.
    await outbox.createIndex({ dueAt: 1, _id: 1 });
    // The console's list (newest first) and its filters: status, template, dates; a lead's or contract's mails.
    await outbox.createIndex({ requestedAt: -1, _id: -1 });
    for (const field of ['status', 'template', 'subject.kind', 'country', 'givenUp']) {
      await outbox.createIndex({ [field]: 1, requestedAt: -1, _id: -1 });
    }
    await outbox.createIndex({ 'subject.id': 1, template: 1 });
    await outbox.createIndex({ updatedAt: -1, _id: 1 });
    await outbox.createIndex({ attempts: 1, _id: 1 });
  },
  async apply(event, store) {
    if (categoryOf(event.streamId) !== MAIL_CATEGORY) return;
    const fields = fieldsOf(event);
    if (!fields) return;
    const id = event.streamId.slice(MAIL_CATEGORY.length + 1);
    const outbox = store.collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION);
    const update: { $set: Fields; $push?: Record<string, unknown> } = {
      $set: { ...fields, updatedAt: event.occurredAt, revision: event.revision },
    };
    if (event.type === 'MailFailed') {
      const failed = fields as { givenUp: boolean };
      // The assignment notice failed for good: its lead shows CODE001 (002-8.06) until a retry sends it.
      const doc = await outbox.findOne({ _id: id });
      if (doc?.template === 'lead_assigned') update.$set.assignmentCode = failed.givenUp ? 'CODE001' : null;
    }
    if (event.type === 'MailRetryRequested') {
      update.$push = { retries: { by: event.metadata?.actor.id ?? 'unknown', at: event.occurredAt } };
    }
    await outbox.guardedUpdate(
      id,
      { revision: { $lt: event.revision } },
      update,
      event.type === 'MailRequested' ? { upsert: true } : {},
    );
  },
};
