/**
 * Edition settings the storefront is built with. One build serves Chile (the main deployment, 001-1.05);
 * the other editions change these values, not the code.
 */
export const SITE = {
  country: 'CL' as const,
  /** The edition's currency: prices and the price filter are written in it unless a comparator says. */
  currency: 'CLP',
  /** Default landing and the fallback of every redirect (000-2.11). */
  defaultPath: '/Comparar/Seguros-de-Salud',
  /** Where an unknown isapre plan sends the visitor (000-2.35). */
  plansComparisonPath: '/Comparar/Isapres',
  contactEmail: 'contacto@cubre.cl',
  /** Sent on non-GET calls (001-7.16) so the API can tell which build posted. */
  version: '0.1.0',
  languages: ['es', 'en', 'pt'] as const,
  portals: [
    {
      label: 'Personas',
      path: 'https://personas.cubre.cl',
      logo: '/images/portal-personas.svg',
      img: '/images/portal-personas-bg.svg',
    },
    {
      label: 'Empresas',
      path: 'https://empresas.cubre.cl',
      logo: '/images/portal-empresas.svg',
      img: '/images/portal-empresas-bg.svg',
    },
  ],
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
