/**
 * A product's detail path by edition (rules 000-2.24 to 000-2.27), computed as the server does in
 * services/src/catalogue/comparator/detailPath.ts. Result cards already carry it as newWindowUrl; this is
 * for links built on the storefront (and must give the same path).
 *
 * The card gives the organization's type only as its typeAlias ('Aseguradora', 'Isapre', 'Clínica',
 * 'EPS', 'Medicina Prepagada'), so the kind is read from that text, accents and case ignored; the API's
 * type codes (CLINICA, MEDICINA_PREPAGADA…) are understood too.
 */

export type Country = 'CL' | 'PE' | 'CO' | 'INT';

export interface DetailPathInput {
  organizationTypeAlias: string | null | undefined;
  organizationUrl: string;
  productUrl: string;
  /** The insurance type's url segment: the first segment of international paths. */
  typeUrl?: string | null;
  /** 'Medicina Prepagada' products are prepaid medicine in Colombia whatever the organization. */
  productType?: string | null;
  /** Isapre plans (not add-on insurance) live at /Isapre/{isapre}/Planes/{plan}. */
  isaprePlan?: boolean;
}

export type OrganizationKind = 'clinic' | 'isapre' | 'eps' | 'prepaid' | 'other';

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

/** 000-2.25 says prepaid "or home medicine": a home-medicine alias counts as prepaid. */
export function organizationKind(typeAlias: string | null | undefined): OrganizationKind {
  const alias = normalise(typeAlias ?? '');
  if (alias.startsWith('clinica') || alias.startsWith('hospital')) return 'clinic';
  if (alias === 'isapre') return 'isapre';
  if (alias === 'eps') return 'eps';
  if (alias.includes('prepagada') || alias.includes('domiciliaria')) return 'prepaid';
  return 'other';
}

export function detailPath(country: Country, input: DetailPathInput): string {
  const org = encodeURIComponent(input.organizationUrl);
  const product = encodeURIComponent(input.productUrl);
  if (input.isaprePlan) return `/Isapre/${org}/Planes/${product}`;
  const kind = organizationKind(input.organizationTypeAlias);
  switch (country) {
    case 'CL':
      if (kind === 'clinic') return `/Clinicas-y-Hospitales/${org}/Seguro/${product}`;
      if (kind === 'isapre') return `/Isapre/${org}/Complementos/${product}`;
      return `/Seguros/${org}/${product}`;
    case 'CO':
      if (kind === 'eps') return `/EPS/${org}/${product}`;
      if (kind === 'prepaid' || input.productType === 'Medicina Prepagada')
        return `/Medicina-Prepagada/${org}/${product}`;
      return `/Seguros/${org}/${product}`;
    case 'PE':
      if (kind === 'clinic') return `/Clinicas-y-Hospitales/${org}/${product}`;
      if (kind === 'eps') return `/EPS/${org}/Planes/${product}`;
      return `/Seguros/${org}/${product}`;
    case 'INT':
      return `/${encodeURIComponent(input.typeUrl || 'Seguros')}/${org}/${product}`;
    default: {
      const unknown: never = country;
      throw new Error(`unknown country ${String(unknown)}`);
    }
  }
}
