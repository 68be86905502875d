import type { DeclineKind } from '@cubre/schemas/subscriptions/events';
import { entryFor } from '@cubre/schemas/payments/errorCatalogue';
import { addDays } from './calendar';
import type { RecordAttemptOutcome } from './recurrentPaymentDecider';

/**
 * When a declined period is charged again (README.md, "Retries"). A soft decline (the card may recover by
 * itself: insufficient funds, the processor unavailable) is retried often; a hard one (blocked, stolen,
 * invalid card: the same card will not pay by itself) rarely, so as not to hammer an issuer that said no
 * (card networks penalise that). Days count from the period's due date; when none is left, the period
 * is cancelled and so is the subscription (SUBS_CANCELLED_WITHOUT_PAYMENT).
 */
export type RetrySchedule = Record<DeclineKind, readonly number[]>;

/** Nine soft retries: the overdue count reaches 4 (mora_2) 5 days after the due date and 8 (mora_3) 21 days after. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  soft: [1, 2, 3, 5, 7, 10, 14, 21, 25],
  hard: [5, 15, 25],
};

/** Parses `1,2,3,5` (config): ascending whole days from 1 to 27, so a period is settled before the next. */
export function parseRetryDays(text: string): number[] {
  const days = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  const valid =
    days.every((day) => Number.isInteger(day) && day >= 1 && day <= 27) &&
    days.every((day, index) => index === 0 || day > days[index - 1]!);
  if (!valid) throw new Error(`retry days must be ascending whole days from 1 to 27: ${text}`);
  return days;
}

/** The 002 §8 catalogue codes of declines that may pass by themselves. */
const SOFT = new Set([
  'insufficient_funds',
  'processor_unreachable',
  'system_error',
  'other_reason',
  'rejected_by_bank',
  'K505',
  '3001',
]);
/** …and of those the same card never recovers from. */
const HARD = new Set([
  'invalid_card',
  'card_not_supported',
  'blocked_card',
  'stolen_card',
  'lost_card',
  'expired_card',
  'token_invalid',
  'invalid_transaction',
  'transaction_not_permitted',
  'cvv_failure',
  '577',
  '4292',
]);

/** soft or hard for a catalogue code; a code in neither list by its catalogue advice (retry = soft). */
export function declineKindOf(catalogueCode: string): DeclineKind {
  if (SOFT.has(catalogueCode)) return 'soft';
  if (HARD.has(catalogueCode)) return 'hard';
  const entry = entryFor(catalogueCode);
  return entry && (entry.header === 'service' || entry.advice === 'retry_or_other_method') ? 'soft' : 'hard';
}

/** The next retry's date after a decline on `today`, or null when the schedule has none left. */
export function nextAttemptOn(
  schedule: RetrySchedule,
  kind: DeclineKind,
  dueOn: string,
  today: string,
): string | null {
  for (const days of schedule[kind]) {
    const on = addDays(dueOn, days);
    if (on > today) return on;
  }
  return null;
}

/** A provider's answer to one attempt, as both the charge run and a provider's own debits carry it. */
export type AttemptAnswer =
  | { outcome: 'approved'; chargeId: string; authorizationCode?: string | null }
  | { outcome: 'declined'; providerCode: string; catalogueCode: string };

/**
 * The command recording an attempt's answer: a decline's kind from its catalogue code, and the day to look
 * again (`nextOn`, given the kind: our retry schedule, or the provider's own next try).
 */
export function attemptOutcomeOf(
  attempt: number,
  answer: AttemptAnswer,
  nextOn: (kind: DeclineKind) => string | null,
): RecordAttemptOutcome {
  if (answer.outcome === 'approved') {
    return {
      type: 'RecordAttemptOutcome',
      attempt,
      outcome: 'approved',
      chargeId: answer.chargeId,
      authorizationCode: answer.authorizationCode ?? null,
    };
  }
  const kind = declineKindOf(answer.catalogueCode);
  return {
    type: 'RecordAttemptOutcome',
    attempt,
    outcome: 'declined',
    kind,
    providerCode: answer.providerCode,
    catalogueCode: answer.catalogueCode,
    nextAttemptOn: nextOn(kind),
  };
}
