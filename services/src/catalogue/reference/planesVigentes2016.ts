import { z } from 'zod';
import { readCsv } from './csv';
import { describeIssues, ReferenceDataError } from './referenceDataError';

/** The 42 columns of the Superintendencia's "planes vigentes" extract, September 2016 (SOURCES.md). */
export const PLANES_VIGENTES_2016_HEADER = [
  'ano_mes_info',
  'codigo_isapre',
  'nombre_isapre',
  'id_plan',
  'nombre_plan',
  'id_linea_plan',
  'ano_mes_inicio_plan',
  'grupo_objetivo',
  'sexo',
  'grupo_socio_eco',
  'comercializacion',
  'region',
  'tipo_plan',
  'modalidad_atencion',
  'amplitud_cobertura',
  'prestaciones_restringidas',
  'edad',
  'modalidad_precio_plan',
  'precio_base_plan',
  'codigo_tabla_factores',
  'ano_mes_ult_adecuacion',
  'tipo_adecuacion',
  'variacion_precio_base',
  'aplicacion_variacion',
  'reajuste_contractual_anual',
  'ano_mes_reajuste_contractual',
  'precio_base_final',
  'nombre_arancel',
  'modalidad_arancel',
  'bonificacion_prestaciones_ambulatorias',
  'bonificacion_prestaciones_hospitalarias',
  'copago_fijo',
  'modalidad_tope',
  'tope_anual',
  'cotizantes_vigentes',
  'cargas_vigentes',
  'cobertura_reducida',
  'medico_cabecera',
  'administrador_plan',
  'sistema_pago_capitado',
  'marca_adecuacion',
  'ges',
] as const;

/** The file writes decimals with a comma ('1,32'). */
const decimalComma = z
  .string()
  .regex(/^\d+(,\d+)?$/, 'a decimal with a comma, like 1,32')
  .transform((text) => Number(text.replace(',', '.')));

/**
 * GES in UF per beneficiary. Cruz Blanca's rows say '513' for 0,513 UF (SOURCES.md): the decimal comma was
 * lost, so a whole number of 10 or more is read as thousandths; no isapre has charged 10 UF of GES.
 */
const ges = z
  .string()
  .regex(/^\d+(,\d+)?$/, 'a decimal with a comma, like 0,44')
  .transform((text) => {
    const value = Number(text.replace(',', '.'));
    return !text.includes(',') && value >= 10 ? value / 1000 : value;
  })
  .refine((value) => value > 0 && value < 10, 'GES is a UF amount between 0 and 10');

const text = z.string();
const count = z.string().regex(/^\d+$/, 'a whole number').transform(Number);

export const PlanVigente2016 = z.strictObject({
  codigoIsapre: count,
  nombreIsapre: z.string().min(1, 'the isapre is named'),
  idPlan: z.string().min(1, 'every plan has an id'),
  nombrePlan: text,
  /** 'YYYY-MM-DD' from ano_mes_inicio_plan ('20060601'); null when not given. */
  inicioPlan: z
    .string()
    .regex(/^(\d{8})?$/, 'a date as YYYYMMDD')
    .transform((raw) => (raw === '' ? null : `${raw.slice(0, 4)}-${raw.slice(4, 6)}-${raw.slice(6, 8)}`)),
  tipoPlan: text,
  comercializacion: text,
  modalidadAtencion: text,
  amplitudCobertura: text,
  /** Restriction codes 1-6 written together ('2345'), seed 000 §9. */
  prestacionesRestringidas: z.string().regex(/^[1-6]*$/, 'restriction codes are digits 1 to 6'),
  modalidadPrecio: z.enum(['UF', '7%']),
  precioBasePlan: decimalComma,
  /** The price the plan is sold at after its last adjustment: the base of the price formula. */
  precioBaseFinal: decimalComma,
  codigoTablaFactores: z.string().transform((code) => (code === '' ? null : code)),
  ges,
  cotizantesVigentes: count,
  cargasVigentes: count,
});
export type PlanVigente2016 = z.output<typeof PlanVigente2016>;

/**
 * Parses the plans extract, already gunzipped. Text columns are kept as found, accents lost (U+FFFD)
 * included: mapping them to display text is the job of the functions that read them.
 */
export function parsePlanesVigentes2016(csv: string, file: string): PlanVigente2016[] {
  return readCsv(csv, file, ';', PLANES_VIGENTES_2016_HEADER).map(({ line, values }) => {
    const parsed = PlanVigente2016.safeParse({
      codigoIsapre: values.codigo_isapre,
      nombreIsapre: values.nombre_isapre,
      idPlan: values.id_plan,
      nombrePlan: values.nombre_plan,
      inicioPlan: values.ano_mes_inicio_plan,
      tipoPlan: values.tipo_plan,
      comercializacion: values.comercializacion,
      modalidadAtencion: values.modalidad_atencion,
      amplitudCobertura: values.amplitud_cobertura,
      prestacionesRestringidas: values.prestaciones_restringidas,
      modalidadPrecio: values.modalidad_precio_plan,
      precioBasePlan: values.precio_base_plan,
      precioBaseFinal: values.precio_base_final,
      codigoTablaFactores: values.codigo_tabla_factores,
      ges: values.ges,
      cotizantesVigentes: values.cotizantes_vigentes,
      cargasVigentes: values.cargas_vigentes,
    });
    if (!parsed.success) throw new ReferenceDataError(file, line, describeIssues(parsed.error));
    return parsed.data;
  });
}
