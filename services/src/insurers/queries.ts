import {
  DEFAULT_OPERATION_DAY,
  DEFAULT_RETROACTIVE_DAYS,
  type RetroactiveDays,
} from '@cubre/schemas/insurers/settings';
import {
  INSURER_SETTINGS_COLLECTION,
  type InsurerSettingsDocument,
} from '@cubre/projections/insurers/projection';
import type { ReadStore } from '@cubre/platform/ports/readStore';

const settingsOf = (readStore: ReadStore) =>
  readStore.collection<InsurerSettingsDocument>(INSURER_SETTINGS_COLLECTION);

/**
 * An insurer's operation day (002-4.19), by its organization code: the one its administrators set, or
 * DEFAULT_OPERATION_DAY (31: the month's last day) for an insurer that never set one.
 */
export const operationDayOf =
  (readStore: ReadStore) =>
  async (organizationCode: string): Promise<number> =>
    (await settingsOf(readStore).findOne({ _id: organizationCode }))?.operationDay ?? DEFAULT_OPERATION_DAY;

/**
 * How far back and forward an activation or a cancellation may take effect for an insurer: its own, or
 * the seed's 30/45 and 30/30 (002-9.04, 002-9.05).
 */
export const retroactiveDaysOf =
  (readStore: ReadStore) =>
  async (organizationCode: string): Promise<RetroactiveDays> =>
    (await settingsOf(readStore).findOne({ _id: organizationCode }))?.retroactiveDays ?? {
      ...DEFAULT_RETROACTIVE_DAYS,
    };

/**
 * The next operation date (002-4.19) as a calendar date (YYYY-MM-DD): the 1st of next month, or of the
 * month after when `today`'s day is past the insurer's operation day for this month (a day past the month's
 * last day is its last day). `today` is a calendar date in the insurer's country, which the caller knows.
 */
export function nextOperationDate(today: string, operationDay: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cut = Math.min(operationDay, lastOfMonth);
  const monthsAhead = day > cut ? 2 : 1;
  const first = new Date(Date.UTC(year, month - 1 + monthsAhead, 1));
  return first.toISOString().slice(0, 10);
}
