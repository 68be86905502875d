import { z } from 'zod';
import { Country, Slug } from './common';

/** Kinds of organization (seed 000 §3 organization, §2 detail paths): insurers, isapres, clinics, providers. */
export const OrganizationType = z.enum([
  'ASEGURADORA',
  'ISAPRE',
  'CLINICA',
  'PRESTADOR',
  'EPS',
  'MEDICINA_PREPAGADA',
  'CORREDORA',
]);
export type OrganizationType = z.infer<typeof OrganizationType>;

/** Groups shown together by GET /api/organization/seguros/multTipo (the `upperTypeName` of seed 000 §7). */
export const ORGANIZATION_UPPER_TYPE: Record<OrganizationType, string> = {
  ASEGURADORA: 'Aseguradoras',
  ISAPRE: 'Isapres',
  CLINICA: 'Clínicas y Hospitales',
  PRESTADOR: 'Prestadores',
  EPS: 'EPS',
  MEDICINA_PREPAGADA: 'Medicina Prepagada',
  CORREDORA: 'Corredoras',
};

export const OrganizationDefinition = z.strictObject({
  /** Stable code; also the last segment of the organization's URL (`/Seguros/{url}/…`). */
  code: Slug,
  displayName: z.string().min(1).max(120),
  type: OrganizationType,
  /** What the type is called on this organization's pages ("Aseguradora", "Isapre", "Clínica"). */
  typeAlias: z.string().min(1).max(60),
  /** URL segment of the organization's pages. */
  url: Slug,
  image: z.string().max(300).optional(),
  country: Country,
  /** The Superintendencia's isapre code (seed 002 §3), for isapres. */
  isapreCode: z.number().int().positive().optional(),
  /** Isapres open to anyone (not closed to a company's workers). */
  open: z.boolean().optional(),
  website: z.url().optional(),
  description: z.string().max(2000).optional(),
});
export type OrganizationDefinition = z.infer<typeof OrganizationDefinition>;

/**
 * An organization as the API answers it (GET /api/organization/seguros/…, the detail pages): built by
 * services/src/catalogue/views/organizations.ts, which returns this type.
 */
export const OrganizationView = z.object({
  id: z.string(),
  code: z.string(),
  displayName: z.string(),
  type: OrganizationType,
  typeAlias: z.string(),
  upperTypeName: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  country: Country,
  isapreCode: z.number().optional(),
  open: z.boolean().optional(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  /** Products and plans it has in the catalogue now: 0 means nothing to sell. */
  productCount: z.number(),
});
export type OrganizationView = z.infer<typeof OrganizationView>;
