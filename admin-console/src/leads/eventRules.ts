import type { LeadEventType } from '@cubre/schemas/leads/policy';
import { reminderComesBefore } from '@cubre/schemas/leads/reminderRule';
import { localDateTimeToIso } from '../dates';

/** The scheduling form as typed: local date-times from `datetime-local` inputs. */
export interface EventDraft {
  type: LeadEventType | '';
  at: string;
  remindAt: string;
  note: string;
}

export type EventDraftErrors = Partial<Record<keyof EventDraft, string>>;

/**
 * A call or meeting (rule 002-3.25: LLAMADA or REUNION) needs its type and time; the reminder, when given,
 * comes before it, by the rule the server judges with (schemas/src/leads/reminderRule.ts).
 */
export function validateEventDraft(draft: EventDraft): EventDraftErrors {
  const errors: EventDraftErrors = {};
  if (!draft.type) errors.type = 'ra.validation.required';
  const at = localDateTimeToIso(draft.at);
  if (!at) errors.at = 'ra.validation.required';
  if (draft.remindAt) {
    const remindAt = localDateTimeToIso(draft.remindAt);
    if (!remindAt) errors.remindAt = 'cubre.events.errors.invalid_date';
    else if (at && !reminderComesBefore(at, remindAt)) errors.remindAt = 'cubre.events.errors.remind_before';
  }
  return errors;
}

/** The body of POST /api/admin/leads/{id}/events for a valid draft. */
export function eventCommandOf(draft: EventDraft): {
  type: LeadEventType;
  at: string;
  remindAt?: string;
  note?: string;
} {
  const at = localDateTimeToIso(draft.at);
  if (!draft.type || !at) throw new Error('eventCommandOf needs a valid draft');
  const remindAt = localDateTimeToIso(draft.remindAt);
  const note = draft.note.trim();
  return { type: draft.type, at, ...(remindAt ? { remindAt } : {}), ...(note ? { note } : {}) };
}

/**
 * A call or meeting whose reminder time has come and that has not started yet: the dashboard marks it
 * (issue 5: scheduled events with a reminder). Past events and those without a reminder are not due.
 */
export function isReminderDue(entry: { at: string; remindAt: string | null }, now: Date): boolean {
  if (!entry.remindAt) return false;
  const time = now.getTime();
  return Date.parse(entry.remindAt) <= time && time < Date.parse(entry.at);
}
