import type { Country } from '@cubre/schemas';
import {
  CHILE_ORIGIN_PATHS,
  COUNTRIES,
  OPTIMIZE_ORIGIN_PATHS,
  type BusinessLineOrigin,
  type BusinessLineResponse,
  type LeadType,
} from '@cubre/schemas/site';

/**
 * Business lines (rule 001-7.10). The seed names the call, its two headers and the answer's fields, not
 * the lines: ours are one per storefront lead type (seed 002 §3 request types Seguros, Planes, Contactos,
 * Colectivos, International Health), each with the editions that sell it and the page its leads come from
 * by default. See services/src/site/README.md.
 */
interface BusinessLine {
  code: string;
  displayName: string;
  leadType: LeadType;
  countries: Country[];
  origin: BusinessLineOrigin;
}

export const BUSINESS_LINES: readonly BusinessLine[] = [
  {
    code: 'seguros',
    displayName: 'Seguros de Salud',
    leadType: 'Seguros',
    countries: ['CL', 'PE', 'CO'],
    origin: { route: '/Comparar/Seguros-de-Salud', webApplicationId: 39 },
  },
  {
    code: 'planes',
    displayName: 'Planes de Isapre',
    leadType: 'Planes',
    countries: ['CL'],
    origin: { route: '/Comparar/Isapres', webApplicationId: 39 },
  },
  {
    code: 'colectivos',
    displayName: 'Seguros para Empresas',
    leadType: 'Colectivos',
    countries: ['CL', 'PE', 'CO'],
    origin: { route: '/Comparar/Seguro-Complementario-Empresa', webApplicationId: 39 },
  },
  {
    code: 'contactos',
    displayName: 'Contacto',
    leadType: 'Contactos',
    countries: ['CL', 'PE', 'CO', 'INT'],
    origin: { route: '/Contacto', webApplicationId: 39 },
  },
  {
    code: 'international-health',
    displayName: 'International Health',
    leadType: 'International Health',
    countries: ['INT'],
    origin: { route: '/contactos/internationalhealth', webApplicationId: 2 },
  },
];

/** Every known origin path with its application, longest first so the most specific page wins. */
const ORIGINS: BusinessLineOrigin[] = [
  ...CHILE_ORIGIN_PATHS.map((route) => ({ route, webApplicationId: 39 as const })),
  ...OPTIMIZE_ORIGIN_PATHS.map((route) => ({ route, webApplicationId: 2 as const })),
].sort((a, b) => b.route.length - a.route.length);

/**
 * The origin of a page path: the known origin path it is (or is under), case-insensitive, with the
 * application that serves it (rules 002-2.09, 002-2.10); undefined for any other page.
 */
export function originOfPath(pathname: string): BusinessLineOrigin | undefined {
  const path = pathname.toLowerCase();
  return ORIGINS.find(({ route }) => {
    const known = route.toLowerCase();
    if (known.endsWith('/')) return path.startsWith(known);
    return path === known || path.startsWith(`${known}/`);
  });
}

export function businessLineFor(
  leadType: LeadType,
  editable: boolean,
  pagePath: string | undefined,
): BusinessLineResponse {
  const line = BUSINESS_LINES.find((candidate) => candidate.leadType === leadType)!;
  const origin = (pagePath === undefined ? undefined : originOfPath(pagePath)) ?? line.origin;
  const summary = ({ code, displayName, leadType: type }: BusinessLine) => ({
    code,
    displayName,
    leadType: type,
  });
  return {
    ...summary(line),
    editable,
    availableCountries: COUNTRIES.filter((country) => line.countries.includes(country.code)),
    origin: { ...origin },
    ...(editable ? { options: BUSINESS_LINES.map(summary) } : {}),
  };
}
