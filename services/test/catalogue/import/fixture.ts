import { EXTRACT_HEADER, type ExtractColumn } from '@cubre/services/catalogue/import';

/** Line 2 of the real extract, exactly (accents lost as U+FFFD). */
export const REAL_FIRST_ROW =
  '20160901;107;Consalud S.A;63-PCH5;PACHECO Y CIA LTDA V - CONSALUD;EMPRESAS;20060601;Sin grupo objetivo espec\uFFFDfico;Ambos;Sin grupo;Si Comer.;-8;Grupal;Prestador Preferente;Cobertura general para parto u honorarios m\uFFFDdicos;4;;UF;1,32;592;;Revisi\uFFFDn del plan grupal;0;No se aplica;0;;1,32;390;Pesos;70;90;Si tiene copago fijo;UF;5000;20;11; ; ; ; ; ;0,44';

const base = Object.fromEntries(
  EXTRACT_HEADER.map((name, index) => [name, REAL_FIRST_ROW.split(';')[index]!]),
) as Record<ExtractColumn, string>;

/** A data line of the extract: the real first row with some columns replaced. */
export const extractRow = (changes: Partial<Record<ExtractColumn, string>>) =>
  EXTRACT_HEADER.map((name) => changes[name] ?? base[name]).join(';');

export const HEADER_LINE = EXTRACT_HEADER.join(';');

const cruzBlanca = {
  codigo_isapre: '78',
  nombre_isapre: 'Cruz Blanca S.A',
  ges: '513',
  nombre_arancel: 'ISAPRE CRUZ BLANCA ? 31',
};
const banmedica = { codigo_isapre: '99', nombre_isapre: 'Banm\uFFFDdica S.A', ges: '0,36' };

/**
 * The fixture file, line by line (line 1 is the header). Each row says what it tests; `expected…` below
 * are what the import must make of it.
 */
export const FIXTURE_LINES = [
  HEADER_LINE,
  // 2: the real first row (Consalud, one region written '-8', table 592)
  REAL_FIRST_ROW,
  // 3: Cruz Blanca: GES '513', regions '(1)(2)', table and line 'Z', no top, a lost Ñ, not commercial
  extractRow({
    ...cruzBlanca,
    id_plan: 'CCRD140013',
    nombre_plan: 'COLECTIVO CL\uFFFDNICA RE\uFFFD\uFFFDACA 4000',
    id_linea_plan: 'Z',
    comercializacion: 'No Comer.',
    region: '(1)(2)',
    modalidad_atencion: 'Libre elecci\uFFFDn',
    amplitud_cobertura: 'Cobertura reducida para parto',
    prestaciones_restringidas: '2345',
    codigo_tabla_factores: 'Z',
    modalidad_tope: 'Sin tope',
    tope_anual: '0',
  }),
  // 4: a column missing
  extractRow({ id_plan: 'BROKEN-1' }).split(';').slice(0, 41).join(';'),
  // 5: blank: skipped, not a row
  '',
  // 6: a price that does not parse
  extractRow({ id_plan: 'BROKEN-2', precio_base_final: '1,3,2' }),
  // 7: region 17 does not exist: the schema refuses it
  extractRow({ id_plan: 'BROKEN-3', region: '(13)(17)' }),
  // 8: Banmédica, a lost Ú, reduced for medical fees, 7% plan, region -13, separators lost
  extractRow({
    ...banmedica,
    id_plan: 'DUO-10',
    nombre_plan: 'D\uFFFDO ORO 10 /1608 VALLES\uFFFD\uFFFD1400\uFFFD\uFFFD\uFFFD',
    id_linea_plan: 'CLINICA RE\uFFFDACA',
    modalidad_atencion: 'Plan Cerrado',
    amplitud_cobertura: 'Cobertura reducida para honorarios m\uFFFDdicos',
    modalidad_precio_plan: '7%',
    precio_base_final: '0',
    region: '-13',
  }),
  // 9: the plan code of line 2 again
  extractRow({ nombre_plan: 'OTRO NOMBRE' }),
  // 10: N°2 and a lone '?' that was a dash; no region given
  extractRow({
    ...cruzBlanca,
    id_plan: 'TISSUE2',
    nombre_plan: 'TISSUE SIND.N\uFFFD2 II - CONSALUD',
    region: '',
  }),
  // 11: a GES above 5 UF with a comma: no digit can be moved with confidence
  extractRow({ ...cruzBlanca, id_plan: 'BROKEN-4', ges: '51,3' }),
];

export const FIXTURE_TEXT = `${FIXTURE_LINES.join('\n')}\n`;
