/**
 * The Cyber event banner (rule 000-4.24): shown from 2025-10-06 until 2025-10-12T23:59:59, then hidden.
 *
 * The window is read in Chile's time, where the event runs: in October Chile is on summer time
 * (America/Santiago, UTC-03:00, from the first Saturday of September to the first Saturday of April),
 * so the offset is written into the instants instead of depending on the visitor's clock zone. The end
 * is inclusive to the last millisecond of 23:59:59.
 */

export interface EventWindow {
  start: Date;
  end: Date;
}

export const CYBER_WINDOW: Readonly<EventWindow> = Object.freeze({
  start: new Date('2025-10-06T00:00:00-03:00'),
  end: new Date('2025-10-12T23:59:59.999-03:00'),
});

const validDate = (value: unknown): Date | null => {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * The window of an event record from the server (000-3.27: name, title, start, finish, show), to
 * override the built-in one; null when the event is switched off (show false) or its dates are invalid.
 */
export function windowFromEvent(event: {
  start: unknown;
  finish: unknown;
  show?: boolean;
}): EventWindow | null {
  if (event.show === false) return null;
  const start = validDate(event.start);
  const end = validDate(event.finish);
  return start && end && start <= end ? { start, end } : null;
}

export function cyberBannerVisible(now: Date, window: Readonly<EventWindow> | null = CYBER_WINDOW): boolean {
  if (window === null || Number.isNaN(now.getTime())) return false;
  const time = now.getTime();
  return time >= window.start.getTime() && time <= window.end.getTime();
}
