import { FactorTableUsed } from '@cubre/schemas/catalogue/priceBreakdown';
import type { FactorBracket, FactorTables2016 } from '../reference/factorTables2016';
import type { TablaFactoresUnica } from '../reference/tablaFactoresUnica';
import type { Beneficiary } from './beneficiaries';

/** The factor tables a plan may refer to, and the Tabla de Factores Única for the rest. */
export type FactorTables = {
  factorTables2016: FactorTables2016;
  tablaFactoresUnica: TablaFactoresUnica;
};

/** Which table priced a plan (part of the calculatePrice answer, so its schema lives in schemas/). */
export { FactorTableUsed };

export function factorTableFor(tables: FactorTables, factorTableCode: string | null): FactorTableUsed {
  return factorTableCode !== null && tables.factorTables2016.has(factorTableCode)
    ? { kind: 'plan', code: factorTableCode }
    : { kind: 'unica', planCode: factorTableCode };
}

/**
 * The bracket holding `edad`, limits inclusive at both ends (rule 000-5.22). Ages past the last bracket
 * (the tables stop at 200, profiles allow 999) take the last one.
 */
function bracketFor(brackets: readonly FactorBracket[], edad: number): FactorBracket {
  return (
    brackets.find((bracket) => bracket.edadMin <= edad && edad <= bracket.edadMax) ??
    brackets[brackets.length - 1]!
  );
}

/** Risk factor of one beneficiary under the table `used` (age and sex; the TFU does not vary by sex). */
export function riskFactor(tables: FactorTables, used: FactorTableUsed, beneficiary: Beneficiary): number {
  const { role, sexo, edad } = beneficiary;
  if (used.kind === 'plan') {
    const bracket = bracketFor(tables.factorTables2016.get(used.code)!, edad);
    if (role === 'cotizante') return sexo === 'Masculino' ? bracket.cotizanteHombre : bracket.cotizanteMujer;
    return sexo === 'Masculino' ? bracket.cargaHombre : bracket.cargaMujer;
  }
  const bands = tables.tablaFactoresUnica.bands;
  const band =
    bands.find(
      (candidate) =>
        candidate.fromAge <= edad && (candidate.toAgeExclusive === null || edad < candidate.toAgeExclusive),
    ) ?? bands[bands.length - 1]!;
  return role === 'cotizante' ? band.cotizante : band.carga;
}
