/**
 * The insurer's operation (cutting) day of the month, 002-4.19. It belongs to the insurer settings (another
 * domain, `admin:insurer:update-cutting-day`): the runtime injects its query here. Until an insurer has one
 * set, or while that domain is not wired, the day is DEFAULT_OPERATION_DAY.
 */
export type OperationDayOf = (organizationCode: string) => Promise<number | null | undefined>;

/** Day 25: late enough that a sale of most of the month starts next month, as insurers close near month's end. */
export const DEFAULT_OPERATION_DAY = 25;

export async function operationDayFor(
  query: OperationDayOf | undefined,
  organizationCode: string,
): Promise<number> {
  const day = query ? await query(organizationCode) : undefined;
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 31
    ? day
    : DEFAULT_OPERATION_DAY;
}
