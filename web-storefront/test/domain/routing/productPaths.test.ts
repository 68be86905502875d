import { detailPath, organizationKind } from '../../../src/domain/routing/productPaths';

const base = { organizationUrl: 'vida-sa', productUrl: 'seguro-oncologico' };

describe('routing/productPaths', () => {
  test('000-2.24 Chile: clinics /Clinicas-y-Hospitales/{a}/Seguro/{b}, isapres /Isapre/{a}/Complementos/{b}, else /Seguros/{a}/{b}', () => {
    expect(detailPath('CL', { ...base, organizationTypeAlias: 'Clínica' })).toBe(
      '/Clinicas-y-Hospitales/vida-sa/Seguro/seguro-oncologico',
    );
    expect(detailPath('CL', { ...base, organizationTypeAlias: 'Isapre' })).toBe(
      '/Isapre/vida-sa/Complementos/seguro-oncologico',
    );
    expect(detailPath('CL', { ...base, organizationTypeAlias: 'Aseguradora' })).toBe(
      '/Seguros/vida-sa/seguro-oncologico',
    );
    expect(detailPath('CL', { ...base, organizationTypeAlias: null })).toBe(
      '/Seguros/vida-sa/seguro-oncologico',
    );
  });

  test('000-2.24 isapre plans live at /Isapre/{a}/Planes/{plan}, as the server computes', () => {
    expect(
      detailPath('CL', {
        organizationUrl: 'colmena',
        productUrl: '13-EF0510-24',
        organizationTypeAlias: 'Isapre',
        isaprePlan: true,
      }),
    ).toBe('/Isapre/colmena/Planes/13-EF0510-24');
  });

  test('000-2.25 Colombia: /EPS/{a}/{b}; /Medicina-Prepagada/{a}/{b} for prepaid or home medicine; else /Seguros', () => {
    expect(detailPath('CO', { ...base, organizationTypeAlias: 'EPS' })).toBe(
      '/EPS/vida-sa/seguro-oncologico',
    );
    expect(detailPath('CO', { ...base, organizationTypeAlias: 'Medicina Prepagada' })).toBe(
      '/Medicina-Prepagada/vida-sa/seguro-oncologico',
    );
    expect(detailPath('CO', { ...base, organizationTypeAlias: 'Medicina Domiciliaria' })).toBe(
      '/Medicina-Prepagada/vida-sa/seguro-oncologico',
    );
    expect(
      detailPath('CO', { ...base, organizationTypeAlias: 'Aseguradora', productType: 'Medicina Prepagada' }),
    ).toBe('/Medicina-Prepagada/vida-sa/seguro-oncologico');
    expect(detailPath('CO', { ...base, organizationTypeAlias: 'Aseguradora' })).toBe(
      '/Seguros/vida-sa/seguro-oncologico',
    );
  });

  test('000-2.26 Peru: clinics /Clinicas-y-Hospitales/{a}/{b}, EPS /EPS/{a}/Planes/{b}, else /Seguros/{a}/{b}', () => {
    expect(detailPath('PE', { ...base, organizationTypeAlias: 'Clínica' })).toBe(
      '/Clinicas-y-Hospitales/vida-sa/seguro-oncologico',
    );
    expect(detailPath('PE', { ...base, organizationTypeAlias: 'EPS' })).toBe(
      '/EPS/vida-sa/Planes/seguro-oncologico',
    );
    expect(detailPath('PE', { ...base, organizationTypeAlias: 'Aseguradora' })).toBe(
      '/Seguros/vida-sa/seguro-oncologico',
    );
  });

  test('000-2.27 International: /{type}/{a}/{b}', () => {
    expect(
      detailPath('INT', { ...base, organizationTypeAlias: 'Aseguradora', typeUrl: 'Internacional' }),
    ).toBe('/Internacional/vida-sa/seguro-oncologico');
    expect(detailPath('INT', { ...base, organizationTypeAlias: 'Clínica' })).toBe(
      '/Seguros/vida-sa/seguro-oncologico',
    );
  });

  test('000-2.24 segments are URL-encoded as the server encodes them', () => {
    expect(
      detailPath('CL', { organizationUrl: 'a b', productUrl: 'c/d', organizationTypeAlias: 'Aseguradora' }),
    ).toBe('/Seguros/a%20b/c%2Fd');
  });

  test('000-2.24 the organization kind reads aliases and API type codes, ignoring case and accents', () => {
    expect(organizationKind('CLINICA')).toBe('clinic');
    expect(organizationKind('clínica')).toBe('clinic');
    expect(organizationKind('ISAPRE')).toBe('isapre');
    expect(organizationKind('MEDICINA_PREPAGADA')).toBe('prepaid');
    expect(organizationKind('eps')).toBe('eps');
    expect(organizationKind('Prestador')).toBe('other');
    expect(organizationKind('')).toBe('other');
  });
});
