import type { MAIL_LOCALES, MailTemplateName } from '@cubre/schemas/mail/lists';

export const MAIL_STATUSES = ['requested', 'claimed', 'sent', 'failed', 'suppressed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail of `GET /api/admin/mail-outbox/{id}` (services/src/mail/adminRoutes.ts); the list omits text and html. */
export interface MailRecord {
  id: string;
  key: string;
  to: { email: string; name: string | null };
  template: MailTemplateName;
  locale: (typeof MAIL_LOCALES)[number];
  country: string;
  subject: { kind: 'subscription' | 'sale' | 'lead'; id: string };
  status: MailStatus;
  attempts: number;
  requestedAt: string;
  sentAt: string | null;
  messageId: string | null;
  lastErrorKind: string | null;
  retryAt: string | null;
  givenUp: boolean;
  assignmentCode: 'CODE001' | null;
  subjectLine: string | null;
  text?: string | null;
  html?: string | null;
  retries: { by: string; at: string }[];
  updatedAt: string;
}
