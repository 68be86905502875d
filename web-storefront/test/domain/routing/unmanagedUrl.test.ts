import { unmanagedUrlWarning } from '../../../src/domain/routing/unmanagedUrl';

describe('routing/unmanagedUrl', () => {
  test("001-2.14 an address no route handles logs 'URL {url} no gestionada …', naming no framework", () => {
    expect(unmanagedUrlWarning('/esto-no-existe/de-verdad')).toBe(
      'URL /esto-no-existe/de-verdad no gestionada por las rutas del sitio.',
    );
    const warning = unmanagedUrlWarning('/en/nothing?x=1');
    expect(warning).toBe('URL /en/nothing?x=1 no gestionada por las rutas del sitio.');
    expect(warning).not.toMatch(/angular|react/i);
  });

  test('001-2.14 the 404 page at its own address is a handled navigation: nothing is logged', () => {
    expect(unmanagedUrlWarning('/not-found')).toBeNull();
    expect(unmanagedUrlWarning('/not-found/')).toBeNull();
    expect(unmanagedUrlWarning('/en/not-found')).toBeNull();
    expect(unmanagedUrlWarning('/pt/not-found?from=x')).toBeNull();
    // Only that address: a path merely starting with it is unknown.
    expect(unmanagedUrlWarning('/not-found-either')).not.toBeNull();
  });
});
