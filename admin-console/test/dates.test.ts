import {
  endOfLocalDay,
  isoToLocalDateTime,
  localDateTimeToIso,
  localDayOf,
  startOfLocalDay,
  todayRange,
} from '../src/dates';

describe('dates the console sends', () => {
  test('a day filter covers the whole local day', () => {
    const start = new Date(startOfLocalDay('2026-11-23'));
    const end = new Date(endOfLocalDay('2026-11-23'));
    expect([
      start.getFullYear(),
      start.getMonth(),
      start.getDate(),
      start.getHours(),
      start.getMinutes(),
    ]).toEqual([2026, 10, 23, 0, 0]);
    expect([
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
      end.getSeconds(),
      end.getMilliseconds(),
    ]).toEqual([23, 23, 59, 59, 999]);
    expect(localDayOf(startOfLocalDay('2026-11-23'))).toBe('2026-11-23');
    expect(localDayOf(endOfLocalDay('2026-11-23'))).toBe('2026-11-23');
  });

  test('values that are not a bare day pass through; empty shows empty', () => {
    expect(startOfLocalDay('2026-11-23T10:00:00Z')).toBe('2026-11-23T10:00:00Z');
    expect(localDayOf('')).toBe('');
    expect(localDayOf('nonsense')).toBe('');
  });

  test('today runs from local midnight to the last millisecond', () => {
    const now = new Date(2026, 10, 23, 15, 30);
    const range = todayRange(now);
    expect(new Date(range.gte).getTime()).toBe(new Date(2026, 10, 23).getTime());
    expect(new Date(range.lte).getTime()).toBe(new Date(2026, 10, 23, 23, 59, 59, 999).getTime());
  });

  test('datetime-local values round-trip through ISO instants', () => {
    const iso = localDateTimeToIso('2026-11-23T10:30');
    expect(iso).toBe(new Date(2026, 10, 23, 10, 30).toISOString());
    expect(isoToLocalDateTime(iso)).toBe('2026-11-23T10:30');
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('garbage')).toBeNull();
  });
});
