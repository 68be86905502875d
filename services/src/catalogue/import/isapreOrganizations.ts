import type { OrganizationDefinition } from '@cubre/schemas';
import { cleanText } from './letterRepair';

const isapre = (
  isapreCode: number,
  code: string,
  displayName: string,
  description: string,
): OrganizationDefinition => ({
  code,
  displayName,
  type: 'ISAPRE',
  typeAlias: 'Isapre',
  url: code,
  country: 'CL',
  isapreCode,
  open: true,
  description,
});

/**
 * The isapres of the 2016 extract, named as seed 002 §3 names them (the extract says 'Cruz Blanca S.A',
 * 'Colmena Golden Cross S.A', 'Optima S.A'…). Codes 81 and 88: seed 002 files both under Nueva Masvida;
 * in September 2016 they were two isapres, Optima (81, renamed Nueva Masvida in 2017, which then took over
 * Masvida's members) and Masvida (88). Their plans stay under the isapre that sold them, so 81 is shown as
 * Nueva Masvida and 88 as Masvida, each with its history in the description.
 */
export const ISAPRE_ORGANIZATIONS: Record<number, OrganizationDefinition> = {
  67: isapre(67, 'Colmena', 'Colmena', 'Colmena Golden Cross S.A.'),
  78: isapre(78, 'CruzBlanca', 'CruzBlanca', 'Isapre Cruz Blanca S.A.'),
  80: isapre(80, 'Vida-Tres', 'Vida Tres', 'Isapre Vida Tres S.A.'),
  81: isapre(
    81,
    'Nueva-Masvida',
    'Nueva Masvida',
    'Isapre Nueva Masvida S.A.; Optima S.A. until 2017 (the name of its plans in the 2016 extract).',
  ),
  88: isapre(
    88,
    'Masvida',
    'Masvida',
    'Isapre Masvida S.A. (until 2017); its members moved to Nueva Masvida, which seed 002 §3 lists under code 88 too.',
  ),
  99: isapre(99, 'Banmedica', 'Banmédica', 'Isapre Banmédica S.A.'),
  107: isapre(107, 'Consalud', 'Consalud', 'Isapre Consalud S.A.'),
};

/** 'Río Blanco S.A' → 'Rio-Blanco': a URL segment from a name. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ñ/gi, 'n')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'isapre' : slug;
}

/**
 * The organization of an isapre code: the table above, or one built from the extract's own name (letters
 * already repaired) for an isapre this table does not know, so its plans are never orphaned.
 */
export function isapreOrganization(isapreCode: number, nameInExtract: string): OrganizationDefinition {
  const known = ISAPRE_ORGANIZATIONS[isapreCode];
  if (known) return known;
  const displayName = cleanText(nameInExtract.replace(/\s+S\.?A\.?$/i, '')) || `Isapre ${isapreCode}`;
  return isapre(isapreCode, `${slugOf(displayName)}-${isapreCode}`, displayName, cleanText(nameInExtract));
}
