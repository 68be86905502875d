import type { Beneficiary } from './beneficiaries';
import type { IsaprePriceBreakdown } from './isaprePlanPrice';
import { formatDecimal, formatMoney } from './money';

const ROLE: Record<Beneficiary['role'], string> = { cotizante: 'Cotizante', carga: 'Carga' };
const years = (edad: number) => `${edad} ${edad === 1 ? 'año' : 'años'}`;
const uf = (amount: number) => formatMoney(amount, 'UF');
const factor = (value: number) => formatDecimal(value, 2, true);

/** Values the profile did not give and the price assumed (rule 000-5.21 for the age). */
function assumedText({ sexoSupuesto, edadSupuesta }: Beneficiary): string {
  if (sexoSupuesto && edadSupuesta) return ' (sexo y edad supuestos)';
  if (sexoSupuesto) return ' (sexo supuesto)';
  return edadSupuesta ? ' (edad supuesta)' : '';
}

/**
 * The breakdown as the lines a visitor reads, in Spanish: one per beneficiary, then Σ factors, base price,
 * GES, total and the comparison with the visitor's 7%.
 */
export function describeIsaprePrice(breakdown: IsaprePriceBreakdown): string[] {
  const table =
    breakdown.factorTable.kind === 'plan'
      ? `tabla de factores ${breakdown.factorTable.code} del plan`
      : 'Tabla de Factores Única';
  const lines = breakdown.beneficiaries.map((person) => {
    const who = `${ROLE[person.role]}, ${person.sexo}, ${years(person.edad)}${assumedText(person)}`;
    if (breakdown.priceMode === '7%') return `${who}: cubierto por el 7%`;
    return person.factorApplies
      ? `${who}: factor ${factor(person.factor)}`
      : `${who}: menor de 2 años, no paga plan, solo GES`;
  });
  if (breakdown.priceMode === '7%') {
    lines.push('Plan de precio 7%: pagas tu cotización legal, GES incluido');
  } else {
    lines.push(`Suma de factores (${table}): ${factor(breakdown.sumFactors)}`);
    lines.push(
      `Precio base: ${uf(breakdown.basePriceUf)} × ${factor(breakdown.sumFactors)} = ${uf(breakdown.planPriceUf)}`,
    );
    const count = breakdown.beneficiaries.length;
    lines.push(
      `GES: ${uf(breakdown.gesPerBeneficiaryUf)} × ${count} ${count === 1 ? 'beneficiario' : 'beneficiarios'} = ${uf(breakdown.gesTotalUf)}`,
    );
  }
  if (breakdown.totalUf === null || breakdown.totalClp === null)
    lines.push(breakdown.unpricedReason ?? 'Consultar');
  else
    lines.push(
      `Total: ${uf(breakdown.totalUf)} = ${formatMoney(breakdown.totalClp, 'CLP')} al mes (UF a $${formatDecimal(breakdown.ufValue, 2, true)})`,
    );
  const legal = breakdown.legalContribution;
  if (legal) {
    lines.push(
      `Tu 7% legal: ${formatMoney(legal.clp, 'CLP')}${legal.capped ? ` (renta topada en ${formatDecimal(legal.topeImponibleUf, 1)} UF)` : ''}`,
    );
    const difference = breakdown.differenceClp;
    if (difference !== null && breakdown.priceMode === 'UF')
      lines.push(
        difference === 0
          ? 'El plan cuesta exactamente tu 7%'
          : `${formatMoney(Math.abs(difference), 'CLP')} ${difference > 0 ? 'sobre' : 'bajo'} tu 7%`,
      );
  }
  return lines;
}
