import { CLINIC_SLUG_REDIRECTS, redirectFor } from '../../../src/domain/routing/redirects';

describe('routing/redirects', () => {
  test('000-2.01 Comparar and Comparar/Isapre redirect to Comparar/Isapres', () => {
    expect(redirectFor('/Comparar')).toBe('/Comparar/Isapres');
    expect(redirectFor('/Comparar/Isapre')).toBe('/Comparar/Isapres');
    expect(redirectFor('/Comparar/Isapres')).toBeNull();
  });

  test('000-2.02 Comparar/Seguros-Colectivos redirects to Comparar/Seguro-Complementario-Empresa', () => {
    expect(redirectFor('/Comparar/Seguros-Colectivos')).toBe('/Comparar/Seguro-Complementario-Empresa');
  });

  test('000-2.03 Comparar/Seguros-Colectivos/{url}/{plan} keeps url and plan', () => {
    expect(redirectFor('/Comparar/Seguros-Colectivos/vida-sa/plan-oro')).toBe(
      '/Comparar/Seguro-Complementario-Empresa/vida-sa/plan-oro',
    );
    // A shape the table does not list is not redirected.
    expect(redirectFor('/Comparar/Seguros-Colectivos/vida-sa')).toBeNull();
  });

  test('000-2.04 Comparar/Seguros-de-Vida/Guardias redirects to Guardias', () => {
    expect(redirectFor('/Comparar/Seguros-de-Vida/Guardias')).toBe('/Guardias');
    expect(redirectFor('/Comparar/Seguros-de-Vida')).toBeNull();
  });

  test('000-2.05 plan/{codigo}, planesi/{codigo} and {urlIsapre}/planes/{codigo} redirect to planSI/R/{codigo}', () => {
    expect(redirectFor('/plan/13-EF0510-24')).toBe('/planSI/R/13-EF0510-24');
    expect(redirectFor('/planesi/ABC123')).toBe('/planSI/R/ABC123');
    expect(redirectFor('/banmedica/planes/ABC123')).toBe('/planSI/R/ABC123');
  });

  test('000-2.05 the optional tab segment is kept', () => {
    expect(redirectFor('/plan/ABC123/Coberturas')).toBe('/planSI/R/ABC123/Coberturas');
    expect(redirectFor('/planesi/ABC123/Solicitar')).toBe('/planSI/R/ABC123/Solicitar');
    expect(redirectFor('/colmena/planes/ABC123/Prestadores')).toBe('/planSI/R/ABC123/Prestadores');
    expect(redirectFor('/plan')).toBeNull();
    expect(redirectFor('/plan/ABC/tab/extra')).toBeNull();
  });

  test('000-2.05 the isapre plan detail itself (Isapre/{url}/Planes/{id}) is not an alias', () => {
    expect(redirectFor('/Isapre/banmedica/Planes/ABC123')).toBeNull();
    expect(redirectFor('/planSI/R/ABC123')).toBeNull();
  });

  test('000-2.06 Isapre-{name}/planes redirects to Isapre/{name}/Planes for any isapre', () => {
    expect(redirectFor('/Isapre-Colmena/planes')).toBe('/Isapre/Colmena/Planes');
    expect(redirectFor('/Isapre-Nueva-Masvida/planes')).toBe('/Isapre/Nueva-Masvida/Planes');
    expect(redirectFor('/Isapre-/planes')).toBeNull();
  });

  test('000-2.07 Seguros/Chilena-Consolidada redirects to Seguros/Zurich-exCHC, with what follows', () => {
    expect(redirectFor('/Seguros/Chilena-Consolidada')).toBe('/Seguros/Zurich-exCHC');
    expect(redirectFor('/Seguros/Chilena-Consolidada/seguro-oncologico')).toBe(
      '/Seguros/Zurich-exCHC/seguro-oncologico',
    );
    expect(redirectFor('/Seguros/Zurich-exCHC')).toBeNull();
  });

  test('000-2.08 every old clinic slug redirects to its current one', () => {
    const expected: Record<string, string> = {
      'Alemana-de-Santiago': 'Clinica-Alemana-de-Santiago',
      'RedSalud-Providencia': 'Clinica-Red-Salud-Providencia',
      'RedSalud-Magallanes': 'Clinica-Red-Salud-Magallanes',
      'RedSalud-Elqui': 'Clinica-Red-Salud-Elqui',
      Indisa: 'Clinica-Indisa',
      'Santa-Maria': 'Clinica-Santa-Maria',
      'Red-de-Salud-UC-Christus': 'Centro-Medico-Red-de-Salud-UC-Christus',
      Davila: 'Clinica-Davila',
      MEDS: 'Clinica-MEDS',
      'Clinica-Universitaria-De-Concepcion': 'Clinica-Andes-Salud-Concepcion',
      'Las-Condes': 'Clinica-Las-Condes',
      'San-Carlos-de-Apoquindo': 'Clinica-San-Carlos-de-Apoquindo',
      'Universidad-de-los-Andes': 'Clinica-Universidad-de-Los-Andes',
    };
    expect(CLINIC_SLUG_REDIRECTS).toEqual(expected);
    for (const [old, current] of Object.entries(expected)) {
      expect(redirectFor(`/Clinicas-y-Hospitales/${old}/Seguro/dental-plus`)).toBe(
        `/Clinicas-y-Hospitales/${current}/Seguro/dental-plus`,
      );
      expect(redirectFor(`/Clinicas-y-Hospitales/${old}`)).toBe(`/Clinicas-y-Hospitales/${current}`);
      expect(redirectFor(`/Clinicas-y-Hospitales/${current}/Seguro/dental-plus`)).toBeNull();
    }
  });

  test('000-2.08 a slug that is not in the table, or an inherited object key, is not redirected', () => {
    expect(redirectFor('/Clinicas-y-Hospitales/Clinica-Nueva/Seguro/x')).toBeNull();
    expect(redirectFor('/Clinicas-y-Hospitales/constructor')).toBeNull();
    expect(redirectFor('/Clinicas-y-Hospitales/toString/Seguro/x')).toBeNull();
  });

  test('001-2.06 Chile lower-case online-purchase routes redirect to the canonical one, keeping the query', () => {
    expect(redirectFor('/compra-online/SEG-001?session=abc&sessionType=shared')).toBe(
      '/Compra-Online/SEG-001?session=abc&sessionType=shared',
    );
    expect(redirectFor('/Compra-online/SEG-001')).toBe('/Compra-Online/SEG-001');
    expect(redirectFor('/Compra-Online/SEG-001?session=abc')).toBeNull();
  });

  test('001-2.05 every redirect keeps the query and fragment, and normalises a trailing slash', () => {
    expect(redirectFor('/Comparar/?perfil=abc#top')).toBe('/Comparar/Isapres?perfil=abc#top');
    expect(redirectFor('/plan/ABC/')).toBe('/planSI/R/ABC');
    expect(redirectFor('Comparar')).toBe('/Comparar/Isapres');
  });

  test('001-1.03 a language prefix stays on the redirect target', () => {
    expect(redirectFor('/en/Comparar/Isapre')).toBe('/en/Comparar/Isapres');
    expect(redirectFor('/pt/Seguros/Chilena-Consolidada/x')).toBe('/pt/Seguros/Zurich-exCHC/x');
  });

  test('001-2.05 matching is case-sensitive and unrelated paths give null', () => {
    expect(redirectFor('/comparar')).toBeNull();
    expect(redirectFor('/')).toBeNull();
    expect(redirectFor('/Comparar/Seguros-de-Salud')).toBeNull();
  });

  test('000-2.01 no redirect target is redirected again', () => {
    const sources = [
      '/Comparar',
      '/Comparar/Seguros-Colectivos/a/b',
      '/Comparar/Seguros-de-Vida/Guardias',
      '/plan/X/tab',
      '/Isapre-Colmena/planes',
      '/Seguros/Chilena-Consolidada/x',
      '/Clinicas-y-Hospitales/Davila/Seguro/y',
      '/compra-online/Z',
    ];
    for (const source of sources) {
      const target = redirectFor(source);
      expect(target).not.toBeNull();
      expect(redirectFor(target as string)).toBeNull();
    }
  });
});
