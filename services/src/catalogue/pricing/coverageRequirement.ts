import type { z } from 'zod';
import type { CoverageRequirement } from '@cubre/schemas/catalogue/coverage';
import { isPercentUnit } from './offers';

export type ComplementaryPayment = {
  /** What the product counts the health system as having paid. */
  previsionCounted: number;
  productPays: number;
  visitorPays: number;
  covered: boolean;
};

/**
 * How a complementary product pays an expense (rule 000-5.11): when the health system paid nothing, the
 * product pays nothing; when it paid less than the requirement ('%' of the expense, or an amount in the
 * expense's unit), the product pays as if the requirement had been met, so the visitor carries the
 * shortfall; otherwise it covers `productPercent` of the rest.
 */
export function complementaryPayment(input: {
  expense: number;
  previsionPaid: number;
  requirement: Pick<z.infer<typeof CoverageRequirement>, 'value' | 'unit'>;
  productPercent: number;
}): ComplementaryPayment {
  const { expense, previsionPaid, requirement, productPercent } = input;
  if (![expense, previsionPaid, productPercent].every((value) => Number.isFinite(value) && value >= 0))
    throw new RangeError('expense, previsionPaid and productPercent are non-negative');
  if (productPercent > 100) throw new RangeError('productPercent is at most 100');
  const paid = Math.min(previsionPaid, expense);
  if (paid === 0) return { previsionCounted: 0, productPays: 0, visitorPays: expense, covered: false };
  const threshold = isPercentUnit(requirement.unit) ? (expense * requirement.value) / 100 : requirement.value;
  const previsionCounted = Math.min(expense, Math.max(paid, threshold));
  const productPays = ((expense - previsionCounted) * productPercent) / 100;
  return { previsionCounted, productPays, visitorPays: expense - paid - productPays, covered: true };
}
