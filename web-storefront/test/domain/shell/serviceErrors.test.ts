import { SERVICE_ERRORS, serviceErrorText } from '../../../src/domain/shell/serviceErrors';

describe('shell/serviceErrors', () => {
  test("001-8.10 a coverage-summary failure gives 'Error al obtener resumen de coberturas'", () => {
    expect(serviceErrorText('coverageSummary')).toBe('Error al obtener resumen de coberturas');
    expect(serviceErrorText('coverageSummary', new Error('HTTP 503'))).toBe(
      'Error al obtener resumen de coberturas: HTTP 503',
    );
  });

  test("001-8.11 a failure getting the product's price for the profile gives 'Error al obtener el precio del producto para el perfil'", () => {
    expect(serviceErrorText('profilePrice', new TypeError('Failed to fetch'))).toBe(
      'Error al obtener el precio del producto para el perfil: Failed to fetch',
    );
    // Something thrown that is not an error adds nothing to the message.
    expect(serviceErrorText('profilePrice', 'boom')).toBe(
      'Error al obtener el precio del producto para el perfil',
    );
  });

  test("001-8.12 a comparators failure gives 'Error al obtener los comparadores'", () => {
    expect(serviceErrorText('comparators', new Error('HTTP 500'))).toBe(
      'Error al obtener los comparadores: HTTP 500',
    );
    expect(serviceErrorText('comparators', new Error('  '))).toBe('Error al obtener los comparadores');
  });

  test('001-8.06 the UF messages are the two of the catalogue', () => {
    expect(SERVICE_ERRORS.uf).toBe('Error al obtener la UF');
    expect(SERVICE_ERRORS.ufValue).toBe('Error al obtener el valor de la UF.');
  });
});
