/**
 * Dates of the charge calendar, as Chile's calendar days (yyyy-mm-dd): the charge run's cron and every
 * due date are Chilean (America/Santiago), whatever the server's own zone.
 */
export const CHILE_TIME_ZONE = 'America/Santiago';

const chileDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHILE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Chile for an instant (en-CA formats as yyyy-mm-dd). */
export const chileDateOf = (instant: Date): string => chileDay.format(instant);

const parts = (date: string): [number, number, number] => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day];
};
const iso = (year: number, month: number, day: number): string =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The first day of the month `months` after the date's own month. */
export function firstDayMonthsAfter(date: string, months: number): string {
  const [year, month] = parts(date);
  const index = year * 12 + (month - 1) + months;
  return iso(Math.floor(index / 12), (index % 12) + 1, 1);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return iso(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** The billing period of a due date: its month. */
export const periodOf = (date: string): string => date.slice(0, 7);

/**
 * 002-4.19: the next operation date is the first day of next month, or of the month after when today's day
 * is past the insurer's operation day for this month. An operation day past the month's end (31 in
 * February) is the month's last day.
 */
export function nextOperationDate(today: string, operationDay: number): string {
  const [year, month, day] = parts(today);
  const dayThisMonth = Math.min(operationDay, daysInMonth(year, month));
  return firstDayMonthsAfter(today, day > dayThisMonth ? 2 : 1);
}
