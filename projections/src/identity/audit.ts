import { RECURRENT_PAYMENT_CATEGORY, SUBSCRIPTION_CATEGORY } from '@cubre/schemas/subscriptions/events';
import {
  AUDIT_COLLECTION,
  ORGANIZATION_CATEGORY,
  ROLE_CATEGORY,
  USER_CATEGORY,
  categoryOf,
  type AuditDocument,
} from '@cubre/schemas';
import { PAYMENT_CATEGORY } from '@cubre/schemas/payments/sales';
import { JOB_RUN_REQUEST_CATEGORY } from '@cubre/schemas/jobs/runs';
import { INSURER_SETTINGS_CATEGORY } from '@cubre/schemas/insurers/settings';
import { ARREARS_CATEGORY } from '@cubre/schemas/arrears';
import { POLICY_CATEGORY } from '@cubre/schemas/groupInsurance/policy';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { ProjectionEvent } from '@cubre/platform/projections/projection';

/**
 * The lead catalogues' stream categories (schemas/src/leadCatalogue: statuses, sub-statuses, failure
 * reasons, the transition policy): administrators change them in the console, so their history is audited
 * beside users, roles and organizations.
 */
export const LEAD_CATALOGUE_AUDITED_CATEGORIES = [
  'leadStatus',
  'leadSubStatus',
  'failureReason',
  'leadTransition',
] as const;

/**
 * Categories whose changes the audit keeps only when a console user made them (issue 15: forced charges and
 * cancellations of subscriptions): the charge run and the buyers write these by the million, and a buyer's
 * own purchase is not staff's doing.
 */
export const STAFF_AUDITED_CATEGORIES: readonly string[] = [
  SUBSCRIPTION_CATEGORY,
  RECURRENT_PAYMENT_CATEGORY,
];
const STAFF_AUDITED: ReadonlySet<string> = new Set(STAFF_AUDITED_CATEGORIES);

/** Every category whose changes the `audit` collection keeps. Adding one here is all an audit needs. */
export const AUDITED_CATEGORIES: readonly string[] = [
  USER_CATEGORY,
  ROLE_CATEGORY,
  ORGANIZATION_CATEGORY,
  ...LEAD_CATALOGUE_AUDITED_CATEGORIES,
  // Who pressed "Ejecutar ahora" on which job (issue 15).
  JOB_RUN_REQUEST_CATEGORY,
  // Insurers' operation day and retroactive days (issue 15).
  INSURER_SETTINGS_CATEGORY,
  // Group policies: opened by a company's purchase or staff, and their arrears-notice switch (issue 15).
  POLICY_CATEGORY,
  ...STAFF_AUDITED_CATEGORIES,
];
const AUDITED: ReadonlySet<string> = new Set(AUDITED_CATEGORIES);

/**
 * Categories where only some events are staff's changes: a payment's void or refund is (who, why, what the
 * provider said), its charge is the buyer's own and stays out of the audit.
 */
export const PARTLY_AUDITED: Readonly<Record<string, ReadonlySet<string>>> = {
  [PAYMENT_CATEGORY]: new Set([
    'PaymentReversalRequested',
    'PaymentVoided',
    'PaymentRefunded',
    'PaymentReversalRefused',
  ]),
  // Staff's manual arrears mails (issue 15); the job's automatic ones are not staff's changes.
  [ARREARS_CATEGORY]: new Set(['ArrearsReminderResent']),
};

/** Fields never kept in the audit, at any depth: a password hash is a secret even when it is stale. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash', 'password']);

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, item]) => [key, withoutSecrets(item)]),
  );
}

export const isAudited = (streamId: string, type: string) => {
  const category = categoryOf(streamId);
  return AUDITED.has(category) || (PARTLY_AUDITED[category]?.has(type) ?? false);
};

/**
 * Records one change. The document is the event itself (minus secrets), keyed by the event's id, so a
 * replayed or redelivered event writes the same document again: idempotent without a guard.
 */
export async function applyAudit(event: ProjectionEvent, store: ReadStore): Promise<void> {
  if (!isAudited(event.streamId, event.type)) return;
  if (STAFF_AUDITED.has(categoryOf(event.streamId)) && event.metadata?.actor.kind !== 'user') return;
  const doc: AuditDocument = {
    // The projection reads with metadata, so the id is there; the fallback is as stable.
    _id: event.id ?? `${event.streamId}@${event.revision}`,
    streamId: event.streamId,
    category: categoryOf(event.streamId),
    type: event.type,
    actor: event.metadata?.actor ?? null,
    occurredAt: event.occurredAt,
    position: event.globalPosition,
    revision: event.revision,
    data: withoutSecrets(event.data) as Record<string, unknown>,
  };
  await store.collection<AuditDocument>(AUDIT_COLLECTION).upsert(doc);
}

export async function setupAudit(store: ReadStore): Promise<void> {
  const audit = store.collection<AuditDocument>(AUDIT_COLLECTION);
  for (const field of ['streamId', 'position', 'category', 'type', 'actor.id', 'occurredAt']) {
    await audit.createIndex({ [field]: 1 });
  }
}
