import { checkIdentification, checkName } from '@cubre/schemas/identification';
import {
  COLLABORATOR_FIELDS,
  COMPANY_FIELDS,
  type CollaboratorField,
  type CompanyField,
} from '@cubre/schemas/payments/companyPurchase';

/**
 * A company bought online (issue 14): 'Datos empresa' (the company; its contact is the buyer's contact
 * fields) and 'Datos colaboradores' (one row per worker the card priced). Errors are word keys (`field.*`,
 * `purchase.company.*`) or the API's own messages; the API judges the rows again with the bulk-load rows
 * module, whose field errors (`collaborators.2.legalId`) land beside the same cell.
 */
export { COLLABORATOR_FIELDS, COMPANY_FIELDS, type CollaboratorField, type CompanyField };

export type CompanyValues = Record<CompanyField, string>;
export const EMPTY_COMPANY: CompanyValues = { rut: '', razonSocial: '', giro: '', direccion: '', comuna: '' };

export type CollaboratorValues = Record<CollaboratorField, string>;
export const EMPTY_COLLABORATOR: CollaboratorValues = {
  name: '',
  paternalSurname: '',
  maternalSurname: '',
  legalId: '',
  birthDate: '',
  gender: '',
  email: '',
};

/** The least length of each company text (the API's: `schemas/src/payments/companySale.ts`). */
const MIN_LENGTH: Record<Exclude<CompanyField, 'rut'>, number> = {
  razonSocial: 2,
  giro: 3,
  direccion: 5,
  comuna: 2,
};

export type Errors<F extends string> = Partial<Record<F, string>>;

/** One company field's error key, or undefined: the RUT with its check digit (002-5.01), texts required. */
export function companyFieldError(field: CompanyField, value: string, country: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'field.required';
  if (field === 'rut') {
    const checked = checkIdentification(country, text);
    return checked.ok ? undefined : `field.${checked.error}`;
  }
  return text.length < MIN_LENGTH[field] ? 'purchase.company.tooShort' : undefined;
}

export const companyErrors = (values: CompanyValues, country: string): Errors<CompanyField> =>
  Object.fromEntries(
    COMPANY_FIELDS.map((field) => [field, companyFieldError(field, values[field], country)]),
  ) as Errors<CompanyField>;

/**
 * A collaborator's cells checked before sending: required cells, names (002-5.08), the RUT (002-5.01) and
 * no RUT twice. Dates and the rest are the rows module's on the server (its words come back per cell).
 */
export function collaboratorErrors(rows: CollaboratorValues[]): Errors<CollaboratorField>[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const errors: Errors<CollaboratorField> = {};
    for (const field of ['name', 'paternalSurname', 'legalId', 'birthDate', 'gender'] as const)
      if (row[field].trim() === '') errors[field] = 'field.required';
    for (const field of ['name', 'paternalSurname'] as const) {
      const checked = row[field].trim() === '' ? null : checkName(row[field]);
      if (checked && !checked.ok) errors[field] = `field.${checked.error}`;
    }
    if (row.legalId.trim() !== '') {
      const checked = checkIdentification('CL', row.legalId);
      if (!checked.ok) errors.legalId = `field.${checked.error}`;
      else {
        const id = row.legalId.replace(/[^0-9kK]/g, '').toUpperCase();
        if (seen.has(id)) errors.legalId = 'purchase.family.duplicateId';
        seen.add(id);
      }
    }
    return errors;
  });
}

export const hasAny = (errors: Errors<string> | Errors<string>[]): boolean =>
  (Array.isArray(errors) ? errors : [errors]).some((byField) => Object.values(byField).some(Boolean));

/** An API field error's place: `company.rut` or `collaborators.2.legalId` (with or without `body.`). */
export function companyFieldOf(
  field: string,
): { list: 'company'; name: string } | { list: 'collaborators'; index: number; name: string } | null {
  const company = /^(?:body\.)?company\.(\w+)$/.exec(field);
  if (company) return { list: 'company', name: company[1]! };
  const row = /^(?:body\.)?collaborators\.(\d+)\.(\w+)$/.exec(field);
  return row ? { list: 'collaborators', index: Number(row[1]), name: row[2]! } : null;
}
