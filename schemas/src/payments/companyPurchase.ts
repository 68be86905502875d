/**
 * A company's online purchase (issue 14, seed 002 §2 'Datos empresa', 'Datos colaboradores'): the rules the
 * storefront's form and the API share, free of zod so the browser's purchase chunk can take them.
 */

/**
 * What makes a product a company's: the comparator's pricer prices these per worker
 * (services/src/catalogue/comparator/profilePricing.ts `COLLECTIVE_TYPES`, by product type or insurance
 * type). The purchase follows the same list, so the product the card priced per worker is the one whose
 * purchase asks for the company and its collaborators.
 */
export const COMPANY_PRODUCT_TYPES: readonly string[] = ['SEGURO COLECTIVO', 'colectivo', 'SCTR', 'EPS'];

export const isCompanyProduct = (product: {
  productType?: string | null | undefined;
  insuranceType?: string | null | undefined;
}): boolean =>
  COMPANY_PRODUCT_TYPES.includes(product.productType ?? '') ||
  COMPANY_PRODUCT_TYPES.includes(product.insuranceType ?? '');

type CompanyProfileLike = {
  cantidadEmpleados?: number | undefined;
  colectivo?: { cantidadempleados?: number | undefined } | undefined;
  colectivos?: readonly { cantidadDeTrabajadores?: number | undefined }[] | undefined;
  sctr?: { cantidadempleados?: number | undefined } | undefined;
};

/**
 * How many workers the card priced (the pricer's `workersOf`, same order of fields): the profile's count,
 * or 1 when it gives none (the card then shows the price per employee). The purchase insures exactly that
 * many collaborators, so what is charged is what the card showed.
 */
export function workersPriced(profile: CompanyProfileLike | null | undefined): number {
  if (!profile) return 1;
  if (profile.cantidadEmpleados) return profile.cantidadEmpleados;
  if (profile.colectivo?.cantidadempleados) return profile.colectivo.cantidadempleados;
  if (profile.colectivos?.length) {
    const sum = profile.colectivos.reduce((total, group) => total + (group.cantidadDeTrabajadores ?? 0), 0);
    if (sum > 0) return sum;
  }
  if (profile.sctr?.cantidadempleados) return profile.sctr.cantidadempleados;
  return 1;
}

/** At most this many collaborators are entered in the form (a larger company loads a file after buying). */
export const MAX_ONLINE_COLLABORATORS = 50;

/** The company's policy of a sale: one per sale, its id derived from the sale's (lower case, a PolicyId). */
export const companyPolicyIdOf = (saleId: string): string => `venta-${saleId.toLowerCase()}`;

/** The coverage group every collaborator bought online is in (the policy has one: the product bought). */
export const ONLINE_COVERAGE_GROUP = 'G1';

/** The company's data of 'Datos empresa' (the contact is the buyer: nombre, rut, email, telefono). */
export const COMPANY_FIELDS = ['rut', 'razonSocial', 'giro', 'direccion', 'comuna'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** A collaborator's cells, named as the bulk-load activation columns (002-3.41) the rows module judges. */
export const COLLABORATOR_FIELDS = [
  'name',
  'paternalSurname',
  'maternalSurname',
  'legalId',
  'birthDate',
  'gender',
  'email',
] as const;
export type CollaboratorField = (typeof COLLABORATOR_FIELDS)[number];
