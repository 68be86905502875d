/**
 * The console's "Descargar plantilla": an empty file with the seed's columns (002-3.41, 002-3.42) in the
 * seed's order, no example row (an example left in would be loaded). The XLSX's first sheet is the one
 * read; its RUT columns are text (a RUT with K or leading dots stays as typed), its date columns dates,
 * its word columns offer their values in a list; a second sheet, never read, explains each column.
 */
import ExcelJS from 'exceljs';
import type { BulkColumn, BulkKind, FileFormat } from '@cubre/schemas/groupInsurance/rows';
import { DEPENDENT_TYPES } from '@cubre/schemas/parentesco';
import { COLUMN_LABELS, columnsOfKind, REQUIRED_COLUMNS } from './columns';

/** The template's columns: the seed's, without rowNumber (the sheet numbers its rows itself). */
export const templateColumns = (kind: BulkKind): BulkColumn[] =>
  columnsOfKind(kind).filter((column) => column !== 'rowNumber');

const RUT_COLUMNS = new Set<BulkColumn>(['legalId', 'holderLegalId']);
const DATE_COLUMNS = new Set<BulkColumn>(['birthDate', 'effectiveDate']);
const LISTS: Partial<Record<BulkColumn, readonly string[]>> = {
  gender: ['Masculino', 'Femenino'],
  insuredType: ['TITULAR', 'CARGA'],
  dependentType: DEPENDENT_TYPES,
};

/** How to fill each column, for the instructions sheet. */
const HOW: Record<BulkColumn, string> = {
  rowNumber: '',
  name: 'Letras, espacios y guiones; al menos dos letras',
  paternalSurname: 'Letras, espacios y guiones',
  maternalSurname: 'Letras, espacios y guiones',
  legalId: 'RUT con dígito verificador: 12.345.678-5 o 12345678-5',
  birthDate: 'Fecha DD-MM-AAAA, DD/MM/AAAA o AAAA-MM-DD',
  gender: 'Masculino o Femenino',
  email: 'correo@dominio.cl',
  phone: 'Código de país y número: +56 9 1234 5678',
  insuredType: 'TITULAR o CARGA',
  effectiveDate:
    'Fecha DD-MM-AAAA; altas: hasta 30 días atrás y 45 adelante; bajas: hasta 30 y 30 (o los días de la aseguradora)',
  coverageGroup: 'Código de un grupo de cobertura de la póliza',
  holderLegalId: 'Solo CARGA: RUT del titular (en el archivo como TITULAR o ya asegurado)',
  dependentType: `Solo CARGA: ${DEPENDENT_TYPES.join(', ')}`,
  accountType: 'Cuenta para reembolsos: tipo (corriente, vista, ahorro)',
  accountNumber: 'Cuenta para reembolsos: número, solo dígitos',
  bank: 'Cuenta para reembolsos: banco',
  reason: 'Motivo de la baja',
};

/** exceljs keeps a range's validation as one entry (one sqref in the file); its types only know the cell's. */
const rangeValidations = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } })
    .dataValidations;

async function xlsxTemplate(kind: BulkKind): Promise<Buffer> {
  const columns = templateColumns(kind);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind === 'activation' ? 'Altas' : 'Bajas');
  sheet.columns = columns.map((column) => ({
    header: column,
    key: column,
    width: Math.max(14, column.length + 4),
    style: RUT_COLUMNS.has(column)
      ? { numFmt: '@' }
      : DATE_COLUMNS.has(column)
        ? { numFmt: 'dd-mm-yyyy' }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  columns.forEach((column, index) => {
    const values = LISTS[column];
    if (!values) return;
    const letter = sheet.getColumn(index + 1).letter;
    // Rows 2 to 5,001: a list to pick from where people type by hand (exceljs's own full reader expands a
    // range cell by cell, so a 100,000-row range would make the template slow to open with it).
    rangeValidations(sheet).add(`${letter}2:${letter}5001`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${values.join(',')}"`],
      showErrorMessage: false,
    });
  });

  const help = workbook.addWorksheet('Instrucciones');
  help.columns = [
    { header: 'Columna', key: 'column', width: 18 },
    { header: 'Significado', key: 'label', width: 24 },
    { header: 'Obligatoria', key: 'required', width: 12 },
    { header: 'Cómo llenarla', key: 'how', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of columns) {
    help.addRow({
      column,
      label: COLUMN_LABELS[column],
      required: REQUIRED_COLUMNS[kind].includes(column) ? 'Sí' : 'No',
      how: HOW[column],
    });
  }
  help.addRow({});
  help.addRow({ column: 'Solo se lee la primera hoja. La primera fila es la de encabezados.' });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The CSV template: the header line only, `;` separated and with a UTF-8 BOM as Excel in Chile expects. */
const csvTemplate = (kind: BulkKind): Buffer =>
  Buffer.from(`\uFEFF${templateColumns(kind).join(';')}\r\n`, 'utf8');

/** An empty bulk-load file of a kind in a format (async: exceljs writes the XLSX zip asynchronously). */
export async function templateOf(kind: BulkKind, format: FileFormat): Promise<Buffer> {
  return format === 'xlsx' ? xlsxTemplate(kind) : csvTemplate(kind);
}
