import { languageHome, splitLanguage, withLanguage } from '../../../src/domain/routing/language';

describe('routing/language', () => {
  test('001-1.03 Spanish has no prefix: a path without /en or /pt is Spanish and kept whole', () => {
    expect(splitLanguage('/Comparar/Seguros-de-Salud')).toEqual({
      lang: 'es',
      path: '/Comparar/Seguros-de-Salud',
    });
    expect(splitLanguage('/')).toEqual({ lang: 'es', path: '/' });
  });

  test('001-1.03 /en/... is English and /pt/... Portuguese, the prefix removed from the path', () => {
    expect(splitLanguage('/en/Comparar/Isapres')).toEqual({ lang: 'en', path: '/Comparar/Isapres' });
    expect(splitLanguage('/pt/contacto')).toEqual({ lang: 'pt', path: '/contacto' });
    expect(splitLanguage('/en')).toEqual({ lang: 'en', path: '/' });
    expect(splitLanguage('/pt/')).toEqual({ lang: 'pt', path: '/' });
  });

  test('001-1.03 only the exact lower-case segments en and pt are prefixes', () => {
    expect(splitLanguage('/english/x')).toEqual({ lang: 'es', path: '/english/x' });
    expect(splitLanguage('/EN/x')).toEqual({ lang: 'es', path: '/EN/x' });
    expect(splitLanguage('/es/x')).toEqual({ lang: 'es', path: '/es/x' });
    expect(splitLanguage('/ent')).toEqual({ lang: 'es', path: '/ent' });
  });

  test('001-1.03 withLanguage adds the prefix, replaces an existing one and keeps the query', () => {
    expect(withLanguage('en', '/Comparar')).toBe('/en/Comparar');
    expect(withLanguage('es', '/Comparar')).toBe('/Comparar');
    expect(withLanguage('pt', '/en/Comparar?x=1')).toBe('/pt/Comparar?x=1');
    expect(withLanguage('es', '/en/Comparar')).toBe('/Comparar');
    expect(withLanguage('en', '/?perfil=abc')).toBe('/en?perfil=abc');
    expect(withLanguage('en', withLanguage('en', '/a'))).toBe('/en/a');
  });

  test('001-4.23 changing the language reloads to / or /{lang}', () => {
    expect(languageHome('es')).toBe('/');
    expect(languageHome('en')).toBe('/en');
    expect(languageHome('pt')).toBe('/pt');
  });
});
