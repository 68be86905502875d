import { join } from 'node:path';
import { scanSpanishLiterals, type Finding } from './spanishLiterals';

const ROOT = join(__dirname, '..', '..');

/**
 * What the scan finds and may stay, by text: never a word a visitor reads in the page's language.
 * Keep each with its reason; an entry nothing matches any more fails the last test.
 */
const ALLOWED: Record<string, string> = {
  Cubre: 'the brand',
  Cónyuge: "the API's relationship value (PARENTESCOS); shown through profile.kin.*",
  'seguro colectivo': 'a product type the code compares with, lower-cased',
  'SEGURO COLECTIVO': 'a product type (the API value)',
  'SEGURO COMPLEMENTARIO': 'an insurance type name (the API value)',
  'SEGURO CATASTROFICO': 'an insurance type name (the API value)',
  'SEGURO INTEGRAL': 'an insurance type name (the API value)',
  'USD/Año': 'a price unit code of the catalogue',
  'Reducido en parto': "an isapre plan's birth cover as the API labels it, compared to pick filters.* words",
  'Encuentra tu seguro de salud ideal':
    "the finder's title as seed 000-2.23 gives it: the es entry of the finder's own words (wizard/texts.ts)",
  'URL no gestionada por las rutas del sitio.': '001-2.14: logged, not shown',
  'No existe la traducción para': '001-5.13: the tooltip the seed words for internal traffic only',
  'El navegador no admite webp: se usa el formato original de las imágenes.': 'logged (001-2.41)',
  'No se pudo guardar la notificación leída': '001-8.14: logged only',
  'Se ha sobrepasado el limite de intentos (), Intente mas tarde.':
    "001-5.10: the retry error's message, logged",
  'Error al obtener las organizaciones de tipo': '000-8.05: logged as the seed words it; shown as filters.*',
  'Error al obtener la UF': '001-8.06: logged; shown as service.uf',
  'Error al obtener el valor de la UF.': '001-8.06: logged; shown as service.ufValue',
  'Error al obtener resumen de coberturas': '001-8.10: logged',
  'Error al obtener el precio del producto para el perfil': '001-8.11: logged; shown as service.profilePrice',
  'Error al obtener los comparadores': '001-8.12: logged; shown as service.comparators',
  'Estado de salud': 'a purchase step of 002-2.08, the name the lead records; shown as purchase.step.*',
  Confirmación: 'a purchase step of 002-2.08, the name the lead records; shown as purchase.step.*',
  'Datos empresa': 'a purchase step of 002-2.08, the name the lead records; shown as purchase.step.*',
};

/** The finder keeps its words in its own chunk: its dictionary, in three languages. */
const DICTIONARIES = ['src/wizard/texts.ts'];

describe('no Spanish outside the dictionaries (issue 11 point 9)', () => {
  const findings = scanSpanishLiterals(join(ROOT, 'src'), ROOT).filter(
    (finding) => !DICTIONARIES.includes(finding.file),
  );
  const shown = (list: Finding[]) => list.map((f) => `${f.file}:${f.line} [${f.kind}] ${f.text}`);

  test('components render no literal text: JSX text, shown props and sentences come from t()', () => {
    expect(shown(findings.filter((finding) => !(finding.text in ALLOWED)))).toEqual([]);
  });

  test('the scan sees what it looks for', () => {
    // The finder's dictionary is Spanish: the scan must find it, or it finds nothing anywhere.
    const wizard = scanSpanishLiterals(join(ROOT, 'src', 'wizard'), ROOT);
    expect(wizard.some((finding) => finding.text === 'Ver mis planes')).toBe(true);
  });

  test('every allowed text is still in the sources', () => {
    const found = new Set(findings.map((finding) => finding.text));
    expect(Object.keys(ALLOWED).filter((text) => !found.has(text))).toEqual([]);
  });
});
