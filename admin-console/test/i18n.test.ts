import englishMessages from 'ra-language-english';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';

/** Every leaf key of a message tree, dotted. */
function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('the console speaks Spanish by default and English on request', () => {
  test('Spanish translates every react-admin message English has', () => {
    expect(keys(es.ra).sort()).toEqual(keys(englishMessages.ra).sort());
  });

  test('both languages have the same console keys', () => {
    expect(keys(en.cubre).sort()).toEqual(keys(es.cubre).sort());
    expect(keys(en.resources).sort()).toEqual(keys(es.resources).sort());
  });

  test('no message is left empty', () => {
    for (const messages of [es, en]) {
      for (const key of keys(messages)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
        if (key === 'ra.boolean.null') continue;
        expect(typeof value === 'string' && value.trim().length > 0 ? key : `${key} is empty`).toBe(key);
      }
    }
  });

  test('the conflict message of optimistic concurrency is the one the issue names', () => {
    expect(es.cubre.error.conflict).toBe('Otro usuario modificó este registro; recargue.');
  });
});
