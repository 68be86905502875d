import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSURANCE_TYPES } from '@cubre/schemas';
import { FEATURES, generateDemoCatalogue } from '@cubre/services/catalogue/demo';
import { NO_RESTRICTIONS, RESTRICTIONS } from '@cubre/services/catalogue/pricing/planAttributes';
import { slugId } from '@cubre/services/catalogue/views/text';
import { buildMenu } from '@cubre/services/site/shell/menu';
import type { MenuItem } from '@cubre/schemas/site';

/**
 * The dictionaries (issue 11 point 9): every word of the storefront in Spanish, English and Portuguese.
 * Site words come in two parts, the first screen's (public/i18n/{lang}.json, Spanish bundled) and the
 * other screens' (public/i18n/more/{lang}.json, Spanish a lazy chunk); the catalogue's names by id are
 * English and Portuguese only (public/i18n/catalogue/{lang}.json): Spanish is the catalogue's own.
 */
const I18N = join(__dirname, '..', '..', 'public', 'i18n');
type Dictionary = Record<string, unknown>;
const read = (path: string): Dictionary => JSON.parse(readFileSync(join(I18N, path), 'utf8')) as Dictionary;
const LANGUAGES = ['es', 'en', 'pt'] as const;
const PARTS = { first: (lang: string) => `${lang}.json`, more: (lang: string) => `more/${lang}.json` };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('i18n dictionaries', () => {
  for (const [part, file] of Object.entries(PARTS)) {
    test(`001-7.12 the ${part} part has exactly the same keys in es, en and pt, none empty`, () => {
      const [es, en, pt] = LANGUAGES.map((lang) => read(file(lang)));
      const keys = Object.keys(es!).sort();
      expect(keys.length).toBeGreaterThan(50);
      expect(Object.keys(en!).sort()).toEqual(keys);
      expect(Object.keys(pt!).sort()).toEqual(keys);
      for (const dictionary of [es!, en!, pt!])
        for (const [key, value] of Object.entries(dictionary)) {
          expect([key, typeof value]).toEqual([key, 'string']);
          expect([key, (value as string).trim().length > 0]).toEqual([key, true]);
        }
    });

    test(`the ${part} part's translations take the same parameters as the Spanish`, () => {
      const [es, en, pt] = LANGUAGES.map((lang) => read(file(lang)));
      for (const [key, value] of Object.entries(es!)) {
        const wanted = placeholders(value as string);
        expect([key, placeholders(en![key] as string)]).toEqual([key, wanted]);
        expect([key, placeholders(pt![key] as string)]).toEqual([key, wanted]);
      }
    });
  }

  test('a key lives in one part only: the first screen or the others', () => {
    const first = Object.keys(read('es.json'));
    const more = new Set(Object.keys(read('more/es.json')));
    expect(first.filter((key) => more.has(key))).toEqual([]);
  });

  test('the sorted keys keep the files easy to merge', () => {
    for (const file of [...LANGUAGES.flatMap((lang) => Object.values(PARTS).map((of) => of(lang)))]) {
      const keys = Object.keys(read(file));
      expect([file, keys]).toEqual([file, [...keys].sort()]);
    }
  });
});

describe('i18n catalogue names', () => {
  const [en, pt] = (['en', 'pt'] as const).map((lang) => read(`catalogue/${lang}.json`));
  const demo = generateDemoCatalogue();

  test('en and pt name the same catalogue entries, none empty', () => {
    expect(Object.keys(pt!).sort()).toEqual(Object.keys(en!).sort());
    for (const dictionary of [en!, pt!])
      for (const [key, value] of Object.entries(dictionary))
        expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
  });

  /** Every name of the demo catalogue the storefront shows, by the key it is looked up with. */
  function demoNames(): Map<string, string> {
    const names = new Map<string, string>();
    for (const type of INSURANCE_TYPES) names.set(`catalogue.insuranceType.${type.name}`, type.displayName);
    for (const comparator of demo.comparators)
      names.set(`catalogue.comparator.${comparator.code}`, comparator.name);
    for (const feature of Object.values(FEATURES))
      names.set(`catalogue.feature.${feature.code}`, feature.name);
    for (const product of demo.products)
      for (const coverage of product.coverages ?? [])
        names.set(`catalogue.coverageTag.${slugId(coverage.tag)}`, coverage.tag);
    // An isapre plan's coverages are written by the server from its fields (views/coverages.ts).
    for (const tag of ['Hospitalario', 'Ambulatorio', 'Prestaciones restringidas'])
      names.set(`catalogue.coverageTag.${slugId(tag)}`, tag);
    const restricted = Object.entries(RESTRICTIONS).filter(([code]) => Number(code) !== NO_RESTRICTIONS);
    for (const benefit of [
      'Prestaciones hospitalarias',
      'Prestaciones ambulatorias',
      ...restricted.map(([, label]) => label),
    ])
      names.set(`catalogue.benefit.${slugId(benefit)}`, benefit);
    const snapshot = {
      version: 'demo',
      cards: [
        ...demo.products.map((product) => ({
          country: product.country,
          insuranceTypeName: product.insuranceType,
        })),
        { country: 'CL', insuranceTypeName: 'PLAN ISAPRE' },
      ],
      organizations: [],
      insuranceTypes: INSURANCE_TYPES.map((definition) => ({ definition })),
      comparators: demo.comparators.map((definition) => ({ definition: { showcase: false, ...definition } })),
    };
    const walk = (items: readonly MenuItem[], depth: number) => {
      for (const item of items) {
        if (depth !== 1) names.set(`catalogue.menu.${item.id}`, item.displayName);
        walk(item.categories, depth + 1);
      }
    };
    for (const country of ['CL', 'PE', 'CO', 'INT'] as const) walk(buildMenu(snapshot as never, country), 0);
    return names;
  }

  test('every name of the demo catalogue, its menu included, has its English and Portuguese word', () => {
    const missing = [...demoNames().keys()].filter((key) => !(key in en!) || !(key in pt!));
    expect(missing).toEqual([]);
  });

  test('the menu is named as the catalogue: its comparators by their codes, its groups and types by id', () => {
    const menu = demoNames();
    expect(menu.get('catalogue.menu.isapres')).toBe('Isapres');
    expect(menu.get('catalogue.comparator.isapres')).toBe('Planes de Isapre');
    expect(menu.get('catalogue.menu.seguros-de-salud:complementario')).toBe('Complementario');
  });

  test('no catalogue key names something the demo catalogue does not have (a stale translation)', () => {
    const known = demoNames();
    expect(Object.keys(en!).filter((key) => !known.has(key))).toEqual([]);
  });
});
