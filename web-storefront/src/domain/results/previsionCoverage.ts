/**
 * Coverage as a visitor's health system sees it (rule 000-6.02). A benefit may give its percentage per
 * system (percentage_isapre, percentage_fonasa) or a Fonasa-only deductible beside the general one; a
 * visitor whose profile names Isapre or Fonasa sees the amounts of their system in place of the others.
 * Where the catalogue gives only another system's figure there is nothing to put in its place, so it
 * stays; without a prevision every amount is shown.
 */

export type Prevision = 'Isapre' | 'Fonasa';

/** Kinds that belong to one health system, and the general kind they stand in for. */
const SYSTEM_KINDS: Readonly<Record<string, { system: Prevision; family: string }>> = {
  percentage_isapre: { system: 'Isapre', family: 'percentage' },
  percentage_fonasa: { system: 'Fonasa', family: 'percentage' },
  deductible_fonasa: { system: 'Fonasa', family: 'deductible' },
};

const familyOf = (kind: string) => SYSTEM_KINDS[kind]?.family ?? kind;

export function isPrevision(value: unknown): value is Prevision {
  return value === 'Isapre' || value === 'Fonasa';
}

export function amountsForPrevision<T extends { kind: string }>(
  amounts: readonly T[],
  prevision: unknown,
): T[] {
  if (!isPrevision(prevision)) return [...amounts];
  // Families where the visitor's own system has a figure: the general one and other systems' give way.
  const own = new Set(
    amounts.filter((amount) => SYSTEM_KINDS[amount.kind]?.system === prevision).map((a) => familyOf(a.kind)),
  );
  // Families with a general figure: another system's figure gives way to it.
  const general = new Set(amounts.filter((amount) => !SYSTEM_KINDS[amount.kind]).map((a) => a.kind));
  return amounts.filter((amount) => {
    const specific = SYSTEM_KINDS[amount.kind];
    if (!specific) return !own.has(amount.kind);
    if (specific.system === prevision) return true;
    return !own.has(specific.family) && !general.has(specific.family);
  });
}
