/**
 * Dates as the console sends them: the API compares ISO instants, people pick local days and times.
 * A day filter covers the whole local day (Chile's, for a Chilean executive), not the UTC one.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a local day (`2026-11-23`) starts, as ISO; anything else passes through unchanged. */
export function startOfLocalDay(value: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 0, 0, 0, 0).toISOString();
}

/** The last millisecond of a local day, as ISO: an "until" filter includes that day. */
export function endOfLocalDay(value: string): string {
  const match = DAY.exec(value);
  if (!match) return value;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999).toISOString();
}

/** A local day (`YYYY-MM-DD`) of an instant, for a date input showing an ISO filter value. */
export function localDayOf(value: string | null | undefined): string {
  if (!value) return '';
  if (DAY.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today's local day as the bounds of an ISO range. */
export function todayRange(now: Date): { gte: string; lte: string } {
  const day = localDayOf(now.toISOString());
  return { gte: startOfLocalDay(day), lte: endOfLocalDay(day) };
}

/** A `datetime-local` input value (`2026-11-23T10:30`) as an ISO instant; '' or invalid → null. */
export function localDateTimeToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** An ISO instant as a `datetime-local` input value in local time. */
export function isoToLocalDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${localDayOf(value)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
