import { splitLanguage, withLanguage } from './language';

/**
 * The redirect table of seed 000 §2 (rules 000-2.01 to 000-2.08) and the Chile lower-case
 * online-purchase variants (rule 001-2.06). Matching is case-sensitive, as the original router's was
 * (that is why lower-case variants of Compra-Online needed redirects at all); the query and fragment are
 * always kept, and a language prefix (/en, /pt) is kept on the target.
 */

/** Old clinic slug → current one, under /Clinicas-y-Hospitales/{slug}/... (rule 000-2.08). */
export const CLINIC_SLUG_REDIRECTS: Readonly<Record<string, string>> = Object.freeze({
  'Alemana-de-Santiago': 'Clinica-Alemana-de-Santiago',
  'RedSalud-Providencia': 'Clinica-Red-Salud-Providencia',
  'RedSalud-Magallanes': 'Clinica-Red-Salud-Magallanes',
  'RedSalud-Elqui': 'Clinica-Red-Salud-Elqui',
  Indisa: 'Clinica-Indisa',
  'Santa-Maria': 'Clinica-Santa-Maria',
  'Red-de-Salud-UC-Christus': 'Centro-Medico-Red-de-Salud-UC-Christus',
  Davila: 'Clinica-Davila',
  MEDS: 'Clinica-MEDS',
  'Clinica-Universitaria-De-Concepcion': 'Clinica-Andes-Salud-Concepcion',
  'Las-Condes': 'Clinica-Las-Condes',
  'San-Carlos-de-Apoquindo': 'Clinica-San-Carlos-de-Apoquindo',
  'Universidad-de-los-Andes': 'Clinica-Universidad-de-Los-Andes',
});

export const ISAPRES_COMPARATOR_PATH = '/Comparar/Isapres';
export const COMPANY_COMPARATOR_PATH = '/Comparar/Seguro-Complementario-Empresa';
export const ONLINE_PURCHASE_SEGMENT = 'Compra-Online';

type Rule = (segments: readonly string[]) => readonly string[] | null;

const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** plan/{codigo}[/{tab}] and its siblings → planSI/R/{codigo}[/{tab}] (rule 000-2.05). */
const planTarget = (code: string | undefined, tab: string | undefined) =>
  code ? ['planSI', 'R', code, ...(tab ? [tab] : [])] : null;

/** First match wins (rule 001-2.05), in the order of seed 000 §2. */
const RULES: readonly Rule[] = [
  // 000-2.01
  (s) => (s.length === 1 && s[0] === 'Comparar' ? ['Comparar', 'Isapres'] : null),
  (s) => (s.length === 2 && s[0] === 'Comparar' && s[1] === 'Isapre' ? ['Comparar', 'Isapres'] : null),
  // 000-2.02, 000-2.03: bare, or with exactly {url}/{plan}; other shapes are not in the table.
  (s) =>
    s[0] === 'Comparar' && s[1] === 'Seguros-Colectivos' && (s.length === 2 || s.length === 4)
      ? ['Comparar', 'Seguro-Complementario-Empresa', ...s.slice(2)]
      : null,
  // 000-2.04
  (s) =>
    s.length === 3 && s[0] === 'Comparar' && s[1] === 'Seguros-de-Vida' && s[2] === 'Guardias'
      ? ['Guardias']
      : null,
  // 000-2.05: plan/{codigo}[/{tab}], planesi/{codigo}[/{tab}]
  (s) =>
    (s[0] === 'plan' || s[0] === 'planesi') && (s.length === 2 || s.length === 3)
      ? planTarget(s[1], s[2])
      : null,
  // 000-2.05: {urlIsapre}/planes/{codigo}[/{tab}] (lower-case 'planes'; Isapre/{url}/Planes is the detail)
  (s) => (s[1] === 'planes' && (s.length === 3 || s.length === 4) && s[0] ? planTarget(s[2], s[3]) : null),
  // 000-2.06: Isapre-{name}/planes → Isapre/{name}/Planes, for any isapre name.
  (s) => {
    const name = s.length === 2 && s[1] === 'planes' ? /^Isapre-(.+)$/.exec(s[0] ?? '')?.[1] : undefined;
    return name ? ['Isapre', name, 'Planes'] : null;
  },
  // 000-2.07, with whatever follows the insurer.
  (s) =>
    s[0] === 'Seguros' && s[1] === 'Chilena-Consolidada' ? ['Seguros', 'Zurich-exCHC', ...s.slice(2)] : null,
  // 000-2.08
  (s) => {
    const slug = s[1];
    if (s[0] !== 'Clinicas-y-Hospitales' || slug === undefined || !hasOwn(CLINIC_SLUG_REDIRECTS, slug))
      return null;
    return ['Clinicas-y-Hospitales', CLINIC_SLUG_REDIRECTS[slug] as string, ...s.slice(2)];
  },
  // 001-2.06: compra-online/{code} (any casing but the canonical one) → Compra-Online/{code}.
  (s) =>
    s.length === 2 &&
    s[1] &&
    s[0] !== ONLINE_PURCHASE_SEGMENT &&
    s[0]?.toLowerCase() === ONLINE_PURCHASE_SEGMENT.toLowerCase()
      ? [ONLINE_PURCHASE_SEGMENT, s[1]]
      : null,
];

/**
 * The path a visitor is sent to for `path` (pathname, optionally with query and fragment), or null when
 * no redirect applies. Trailing slashes are ignored ('/Comparar/' redirects like '/Comparar'), a
 * missing leading slash is tolerated, and no target is itself redirected again.
 */
export function redirectFor(path: string): string | null {
  const at = path.search(/[?#]/);
  const [rawPath, suffix] = at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
  const normalised = `/${rawPath.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  const { lang, path: bare } = splitLanguage(normalised);
  const segments = bare === '/' ? [] : bare.slice(1).split('/');
  for (const rule of RULES) {
    const target = rule(segments);
    if (target) return `${withLanguage(lang, `/${target.join('/')}`)}${suffix}`;
  }
  return null;
}
