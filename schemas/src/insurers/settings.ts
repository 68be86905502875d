import { z } from 'zod';
import { eventOf } from '../events';

/**
 * Each insurer's operation (cutting) day and retroactive days (seed 002 §4, §9; issue 15), set in the
 * console: stream `insurerSettings-{organizationCode}`, the catalogue's organization code.
 */
export const INSURER_SETTINGS_CATEGORY = 'insurerSettings';

/**
 * The day of the month an insurer closes its month's operations (002-4.19): 1 to 31, where a day past a
 * month's last day means that month's last day ("the insurer's operation day for this month").
 */
export const OperationDay = z
  .number({ error: 'el día de corte es un número entero' })
  .int('el día de corte es un número entero')
  .min(1, 'el día de corte va de 1 a 31')
  .max(31, 'el día de corte va de 1 a 31');

/** An insurer that never set its day: the month's last day, so a request is always for next month's 1st. */
export const DEFAULT_OPERATION_DAY = 31;

const Days = (what: string) =>
  z
    .number({ error: `${what} es un número entero de días` })
    .int(`${what} es un número entero de días`)
    .min(0, `${what} va de 0 a 365 días`)
    .max(365, `${what} va de 0 a 365 días`);

/** How far back and forward an effective date may be from today (002-9.04, 002-9.05). */
export const RetroactiveDays = z.strictObject({
  activationDaysBack: Days('activationDaysBack'),
  activationDaysForward: Days('activationDaysForward'),
  cancellationDaysBack: Days('cancellationDaysBack'),
  cancellationDaysForward: Days('cancellationDaysForward'),
});
export type RetroactiveDays = z.infer<typeof RetroactiveDays>;

/** Seed 002 §9: activation 30 days back and 45 forward (002-9.04); cancellation 30 and 30 (002-9.05). */
export const DEFAULT_RETROACTIVE_DAYS: RetroactiveDays = {
  activationDaysBack: 30,
  activationDaysForward: 45,
  cancellationDaysBack: 30,
  cancellationDaysForward: 30,
};

export const InsurerOperationDaySetData = z.strictObject({
  organizationCode: z.string().min(1).max(120),
  operationDay: OperationDay,
});
export const InsurerOperationDaySet = eventOf('InsurerOperationDaySet', InsurerOperationDaySetData);

export const InsurerRetroactiveDaysSetData = z.strictObject({
  organizationCode: z.string().min(1).max(120),
  ...RetroactiveDays.shape,
});
export const InsurerRetroactiveDaysSet = eventOf('InsurerRetroactiveDaysSet', InsurerRetroactiveDaysSetData);

/** The revision the console read (`revision` of the record, or If-Match): -1 for settings never set. */
const Revision = z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER).optional();

/** Body of PUT /api/admin/insurers/{code}/dia-de-corte. */
export const SetOperationDayBody = z.strictObject({ operationDay: OperationDay, revision: Revision });
/** Body of PUT /api/admin/insurers/{code}/dias-retroactivos. */
export const SetRetroactiveDaysBody = z.strictObject({ ...RetroactiveDays.shape, revision: Revision });

export const InsurerParams = z.strictObject({ code: z.string().min(1).max(120) });

/**
 * The console's `insurers` record: an insurer organization of the catalogue with its settings, each with
 * whether it was set or is the default.
 */
export const InsurerRecord = z.object({
  id: z.string(),
  displayName: z.string(),
  type: z.string(),
  country: z.string(),
  operationDay: OperationDay,
  operationDayIsDefault: z.boolean(),
  ...RetroactiveDays.shape,
  retroactiveDaysAreDefault: z.boolean(),
  /** Revision of the insurer's settings stream (-1: never set): the ETag of both PUTs. */
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type InsurerRecord = z.infer<typeof InsurerRecord>;
