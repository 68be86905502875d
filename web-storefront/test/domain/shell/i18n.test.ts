import {
  catalogueTextLang,
  catalogueUrl,
  interpolate,
  translate,
  translateDetailed,
  translationsUrl,
} from '../../../src/domain/shell/i18n';

const dict = {
  'notFound.title': 'Página no encontrada',
  notFound: { description: 'Escríbenos a {email}' },
  greeting: 'Hola {{ name }}, tu asesor es {name}',
};

describe('shell/i18n', () => {
  test('001-7.12 static translations load from /i18n/{lang}.json', () => {
    expect(translationsUrl('es')).toBe('/i18n/es.json');
    expect(translationsUrl('pt')).toBe('/i18n/pt.json');
    // The other screens' words, and the catalogue's names in the languages other than Spanish (issue 11).
    expect(translationsUrl('en', 'more')).toBe('/i18n/more/en.json');
    expect(catalogueUrl('pt')).toBe('/i18n/catalogue/pt.json');
  });

  test("issue 11 the catalogue's free text says it is Spanish on pages in another language", () => {
    expect(catalogueTextLang('en')).toBe('es');
    expect(catalogueTextLang('pt')).toBe('es');
    expect(catalogueTextLang('es')).toBeUndefined();
  });

  test('001-2.15 flat and nested keys are found and {name} parameters substituted', () => {
    expect(translate(dict, 'notFound.title')).toBe('Página no encontrada');
    expect(translate(dict, 'notFound.description', { email: 'hola@cubre.cl' })).toBe(
      'Escríbenos a hola@cubre.cl',
    );
    expect(translate(dict, 'greeting', { name: 'Ana' })).toBe('Hola Ana, tu asesor es Ana');
    expect(interpolate('{a} y {b}', { a: 1 })).toBe('1 y {b}');
  });

  test("001-5.12 a parameter that is not an object throws 'Wrong parameter in TranslatePipe'", () => {
    expect(() => translate(dict, 'greeting', 'Ana')).toThrow('Wrong parameter in TranslatePipe');
    expect(() => translate(dict, 'greeting', ['Ana'])).toThrow('Wrong parameter in TranslatePipe');
    expect(() => translate(dict, 'greeting', 3)).toThrow(Error);
    expect(translate(dict, 'greeting', undefined)).toBe('Hola {{ name }}, tu asesor es {name}');
  });

  test("001-5.13 a missing translation gives the key, and only internal traffic gets 'No existe la traducción para {key}'", () => {
    expect(translate(dict, 'error.title')).toBe('error.title');
    expect(translateDetailed(dict, 'error.title')).toEqual({
      text: 'error.title',
      missing: true,
      tooltip: null,
    });
    expect(translateDetailed(dict, 'error.title', undefined, { internalTraffic: true })).toEqual({
      text: 'error.title',
      missing: true,
      tooltip: 'No existe la traducción para error.title',
    });
    expect(translateDetailed(dict, 'notFound.title', undefined, { internalTraffic: true }).missing).toBe(
      false,
    );
    expect(translate(dict, 'notFound')).toBe('notFound');
    expect(translate(dict, 'toString')).toBe('toString');
  });
});
