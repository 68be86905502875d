/** Top-amount kinds by period, in the order they take precedence (rule 000-5.29). */
export const COVERAGE_PERIODS = [
  { kind: 'yearly_top', label: 'anual' },
  { kind: 'monthly_top', label: 'mensual' },
  { kind: 'weekly_top', label: 'semanal' },
  { kind: 'daily_top', label: 'diario' },
] as const;
export type CoveragePeriodKind = (typeof COVERAGE_PERIODS)[number]['kind'];
/** Periodicity labels are lower-case Spanish (rule 000-9.04). */
export type CoveragePeriodLabel = (typeof COVERAGE_PERIODS)[number]['label'];

/**
 * The top shown for a coverage: annual if given, else monthly, weekly, daily. A top of 0 is given (it
 * reads 'Sin tope'); null or missing is not.
 */
export function coveragePeriodTop(
  amounts: Partial<Record<CoveragePeriodKind, number | null>>,
): { kind: CoveragePeriodKind; label: CoveragePeriodLabel; amount: number } | null {
  for (const { kind, label } of COVERAGE_PERIODS) {
    const amount = amounts[kind];
    if (typeof amount === 'number') return { kind, label, amount };
  }
  return null;
}
