import { z } from 'zod';
import { CatalogueCode, IsoDate } from './common';

/** Restriction codes of seed 000 §9: 1 birth/neonatology/obstetrics … 6 none. */
export const RestrictionCode = z.number().int().min(1).max(6);

export const PlanModality = z.enum(['Libre elección', 'Prestador Preferente', 'Plan Cerrado']);
export type PlanModality = z.infer<typeof PlanModality>;

/** Birth-coverage breadth (seed 000 §4): general, or reduced for birth (or for medical fees). */
export const BirthCoverage = z.enum(['general', 'reducida_parto', 'reducida_honorarios']);
export type BirthCoverage = z.infer<typeof BirthCoverage>;

/**
 * An isapre plan as the Superintendencia's "planes vigentes" extract describes it (real data; fields in
 * the catalogue's words, accents repaired). Prices are in UF per month.
 */
export const IsaprePlanDefinition = z.strictObject({
  /** id_plan: unique across isapres in the extract. */
  code: CatalogueCode,
  isapreCode: z.number().int().positive(),
  displayName: z.string().min(1).max(200),
  /** id_linea_plan ('Z' in the extract means none). */
  line: z.string().max(80).optional(),
  startedOn: IsoDate.optional(),
  targetGroup: z.string().max(120),
  sex: z.enum(['Ambos', 'Hombre', 'Mujer']),
  commercial: z.boolean(),
  /** Region numbers where it is sold; empty when the extract gives none. */
  regions: z.array(z.number().int().min(1).max(16)).max(16),
  planType: z.enum(['Grupal', 'Individual']),
  modality: PlanModality,
  birthCoverage: BirthCoverage,
  restrictionCodes: z.array(RestrictionCode).max(6),
  /** 'UF' or '7%' (plans priced as the legal contribution). */
  priceMode: z.enum(['UF', '7%']),
  basePriceUf: z.number().nonnegative(),
  /** codigo_tabla_factores; null for 'Z' (none given): priced with the Tabla de Factores Única. */
  factorTableCode: z.string().max(20).nullable(),
  arancel: z.strictObject({ name: z.string().max(120), unit: z.enum(['Pesos', 'UF']) }),
  /** Bonificación of ambulatory and hospital benefits, in percent. */
  ambulatoryCoverage: z.number().min(0).max(100),
  hospitalCoverage: z.number().min(0).max(100),
  fixedCopay: z.boolean(),
  /** Annual top in UF; null: "Sin tope". */
  annualTopUf: z.number().nonnegative().nullable(),
  activeContributors: z.number().int().nonnegative(),
  activeDependants: z.number().int().nonnegative(),
  /** GES premium per beneficiary, UF per month, as the extract gives it for the plan's isapre. */
  gesUf: z.number().nonnegative(),
  /** Month of the extract the plan comes from (ano_mes_info). */
  source: z.string().regex(/^\d{6}$/),
});
export type IsaprePlanDefinition = z.infer<typeof IsaprePlanDefinition>;
