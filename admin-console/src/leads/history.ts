import type { LeadHistoryEntry } from '../types';

/** A sentence to translate: a key of cubre.history and its arguments. */
export interface HistoryText {
  key: string;
  args: Record<string, string | number>;
}

export interface HistoryLine {
  title: HistoryText;
  details: HistoryText[];
}

const nameOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
    ? (value as { name: string }).name
    : null;
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * An online purchase's step (services/src/leads/contracting.ts): which step, then where it left the lead,
 * or that it was only recorded because the back-office had already taken the lead elsewhere.
 */
function contractingDetails(step: string, moved: boolean, changes: Record<string, unknown>): HistoryText[] {
  const lines: HistoryText[] = [{ key: 'cubre.history.contracting_step', args: { step } }];
  const status = nameOf(changes.status);
  if (!moved) {
    lines.push({ key: 'cubre.history.contracting_kept', args: { status: status ?? '—' } });
    return lines;
  }
  if (status) lines.push({ key: 'cubre.history.contracting_status', args: { status } });
  const subStatus = nameOf(changes.subStatus);
  if (subStatus) lines.push({ key: 'cubre.history.sub_status', args: { name: subStatus } });
  return lines;
}

/**
 * What a timeline line says for each kind of change of a lead (services/src/leads/history.ts answers the
 * fields that matter). `formatDate` renders instants in the reader's language and zone.
 */
export function describeHistoryEntry(
  entry: LeadHistoryEntry,
  formatDate: (iso: string) => string,
): HistoryLine {
  const changes = entry.changes ?? {};
  const details: HistoryText[] = [];
  switch (entry.type) {
    case 'LeadRequested': {
      if (textOf(changes.requestType))
        details.push({ key: 'cubre.history.request_type', args: { type: String(changes.requestType) } });
      // An online purchase opens its lead with its first step, already in that step's status.
      const step = textOf(changes.step);
      if (step) details.push(...contractingDetails(step, true, changes));
      return {
        title: {
          key: 'cubre.history.requested',
          args: { product: textOf(changes.productName) ?? textOf(changes.productCode) ?? '' },
        },
        details,
      };
    }
    case 'LeadContractingStepRecorded': {
      const [title, ...rest] = contractingDetails(
        textOf(changes.step) ?? '—',
        changes.moved === true,
        changes,
      );
      return { title: title!, details: rest };
    }
    case 'LeadContactUpdated': {
      const fields = Array.isArray(changes.fields) ? changes.fields.map(String).join(', ') : '';
      return { title: { key: 'cubre.history.contact_updated', args: { fields } }, details };
    }
    case 'LeadStatusChanged': {
      const subStatus = nameOf(changes.subStatus);
      const failureReason = nameOf(changes.failureReason);
      if (subStatus) details.push({ key: 'cubre.history.sub_status', args: { name: subStatus } });
      if (failureReason) details.push({ key: 'cubre.history.failure_reason', args: { name: failureReason } });
      if (textOf(changes.duplicateOf))
        details.push({ key: 'cubre.history.duplicate_of', args: { id: String(changes.duplicateOf) } });
      return {
        title: {
          key: 'cubre.history.status_changed',
          args: { from: nameOf(changes.from) ?? '—', to: nameOf(changes.to) ?? '—' },
        },
        details,
      };
    }
    case 'LeadAssigned': {
      const previous = nameOf(changes.previousExecutive);
      if (previous) details.push({ key: 'cubre.history.previous_executive', args: { name: previous } });
      return {
        title: { key: 'cubre.history.assigned', args: { name: nameOf(changes.executive) ?? '—' } },
        details,
      };
    }
    case 'LeadNoteAdded':
      return { title: { key: 'cubre.history.note', args: { text: textOf(changes.text) ?? '' } }, details };
    case 'LeadEventScheduled': {
      const remindAt = textOf(changes.remindAt);
      if (remindAt) details.push({ key: 'cubre.history.remind_at', args: { at: formatDate(remindAt) } });
      const note = textOf(changes.note);
      if (note) details.push({ key: 'cubre.history.event_note', args: { text: note } });
      return {
        title: {
          key: changes.type === 'REUNION' ? 'cubre.history.meeting' : 'cubre.history.call',
          args: { at: textOf(changes.at) ? formatDate(String(changes.at)) : '—' },
        },
        details,
      };
    }
    default:
      return { title: { key: 'cubre.history.other', args: { type: entry.type } }, details };
  }
}
