/**
 * The editions one build serves (seed 001 §1: Chile, Peru, Colombia, international). The server picks the
 * edition by the host the page is served on (EDITION_HOSTS) and names it in index.html as
 * `<meta name="cubre-edition" content="PE">`: no inline script (the Content-Security-Policy forbids them)
 * and no extra round trip. What differs by edition in the storefront is here; words go through the
 * dictionaries' `edition.{country}.{key}` overrides (domain/shell/i18n.ts).
 */

import { EDITION_META } from '@cubre/services/storefront/editionMeta';

export type Country = 'CL' | 'PE' | 'CO' | 'INT';
export type EditionCurrency = 'CLP' | 'PEN' | 'COP' | 'USD';

export const MAIN_EDITION: Country = 'CL';

export interface Edition {
  /** The edition's own money (001-9.10): what its prices and price filters are in. */
  currency: EditionCurrency;
  /** The portals' domain: each edition has its own customer-portal destination (001-1.05). */
  domain: string;
  /** The request form's phone starts with the country code (001-5.19 counts it). */
  phonePrefix: string;
}

export const EDITIONS: Readonly<Record<Country, Edition>> = {
  CL: { currency: 'CLP', domain: 'cubre.cl', phonePrefix: '+56' },
  PE: { currency: 'PEN', domain: 'cubre.pe', phonePrefix: '+51' },
  CO: { currency: 'COP', domain: 'cubre.co', phonePrefix: '+57' },
  // International visitors live anywhere: the form starts with the plus and they add their code.
  INT: { currency: 'USD', domain: 'cubre.com', phonePrefix: '+' },
};

const isCountry = (value: unknown): value is Country =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(EDITIONS, value);

/** The edition the server named in the page; Chile, the main deployment (001-1.05), without one. */
export function editionOfPage(page: Pick<Document, 'querySelector'> | undefined): Country {
  const named = page?.querySelector(`meta[name="${EDITION_META}"]`)?.getAttribute('content');
  return isCountry(named) ? named : MAIN_EDITION;
}

/** The two customer portals (001-2.27, 001 §2.7) of an edition. */
export const portalsOf = (domain: string) =>
  (['Personas', 'Empresas'] as const).map((label) => {
    const name = label.toLowerCase();
    return {
      label,
      path: `https://${name}.${domain}`,
      logo: `/images/portal-${name}.svg`,
      img: `/images/portal-${name}-bg.svg`,
    };
  });
