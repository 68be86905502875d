import { nextOperationDate } from '@cubre/services/subscriptions';
import { addDays, chileDateOf, periodOf } from '@cubre/services/subscriptions/calendar';
import { DEFAULT_OPERATION_DAY, operationDayFor } from '@cubre/services/subscriptions/operationDays';

describe('002-4.19 next operation date', () => {
  test.each([
    // [today, operation day, next operation date]
    ['2027-03-10', 25, '2027-04-01'], // before the operation day: next month
    ['2027-03-25', 25, '2027-04-01'], // on the operation day: not past it
    ['2027-03-26', 25, '2027-05-01'], // past it: the month after
    ['2027-03-01', 1, '2027-04-01'],
    ['2027-03-02', 1, '2027-05-01'],
    ['2027-11-30', 25, '2028-01-01'], // across the year
    ['2027-12-10', 25, '2028-01-01'],
    ['2027-12-26', 25, '2028-02-01'],
    ['2027-02-28', 31, '2027-03-01'], // an operation day past February's end is its last day
    ['2028-02-29', 30, '2028-03-01'], // leap year
    ['2027-01-31', 30, '2027-03-01'],
  ])('from %s with operation day %i: %s', (today, day, expected) => {
    expect(nextOperationDate(today, day)).toBe(expected);
  });

  test('the default operation day is used when the insurer has none', async () => {
    expect(await operationDayFor(undefined, 'ORG')).toBe(DEFAULT_OPERATION_DAY);
    expect(await operationDayFor(async () => null, 'ORG')).toBe(DEFAULT_OPERATION_DAY);
    expect(await operationDayFor(async () => 40, 'ORG')).toBe(DEFAULT_OPERATION_DAY);
    expect(await operationDayFor(async (code) => (code === 'ORG' ? 10 : 20), 'ORG')).toBe(10);
  });

  test("dates are Chile's: 02:00 UTC on the 1st is still the last day of the month in Santiago", () => {
    expect(chileDateOf(new Date('2027-04-01T02:00:00Z'))).toBe('2027-03-31');
    expect(chileDateOf(new Date('2027-04-01T12:00:00Z'))).toBe('2027-04-01');
    expect(periodOf('2027-04-01')).toBe('2027-04');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
  });
});
