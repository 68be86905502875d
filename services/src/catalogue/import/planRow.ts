import { IsaprePlanDefinition, type PlanModality } from '@cubre/schemas';
import { PLANES_VIGENTES_2016_HEADER } from '../reference/planesVigentes2016';
import { cleanText } from './letterRepair';

export const EXTRACT_HEADER = PLANES_VIGENTES_2016_HEADER;
export type ExtractColumn = (typeof EXTRACT_HEADER)[number];
export type ExtractRow = Record<ExtractColumn, string>;

/** Why a row cannot be imported; the importer reports it with the row's line number. */
export class RowRejected extends Error {
  override readonly name = 'RowRejected';
}

/** Splits a data line: the extract has no quoting (no field holds a ';' or a '"'), so a plain split is exact. */
export function splitExtractLine(line: string): ExtractRow {
  const fields = line.split(';');
  if (fields.length !== EXTRACT_HEADER.length)
    throw new RowRejected(`expected ${EXTRACT_HEADER.length} columns, found ${fields.length}`);
  return Object.fromEntries(EXTRACT_HEADER.map((name, index) => [name, fields[index]!.trim()])) as ExtractRow;
}

/** '1,32' → 1.32 (decimal comma, no thousands separator in this extract). */
function decimal(row: ExtractRow, column: ExtractColumn): number {
  const text = row[column];
  if (!/^-?\d+(,\d+)?$/.test(text))
    throw new RowRejected(`${column}: '${text}' is not a number (decimal comma expected, like 1,32)`);
  return Number(text.replace(',', '.'));
}

function whole(row: ExtractRow, column: ExtractColumn): number {
  const text = row[column];
  if (!/^\d+$/.test(text)) throw new RowRejected(`${column}: '${text}' is not a whole number`);
  return Number(text);
}

/** GES above this many UF is not a price any isapre charged (2016: 0.27–0.52; 2026: at most 1.04). */
export const GES_PLAUSIBLE_MAX_UF = 5;

/**
 * GES in UF per beneficiary per month. Cruz Blanca's 3,989 rows say '513' for 0,513: the extract dropped
 * the "0," of a price below 1 UF. The rule: a whole number above 5 UF written without a decimal comma is
 * read as "0,<its digits>" ('513' → 0.513, '44' → 0.44); a value above 5 UF that has a comma (so no digit
 * can be moved with confidence) is refused.
 */
export function gesUf(text: string): number {
  if (!/^\d+(,\d+)?$/.test(text))
    throw new RowRejected(`ges: '${text}' is not a number (decimal comma expected, like 0,44)`);
  const value = Number(text.replace(',', '.'));
  if (value <= GES_PLAUSIBLE_MAX_UF) return value;
  if (text.includes(',')) throw new RowRejected(`ges: ${text} UF is not a plausible GES price`);
  return Number(`0.${text}`);
}

/** '(1)(2)(13)' → [1, 2, 13]; '-13' → [13] (a negative number is one region); empty → []. */
export function regions(text: string): number[] {
  if (text === '') return [];
  if (/^-\d+$/.test(text)) return [Number(text.slice(1))];
  if (/^(\(\d+\))+$/.test(text)) {
    const numbers = [...text.matchAll(/\((\d+)\)/g)].map((match) => Number(match[1]));
    return [...new Set(numbers)].sort((a, b) => a - b);
  }
  throw new RowRejected(`region: '${text}' is neither a list like (1)(2)(13) nor a single region like -13`);
}

/** Restriction codes written together ('2345' → [2, 3, 4, 5]); codes 1–6 of seed 000 §9 (rule 000-9.19). */
export function restrictionCodes(text: string): number[] {
  if (!/^[1-6]*$/.test(text))
    throw new RowRejected(`prestaciones_restringidas: '${text}' holds a code outside 1 to 6`);
  return [...new Set([...text].map(Number))].sort((a, b) => a - b);
}

/** Accent- and case-blind comparison key, so a value is recognised even where a letter stayed lost. */
const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Rule 000-4.28: 'Si Comer.' is commercial (comercializable), 'No Comer.' is not. */
export function commercial(text: string): boolean {
  const value = key(text).replace(/\s+/g, ' ');
  if (value === 'si comer.') return true;
  if (value === 'no comer.') return false;
  throw new RowRejected(`comercializacion: '${text}' is neither 'Si Comer.' nor 'No Comer.'`);
}

/** Rule 000-4.29: Libre elección, Prestador Preferente, anything else a closed plan. */
export function modality(text: string): PlanModality {
  const value = key(text);
  if (value.startsWith('libre elecc')) return 'Libre elección';
  if (value.startsWith('prestador preferente')) return 'Prestador Preferente';
  return 'Plan Cerrado';
}

/** Rule 000-4.30: general (birth and medical fees covered), or reduced for birth, or for medical fees. */
export function birthCoverage(text: string): IsaprePlanDefinition['birthCoverage'] {
  const value = key(text);
  if (value.startsWith('cobertura general')) return 'general';
  if (value.startsWith('cobertura reducida para parto')) return 'reducida_parto';
  if (value.startsWith('cobertura reducida para honorarios')) return 'reducida_honorarios';
  throw new RowRejected(`amplitud_cobertura: '${text}' is not a known coverage breadth`);
}

function yesNo(column: ExtractColumn, text: string, yes: string, no: string): boolean {
  if (text === yes) return true;
  if (text === no) return false;
  throw new RowRejected(`${column}: '${text}' is neither '${yes}' nor '${no}'`);
}

/** 'yyyymmdd' → 'yyyy-mm-dd'; empty → undefined. */
function isoDate(column: ExtractColumn, text: string): string | undefined {
  if (text === '') return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new RowRejected(`${column}: '${text}' is not a date written yyyymmdd`);
  return date;
}

/**
 * One row of the extract (letters already repaired) as the catalogue's isapre plan.
 * @throws RowRejected when a value cannot be read; the schema's own refusals come from the caller's parse.
 */
export function planDefinitionFromRow(row: ExtractRow): IsaprePlanDefinition {
  const line = cleanText(row.id_linea_plan);
  const startedOn = isoDate('ano_mes_inicio_plan', row.ano_mes_inicio_plan);
  const source = /^\d{6}/.exec(row.ano_mes_info)?.[0];
  if (!source) throw new RowRejected(`ano_mes_info: '${row.ano_mes_info}' is not a month written yyyymm…`);
  return {
    code: row.id_plan,
    isapreCode: whole(row, 'codigo_isapre'),
    displayName: cleanText(row.nombre_plan),
    ...(line === '' || line === 'Z' ? {} : { line }),
    ...(startedOn ? { startedOn } : {}),
    targetGroup: cleanText(row.grupo_objetivo),
    sex: row.sexo as IsaprePlanDefinition['sex'],
    commercial: commercial(row.comercializacion),
    regions: regions(row.region),
    planType: row.tipo_plan as IsaprePlanDefinition['planType'],
    modality: modality(row.modalidad_atencion),
    birthCoverage: birthCoverage(row.amplitud_cobertura),
    restrictionCodes: restrictionCodes(row.prestaciones_restringidas),
    priceMode: row.modalidad_precio_plan as IsaprePlanDefinition['priceMode'],
    // precio_base_final: the base after the last adjustment, what the plan is sold at (pricing/isaprePlanPrice).
    basePriceUf: decimal(row, 'precio_base_final'),
    factorTableCode: row.codigo_tabla_factores === 'Z' ? null : row.codigo_tabla_factores,
    arancel: {
      name: cleanText(row.nombre_arancel),
      unit: row.modalidad_arancel as IsaprePlanDefinition['arancel']['unit'],
    },
    ambulatoryCoverage: decimal(row, 'bonificacion_prestaciones_ambulatorias'),
    hospitalCoverage: decimal(row, 'bonificacion_prestaciones_hospitalarias'),
    fixedCopay: yesNo('copago_fijo', row.copago_fijo, 'Si tiene copago fijo', 'No tiene copago fijo'),
    annualTopUf: key(row.modalidad_tope) === 'sin tope' ? null : decimal(row, 'tope_anual'),
    activeContributors: whole(row, 'cotizantes_vigentes'),
    activeDependants: whole(row, 'cargas_vigentes'),
    gesUf: gesUf(row.ges),
    source,
  };
}

/** zod's refusals of a definition, one line: "sex: Invalid option…; regions.0: Too big…". */
export function describeRefusal(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || 'definition'}: ${issue.message}`)
    .join('; ');
}

/** Parses a mapped definition; a refusal becomes a RowRejected naming the fields. */
export function validPlanDefinition(definition: IsaprePlanDefinition): IsaprePlanDefinition {
  const parsed = IsaprePlanDefinition.safeParse(definition);
  if (!parsed.success) throw new RowRejected(describeRefusal(parsed.error));
  return parsed.data;
}
