import type { PaymentState, SaleState } from '@cubre/schemas/payments/catalogues';

/** How a sale's or a payment's state reads at a glance: paid, refused, waiting, or money going back. */
export type StateTone = 'paid' | 'refused' | 'waiting' | 'returned' | 'other';

const TONES: Record<SaleState | PaymentState, StateTone> = {
  OK: 'paid',
  FAIL: 'refused',
  DECLINED: 'refused',
  PENDING: 'waiting',
  REQUEST_REFUND: 'waiting',
  REFUND: 'returned',
  VOID: 'returned',
  OVERDUE: 'refused',
  PENDING_CANCELLATION: 'waiting',
  CANCELLATION_REQUEST: 'waiting',
  SUBS_CANCELLED_SUCCESS_PAYMENT: 'other',
  SUBS_CANCELLED_WITHOUT_PAYMENT: 'other',
};

export const toneOf = (state: string): StateTone => TONES[state as SaleState | PaymentState] ?? 'other';

/** Chip colours per tone; the text colour is picked by contrast (leads/colour.ts) so each reads at WCAG AA. */
export const TONE_COLOURS: Record<StateTone, string> = {
  paid: '#1B5E20',
  refused: '#B71C1C',
  waiting: '#FFE082',
  returned: '#455A64',
  other: '#E0E0E0',
};
