/**
 * Which column a header names: the seed's names (002-3.41, 002-3.42) and the Spanish words a Chilean HR
 * person writes instead, matched without case, accents, spaces or punctuation ('Fecha de Nacimiento',
 * 'fecha_nacimiento' and 'birthDate' are one column). A header the file has but nobody knows is ignored.
 */
import {
  ACTIVATION_COLUMNS,
  type BulkColumn,
  type BulkKind,
  CANCELLATION_COLUMNS,
  type RowProblem,
} from '@cubre/schemas/groupInsurance/rows';

/** 'Fecha de Nacimiento' → 'fechadenacimiento'. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Other words for each column (keys as headerKey gives them); the seed's own name is always accepted. */
const ALIASES: Record<BulkColumn, readonly string[]> = {
  rowNumber: ['fila', 'nfila', 'nrofila', 'numerofila', 'numerodefila', 'row', 'nro', 'n'],
  name: ['nombre', 'nombres', 'firstname', 'primernombre'],
  paternalSurname: ['apellidopaterno', 'primerapellido', 'apellido1', 'apellido', 'lastname'],
  maternalSurname: ['apellidomaterno', 'segundoapellido', 'apellido2'],
  legalId: [
    'rut',
    'run',
    'rutasegurado',
    'rutdelasegurado',
    'rutempleado',
    'rutdelempleado',
    'ruttrabajador',
    'rutdeltrabajador',
    'rutbeneficiario',
    'rutcarga',
    'identificacion',
  ],
  birthDate: ['fechadenacimiento', 'fechanacimiento', 'fnacimiento', 'nacimiento'],
  gender: ['sexo', 'genero'],
  email: ['correo', 'correoelectronico', 'mail', 'email', 'emailcontacto'],
  phone: ['telefono', 'celular', 'movil', 'fono', 'telefonocelular', 'telefonocontacto'],
  insuredType: ['tipoasegurado', 'tipodeasegurado', 'tipobeneficiario', 'tipodebeneficiario', 'tipo'],
  effectiveDate: [
    'fechadevigencia',
    'fechavigencia',
    'vigencia',
    'iniciovigencia',
    'iniciodevigencia',
    'fechainiciovigencia',
    'fechadeiniciodevigencia',
    'fechadeinicio',
    'fechainicio',
    'inicio',
    'fechadealta',
    'fechaalta',
    'fechadeexclusion',
    'fechaexclusion',
    'fechadebaja',
    'fechabaja',
    'fechadetermino',
    'fechatermino',
    'fechaefectiva',
  ],
  coverageGroup: ['grupodecobertura', 'grupocobertura', 'grupo', 'plan'],
  holderLegalId: ['ruttitular', 'rutdeltitular', 'titularrut', 'rutdeltitulardelacarga'],
  dependentType: ['parentesco', 'tipodecarga', 'tipocarga', 'relacion'],
  accountType: ['tipodecuenta', 'tipocuenta'],
  accountNumber: ['numerodecuenta', 'numerocuenta', 'ncuenta', 'nrocuenta', 'nrodecuenta', 'cuenta'],
  bank: ['banco'],
  reason: ['motivo', 'motivodebaja', 'motivobaja', 'motivodeexclusion', 'causal', 'causaldebaja'],
};

const COLUMN_OF = new Map<string, BulkColumn>(
  (Object.keys(ALIASES) as BulkColumn[]).flatMap((column) => [
    [headerKey(column), column] as const,
    ...ALIASES[column].map((alias) => [alias, column] as const),
  ]),
);

/** The column a header names, or null. */
export function columnOfHeader(header: string): BulkColumn | null {
  return COLUMN_OF.get(headerKey(header)) ?? null;
}

/** The file's header read: the column each position holds (null: ignored) and what is wrong with it. */
export type Header = {
  /** The row the header is on (the first row that is not blank). */
  rowNumber: number;
  columns: (BulkColumn | null)[];
  /** The headers as written, for messages. */
  written: string[];
};

/** Reads a header row: a column named twice keeps its first position (the second is a problem, see below). */
export function headerOf(rowNumber: number, values: string[]): Header {
  const seen = new Set<BulkColumn>();
  const columns = values.map((value) => {
    const column = columnOfHeader(value);
    if (column === null || seen.has(column)) return null;
    seen.add(column);
    return column;
  });
  return { rowNumber, columns, written: values.map((value) => value.trim()) };
}

/** Columns every file of the kind must have: the fields every row needs (judgeRow says which). */
export const REQUIRED_COLUMNS: Record<BulkKind, readonly BulkColumn[]> = {
  activation: [
    'name',
    'paternalSurname',
    'legalId',
    'birthDate',
    'gender',
    'insuredType',
    'effectiveDate',
    'coverageGroup',
  ],
  cancellation: ['legalId', 'insuredType', 'effectiveDate', 'reason'],
};

/** Spanish names of the columns, for messages and the template's instructions. */
export const COLUMN_LABELS: Record<BulkColumn, string> = {
  rowNumber: 'N° de fila',
  name: 'Nombre',
  paternalSurname: 'Apellido paterno',
  maternalSurname: 'Apellido materno',
  legalId: 'RUT',
  birthDate: 'Fecha de nacimiento',
  gender: 'Sexo',
  email: 'Correo',
  phone: 'Teléfono',
  insuredType: 'Tipo de asegurado',
  effectiveDate: 'Fecha de vigencia',
  coverageGroup: 'Grupo de cobertura',
  holderLegalId: 'RUT titular',
  dependentType: 'Parentesco',
  accountType: 'Tipo de cuenta',
  accountNumber: 'Número de cuenta',
  bank: 'Banco',
  reason: 'Motivo',
};

export const columnsOfKind = (kind: BulkKind): readonly BulkColumn[] =>
  kind === 'activation' ? ACTIVATION_COLUMNS : CANCELLATION_COLUMNS;

/**
 * What is wrong with a header for a kind, once for the file (on the header's row): each required column
 * missing, and each column written twice (which of the two holds the value would be a guess).
 */
export function headerProblems(header: Header, kind: BulkKind): RowProblem[] {
  const present = new Set(header.columns.filter((column): column is BulkColumn => column !== null));
  const missing = REQUIRED_COLUMNS[kind]
    .filter((column) => !present.has(column))
    .map((column) => ({
      rowNumber: header.rowNumber,
      column,
      rule: 'requiredColumn',
      message: `Falta la columna ${column} (${COLUMN_LABELS[column]}) en la fila de encabezados`,
    }));
  const twice = header.written.flatMap((written, position) => {
    const column = columnOfHeader(written);
    if (column === null || header.columns[position] === column) return [];
    return [
      {
        rowNumber: header.rowNumber,
        column,
        rule: 'duplicateColumn',
        message: `La columna ${column} (${COLUMN_LABELS[column]}) aparece más de una vez ("${written}")`,
      },
    ];
  });
  return [...missing, ...twice];
}
