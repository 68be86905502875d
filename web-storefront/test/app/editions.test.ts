import { EDITION_META } from '@cubre/services/storefront/editionMeta';
import english from '../../public/i18n/en.json';
import firstSpanish from '../../public/i18n/es.json';
import moreSpanish from '../../public/i18n/more/es.json';
import portuguese from '../../public/i18n/pt.json';
import { EDITIONS, editionOfPage, portalsOf, type Country } from '../../src/app/editions';
import { addButtonText } from '../../src/domain/profile/profileForm';
import { deductibleName } from '../../src/domain/results/format';
import { forEdition, translate } from '../../src/domain/shell/i18n';

/** A page whose head holds the given meta tags, as the browser's document answers querySelector. */
const pageWith = (metas: Record<string, string>) => ({
  querySelector: (selector: string) => {
    const name = /meta\[name="([^"]+)"\]/.exec(selector)?.[1];
    const content = name === undefined ? undefined : metas[name];
    return content === undefined ? null : ({ getAttribute: () => content } as unknown as Element);
  },
});

const COUNTRIES: Country[] = ['CL', 'PE', 'CO', 'INT'];
/** Every Spanish word: the first screen's (bundled) and the rest (a lazy chunk). */
const spanish: Record<string, string> = { ...firstSpanish, ...moreSpanish };

describe('app/editions', () => {
  test('001-1.05 the page’s edition is the one the server named in its meta tag; Chile without one', () => {
    for (const country of COUNTRIES)
      expect(editionOfPage(pageWith({ [EDITION_META]: country }))).toBe(country);
    expect(editionOfPage(pageWith({}))).toBe('CL');
    expect(editionOfPage(pageWith({ [EDITION_META]: 'AR' }))).toBe('CL');
    expect(editionOfPage(pageWith({ [EDITION_META]: 'toString' }))).toBe('CL');
    expect(editionOfPage(undefined)).toBe('CL');
  });

  test('001-9.10 each edition prices in its own currency', () => {
    expect(Object.fromEntries(COUNTRIES.map((country) => [country, EDITIONS[country].currency]))).toEqual({
      CL: 'CLP',
      PE: 'PEN',
      CO: 'COP',
      INT: 'USD',
    });
  });

  test('001-1.05 each edition has its own customer-portal destinations', () => {
    const destinations = COUNTRIES.map((country) => portalsOf(EDITIONS[country].domain).map((p) => p.path));
    expect(destinations[0]).toEqual(['https://personas.cubre.cl', 'https://empresas.cubre.cl']);
    expect(new Set(destinations.flat()).size).toBe(8);
  });

  test("001-9.09 the dictionaries call the deductible 'Copago' in Colombia and 'Deducible' elsewhere", () => {
    for (const country of COUNTRIES) {
      const words = forEdition(spanish, country);
      expect(translate(words, 'card.deductible')).toBe(deductibleName(country));
    }
    expect(translate(forEdition(spanish, 'CO'), 'filters.deductible')).toMatch(/^Copago/);
    // 000-2.49: 'Agregar Persona' for the Peru brand, the common wording elsewhere.
    for (const country of COUNTRIES) {
      const words = forEdition(spanish, country);
      expect(translate(words, 'profile.addDependant')).toBe(
        translate(words, addButtonText('person', country)!),
      );
    }
    expect(translate(forEdition(spanish, 'PE'), 'profile.addDependant')).toBe('Agregar Persona');
    // Other keys and other editions are untouched; Chile's dictionary is the bundled one itself.
    expect(translate(forEdition(spanish, 'CO'), 'card.top')).toBe('Tope');
    expect(forEdition(spanish, 'CL')).toBe(spanish);
  });

  test('every edition override exists in es, en and pt and replaces a key the dictionaries have', () => {
    const overrides = (dictionary: Record<string, string>) =>
      Object.keys(dictionary)
        .filter((key) => key.startsWith('edition.'))
        .sort();
    expect(overrides(english)).toEqual(overrides(spanish));
    expect(overrides(portuguese)).toEqual(overrides(spanish));
    for (const key of overrides(spanish)) {
      const [, country, ...rest] = key.split('.');
      expect(COUNTRIES).toContain(country);
      expect(Object.keys(spanish)).toContain(rest.join('.'));
    }
  });
});
