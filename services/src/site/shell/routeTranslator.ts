import { SITE_LANGUAGES, type RouteTranslation, type SiteLanguage } from '@cubre/schemas/site';

/**
 * Alternate-language URLs of a site path (rule 001-7.05). Spanish has no prefix, English lives under /en/
 * and Portuguese under /pt/ (rule 001-1.03). The fixed words of the route table are translated; everything
 * else (organization and product slugs, product codes, tabs we have no word for) is kept as it came.
 */

/** [es, en, pt] of every fixed route word (seed 000 §2, 001 §2, 002 §2). */
const WORDS: ReadonlyArray<readonly [string, string, string]> = [
  ['Comparar', 'Compare', 'Comparar'],
  ['Comparar-Planes', 'Compare-Plans', 'Comparar-Planos'],
  ['Seguros-de-Salud', 'Health-Insurance', 'Seguros-de-Saude'],
  ['Seguro-Complementario-Empresa', 'Company-Complementary-Insurance', 'Seguro-Complementar-Empresa'],
  ['Seguros-Colectivos', 'Group-Insurance', 'Seguros-Coletivos'],
  ['Seguros-Mascotas', 'Pet-Insurance', 'Seguros-Pet'],
  ['Seguros-de-Vida', 'Life-Insurance', 'Seguros-de-Vida'],
  ['Guardias', 'Security-Guards', 'Vigilantes'],
  ['Accidentes-Personales', 'Personal-Accidents', 'Acidentes-Pessoais'],
  ['Seguros-Internacionales', 'International-Insurance', 'Seguros-Internacionais'],
  ['Seguros-de-Viaje', 'Travel-Insurance', 'Seguros-de-Viagem'],
  ['Medicina-Prepagada', 'Prepaid-Medicine', 'Medicina-Pre-Paga'],
  ['Planes-Clinicos', 'Clinic-Plans', 'Planos-Clinicos'],
  ['Seguros-Empresa', 'Business-Insurance', 'Seguros-Empresariais'],
  ['Seguros-de-Empresa', 'Company-Insurance', 'Seguros-de-Empresa'],
  ['Empresas', 'Companies', 'Empresas'],
  ['Complementario', 'Complementary', 'Complementar'],
  ['Catastrofico', 'Catastrophic', 'Catastrofico'],
  ['Dental', 'Dental', 'Odontologico'],
  ['Seguros', 'Insurers', 'Seguradoras'],
  ['Seguro', 'Insurance', 'Seguro'],
  ['Planes', 'Plans', 'Planos'],
  ['Complementos', 'Add-ons', 'Complementos'],
  ['Colectivos', 'Group', 'Coletivos'],
  ['Coberturas', 'Coverages', 'Coberturas'],
  ['Clinicas-y-Hospitales', 'Clinics-and-Hospitals', 'Clinicas-e-Hospitais'],
  ['Solicitar', 'Request', 'Solicitar'],
  ['Compra-Online', 'Buy-Online', 'Compra-Online'],
  ['Preguntas-Frecuentes', 'FAQ', 'Perguntas-Frequentes'],
  ['Contacto', 'Contact', 'Contato'],
  ['portal-clientes', 'customer-portal', 'portal-clientes'],
  ['buscar', 'search', 'buscar'],
  ['Consulta-RUT-Empresa', 'Company-Tax-ID-Lookup', 'Consulta-RUT-Empresa'],
];
type Entry = (typeof WORDS)[number];

const INDEX: Record<SiteLanguage, 0 | 1 | 2> = { es: 0, en: 1, pt: 2 };
/** Per language, its words (any case) to their entry: routing is case-insensitive. */
const LOOKUP = Object.fromEntries(
  SITE_LANGUAGES.map((language) => [
    language,
    new Map(WORDS.map((entry) => [entry[INDEX[language]].toLowerCase(), entry])),
  ]),
) as Record<SiteLanguage, Map<string, Entry>>;

/**
 * Roots of product and link pages (seed 000 §2 detail shapes, 001-2.08 category routes): the segment after
 * them is always an organization slug or a code, kept verbatim even if it looks like a route word.
 */
const DETAIL_ROOTS = new Set(
  [
    'Seguros',
    'Isapre',
    'Clinicas-y-Hospitales',
    'EPS',
    'SCTR',
    'Medicina-Prepagada',
    'Seguros-Empresa',
    'Compra-Online',
    'url',
    'planSI',
  ].map((word) => word.toLowerCase()),
);
/** Inside a detail path, words followed by the product's own slug (Isapre/{a}/Planes/{plan}…). */
const BEFORE_PRODUCT = new Set(['planes', 'complementos', 'seguro']);
/** Inside a detail path, words that end it (Seguros/{a}/Colectivos). */
const INSTEAD_OF_PRODUCT = new Set(['colectivos']);

export type NormalizedPath = { ok: true; pathname: string; suffix: string } | { ok: false; message: string };

/** A decoded encodedUrl as a path of this site: absolute http(s) URLs give their path; anything else is refused. */
export function normalizePath(decoded: string): NormalizedPath {
  let text = decoded.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, message: 'encodedUrl no es una URL válida' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { ok: false, message: 'encodedUrl debe ser una ruta o una URL http(s)' };
    text = `${url.pathname}${url.search}${url.hash}`;
  } else if (text.startsWith('//') || text.startsWith('/\\') || text.startsWith('\\')) {
    return { ok: false, message: 'encodedUrl debe ser una ruta de este sitio' };
  } else if (!text.startsWith('/')) {
    text = `/${text}`;
  }
  const cut = text.search(/[?#]/);
  return cut < 0
    ? { ok: true, pathname: text, suffix: '' }
    : { ok: true, pathname: text.slice(0, cut), suffix: text.slice(cut) };
}

type Segment = { raw: string; entry: Entry | undefined; keep: boolean };

/** Marks which segments are route words and which are slugs to keep, in the source language. */
function segmentsOf(segments: string[], language: SiteLanguage): Segment[] {
  const lookup = LOOKUP[language];
  const entryOf = (raw: string) => lookup.get(raw.toLowerCase());
  const canonical = (raw: string) => (entryOf(raw)?.[0] ?? raw).toLowerCase();
  const detail = segments.length > 0 && DETAIL_ROOTS.has(canonical(segments[0]!));
  let productNext = false;
  let productDone = false;
  return segments.map((raw, index) => {
    const word = canonical(raw);
    if (!detail || index === 0) return { raw, entry: entryOf(raw), keep: false };
    if (index === 1 || productNext) {
      if (productNext) productDone = true;
      productNext = false;
      return { raw, entry: undefined, keep: true };
    }
    if (!productDone) {
      if (BEFORE_PRODUCT.has(word)) {
        productNext = true;
        return { raw, entry: entryOf(raw), keep: false };
      }
      productDone = true;
      if (INSTEAD_OF_PRODUCT.has(word)) return { raw, entry: entryOf(raw), keep: false };
      return { raw, entry: undefined, keep: true };
    }
    return { raw, entry: entryOf(raw), keep: false };
  });
}

const HREFLANG: Record<SiteLanguage, string> = { es: 'es', en: 'en', pt: 'pt-BR' };

/** The path in every language; the source language's own answer keeps the segments as they came. */
export function translateRoute(pathname: string, suffix: string): RouteTranslation {
  const all = pathname.split('/').filter((segment) => segment.length > 0);
  const prefix = all[0]?.toLowerCase();
  const language: SiteLanguage = prefix === 'en' || prefix === 'pt' ? prefix : 'es';
  const rest = prefix === 'en' || prefix === 'pt' || prefix === 'es' ? all.slice(1) : all;
  const segments = segmentsOf(rest, language);

  const pathIn = (target: SiteLanguage) => {
    const words = segments.map(({ raw, entry, keep }) =>
      keep || !entry || target === language ? raw : entry[INDEX[target]],
    );
    const head = target === 'es' ? '' : `/${target}`;
    const path = words.length === 0 ? head || '/' : `${head}/${words.join('/')}`;
    return `${path}${suffix}`;
  };
  const paths = { es: pathIn('es'), en: pathIn('en'), pt: pathIn('pt') };
  return {
    language,
    path: `${pathname}${suffix}`,
    ...paths,
    alternates: [
      ...SITE_LANGUAGES.map((target) => ({
        hreflang: HREFLANG[target],
        language: target,
        path: paths[target],
      })),
      { hreflang: 'x-default', language: 'es' as const, path: paths.es },
    ],
  };
}
