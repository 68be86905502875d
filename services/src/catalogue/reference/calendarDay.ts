import { z } from 'zod';

/** A calendar day, 'YYYY-MM-DD': prices and limits change by day, never by time of day. */
export const CalendarDay = z.iso.date();
export type CalendarDay = z.infer<typeof CalendarDay>;

/**
 * The day of `value`: a Date counts by its UTC day; a string must start with a valid 'YYYY-MM-DD' (a
 * full ISO date-time gives the day written in it, in its own offset).
 */
export function calendarDay(value: string | Date): CalendarDay {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('invalid date');
    return value.toISOString().slice(0, 10);
  }
  const day = value.slice(0, 10);
  if (!CalendarDay.safeParse(day).success) throw new RangeError(`not a date: ${value}`);
  return day;
}

/** `day` moved by whole calendar months, clamped to the month's last day (2025-03-31 − 1 → 2025-02-28). */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}
