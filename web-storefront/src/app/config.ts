import { EDITIONS, editionOfPage, portalsOf, type Country } from './editions';

/** The edition of this page: the server names it in index.html by the host it serves (001-1.05). */
const country: Country = editionOfPage(typeof document === 'undefined' ? undefined : document);
const edition = EDITIONS[country];

/**
 * Edition settings. One build serves every edition (Chile, the main deployment, 001-1.05; Peru, Colombia,
 * international); they change these values, not the code. Resolved once, when the page starts.
 */
export const SITE = {
  country,
  /** What prices are in: CLP, PEN, COP or USD (the price filters' targetCurrency). */
  currency: edition.currency,
  /** Default landing and the fallback of every redirect (000-2.11): every edition has health products. */
  defaultPath: '/Comparar/Seguros-de-Salud',
  /** Where an unknown isapre plan sends the visitor (000-2.35); isapres are Chile's. */
  plansComparisonPath: country === 'CL' ? '/Comparar/Isapres' : '/Comparar/Seguros-de-Salud',
  contactEmail: 'contacto@cubre.cl',
  /** The request form's phone starts with it (001-5.19). */
  phonePrefix: edition.phonePrefix,
  /**
   * This build's version, sent on non-GET calls (001-7.16) so the API can tell which build posted, and
   * compared with GET /api/qp-version by the version check (001-4.21): vite.config.ts embeds it.
   */
  version: (import.meta.env.VITE_CUBRE_VERSION as string | undefined) ?? '0.0.0',
  languages: ['es', 'en', 'pt'] as const,
  portals: portalsOf(edition.domain),
  /**
   * What the header's Portal clientes button does (001-2.27): open the portals in a large centred dialog,
   * or stay on the site and go to /portal-clientes; a build chooses with VITE_PORTAL_LINK=page.
   */
  portalLink: (import.meta.env.VITE_PORTAL_LINK === 'page' ? 'page' : 'dialog') as 'dialog' | 'page',
  /** The Cyber banner window (000-4.24); a build can override it with VITE_CYBER_START / VITE_CYBER_END. */
  cyberWindow: {
    start: new Date(import.meta.env.VITE_CYBER_START ?? '2025-10-06T00:00:00-03:00'),
    end: new Date(import.meta.env.VITE_CYBER_END ?? '2025-10-12T23:59:59-03:00'),
  },
};
export type Language = (typeof SITE.languages)[number];
