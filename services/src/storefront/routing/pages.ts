/**
 * The storefront's pages (seed 000 §2, 001 §2.1), one table for both sides: the client router gives each
 * page id its component (web-storefront/src/app/routes.tsx) and the server answers 404 for a path no page
 * of the host's edition takes (./matchPage.ts, services/src/storefront). Patterns are React Router's,
 * relative to the root or to a language prefix (/en, /pt); '' is the index page. Every edition's address
 * not listed here is the 404 page (001 §2.1 "any unknown path"), and so is `not-found` itself.
 *
 * PURE and WITHOUT IMPORTS: the browser bundles this file as it is.
 */

export type Edition = 'CL' | 'PE' | 'CO' | 'INT';

export type PageId =
  | 'home'
  | 'comparator'
  | 'guards'
  | 'search'
  | 'comparePlans'
  | 'landing'
  | 'isaprePlans'
  | 'isaprePlan'
  | 'planAlias'
  | 'isapreAddOn'
  | 'insurance'
  | 'clinicInsurance'
  | 'clinicPlan'
  | 'epsPlan'
  | 'epsInsurance'
  | 'prepaidMedicine'
  | 'typedInsurance'
  | 'onlinePurchase'
  | 'companyRut'
  | 'contact'
  | 'accidentInsurance'
  | 'colectivos'
  | 'wizard'
  | 'portals'
  | 'notFound';

export interface PageRoute {
  id: PageId;
  path: string;
  /** The editions that have the page; every edition when absent. */
  editions?: readonly Edition[];
}

const CHILE: readonly Edition[] = ['CL'];

/** Paths that name a comparator by their own address (000-7.29): the comparator pages and the landings. */
export const COMPARATOR_PAGES: ReadonlySet<PageId> = new Set(['comparator', 'guards', 'landing']);

export const PAGES: readonly PageRoute[] = [
  { id: 'home', path: '' },
  // Any depth below Comparar is a comparator's base URL. The named first segment ranks this pattern above
  // the international /{type}/{a}/{b}[/{tab}] for the same depth (a plain Comparar/* would not).
  { id: 'comparator', path: 'Comparar/:comparator/*' },
  { id: 'guards', path: 'Guardias' },
  { id: 'search', path: 'buscar' },
  { id: 'comparePlans', path: 'Comparar-Planes' },
  // Landing content routes take the landing's url (001-2.08): /Seguros/Catastrofico is the landing whose
  // comparator base URL is 'Catastrofico' (page size 15 and a 'more results' button, 000-9.01, 000-2.39).
  { id: 'landing', path: 'Seguros/:landing' },
  // Detail paths by edition (seed 000 §2 "Product-detail path shape by country"); isapres are Chile's.
  { id: 'isaprePlans', path: 'Isapre/:org/Planes', editions: CHILE },
  { id: 'isaprePlan', path: 'Isapre/:org/Planes/:code/:tab?', editions: CHILE },
  { id: 'planAlias', path: 'planSI/R/:code/:tab?', editions: CHILE },
  { id: 'isapreAddOn', path: 'Isapre/:org/Complementos/:product/:tab?', editions: CHILE },
  { id: 'insurance', path: 'Seguros/:org/:product/:tab?', editions: ['CL', 'PE', 'CO'] },
  { id: 'clinicInsurance', path: 'Clinicas-y-Hospitales/:org/Seguro/:product/:tab?', editions: CHILE },
  { id: 'clinicPlan', path: 'Clinicas-y-Hospitales/:org/:product/:tab?', editions: ['PE'] },
  { id: 'epsPlan', path: 'EPS/:org/Planes/:product/:tab?', editions: ['PE'] },
  { id: 'epsInsurance', path: 'EPS/:org/:product/:tab?', editions: ['CO'] },
  { id: 'prepaidMedicine', path: 'Medicina-Prepagada/:org/:product/:tab?', editions: ['CO'] },
  // /{insurance type}/{a}/{b}: the tab is the rest, so every static page outranks it at the same depth.
  { id: 'typedInsurance', path: ':type/:org/:product/*', editions: ['INT'] },
  { id: 'onlinePurchase', path: 'Compra-Online/:code' },
  // The guard's rule is not in the seed (000-2.09): its fallback is all that is known, so it is the route.
  { id: 'companyRut', path: 'Consulta-RUT-Empresa' },
  { id: 'contact', path: 'contacto' },
  // 000-2.20: the most chosen personal-accident insurance, at its detail address.
  { id: 'accidentInsurance', path: 'Accidentes-Personales' },
  // 001-2.10: the colectivos guard's address: the company comparator behind its forced modal.
  { id: 'colectivos', path: 'Cotizar-Seguro-Colectivo' },
  // 000-2.23: the guided finder asks Isapre or Fonasa: Chile's.
  { id: 'wizard', path: 'wizard/seguros-de-salud', editions: CHILE },
  { id: 'portals', path: 'portal-clientes' },
  { id: 'notFound', path: 'not-found' },
];

/** The pages of an edition, in table order. */
export function pagesOf(edition: Edition): PageRoute[] {
  return PAGES.filter((page) => !page.editions || page.editions.includes(edition));
}

export const CYBER_SUFFIX = '/Cyber-Monday';

/**
 * The comparator a comparator page's path names (without the language prefix): its base URL, the Cyber
 * variant being the same comparator; null for a path that is no comparator page.
 */
export function comparatorOfPath(path: string): { baseUrl: string; cyber: boolean } | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (!clean.startsWith('/Comparar/') && clean !== '/Guardias') return null;
  const cyber = clean.endsWith(CYBER_SUFFIX);
  return { baseUrl: (cyber ? clean.slice(0, -CYBER_SUFFIX.length) : clean).slice(1), cyber };
}
