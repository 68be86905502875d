/**
 * One route table for the router and the server (issue 11): for every edition, the page React Router
 * renders for an address (the real `routes` of src/app/routes.tsx, built for that edition) is the page the
 * server's matcher finds (services/src/storefront/routing/matchPage.ts), so the server's 404s are the
 * router's 404 pages. The pages themselves are stand-ins; the table is the real one.
 */
jest.mock('../../src/app/Layout', () => ({ Layout: () => null }));
jest.mock('../../src/comparator/ComparatorPage', () => ({ ComparatorPage: () => null }));
jest.mock('../../src/pages/NotFoundPage', () => ({ NotFoundPage: () => null }));
jest.mock('../../src/detail/DetailPage', () => ({ DetailPage: () => null }));

import { matchRoutes, type RouteObject } from 'react-router';
import { matchPage } from '@cubre/services/storefront/routing/matchPage';
import { PAGES, pagesOf, type Edition } from '@cubre/services/storefront/routing/pages';
import { COLECTIVOS_GUARD_PATH } from '../../src/domain/profile/colectivos';

const EDITIONS: Edition[] = ['CL', 'PE', 'CO', 'INT'];

/** src/app/routes.tsx as the edition's page builds it (a fresh module registry per edition). */
async function routesOf(country: Edition): Promise<RouteObject[]> {
  let routes: RouteObject[] = [];
  await jest.isolateModulesAsync(async () => {
    jest.doMock('../../src/app/config', () => ({
      SITE: { country, defaultPath: '/Comparar/Seguros-de-Salud', plansComparisonPath: '/Comparar/Isapres' },
    }));
    ({ routes } = await import('../../src/app/routes'));
  });
  return routes;
}

/** Addresses of every page shape, in every edition's shapes, with languages, tabs, casing and strays. */
const PATHS = [
  '/',
  '/en',
  '/pt/',
  '/Comparar',
  '/Comparar/Isapres',
  '/comparar/isapres/',
  '/Comparar/Seguros-de-Salud/Cyber-Monday',
  '/Comparar/Seguros-de-Salud/Dental',
  '/Comparar/Seguro-Complementario-Empresa/x/y',
  '/Comparar/a/b/c/d/e',
  '/Guardias',
  '/buscar',
  '/buscar/otra-cosa',
  '/Comparar-Planes',
  '/Seguros/Catastrofico',
  '/Seguros/Faro-Seguros/Mascotas-Faro-Estandar',
  '/Seguros/Faro-Seguros/Mascotas-Faro-Estandar/Coberturas',
  '/Seguros/a/b/c/d',
  '/Isapre/Colmena/Planes',
  '/Isapre/Colmena/Planes/13-SF-1/Prestadores',
  '/planSI/R/13-SF-1',
  '/Isapre/Colmena/Complementos/Dental-Colmena',
  '/Clinicas-y-Hospitales/Clinica-Davila/Seguro/Oncologico-Davila',
  '/Clinicas-y-Hospitales/Clinica-Costa-Azul/Plan-de-Salud',
  '/Clinicas-y-Hospitales/Clinica-Costa-Azul/Plan-de-Salud/Solicitar',
  '/EPS/Andina-Salud-EPS/Planes/Plan-EPS',
  '/EPS/Caribe-Salud-EPS/Plan-EPS',
  '/Medicina-Prepagada/Sabana/Plan/Coberturas',
  '/Internacional/Atlas-Worldwide-Care/Internacional-Atlas-Intermedio',
  '/Vida-con-Ahorro/Atlas-Worldwide-Care/Vida/Coberturas',
  '/Accidentes-Personales/Meridian-Global-Health/Accidentes',
  '/en/Internacional/Atlas/Plan',
  '/en/x/y',
  '/Compra-Online/DEMO-CL-1',
  '/Consulta-RUT-Empresa',
  '/contacto',
  '/en/contacto',
  '/Accidentes-Personales',
  COLECTIVOS_GUARD_PATH,
  '/wizard/seguros-de-salud',
  '/portal-clientes',
  '/not-found',
  '/pt/not-found',
  '/esto-no-existe/de-verdad',
  '/EN/contacto',
  '/Seguros/Pac%C3%ADfico/Salud',
  '/a%2Fb/c/d',
];

describe('app/routes and the server’s matcher: one table', () => {
  test.each(EDITIONS)(
    'issue 11 in %s the server finds the page the router renders, for every address',
    async (edition) => {
      const routes = await routesOf(edition);
      for (const path of PATHS) {
        const matches = matchRoutes(routes, path) ?? [];
        const rendered = (matches[matches.length - 1]?.route.handle as string | undefined) ?? null;
        const found = matchPage(path, edition);
        expect({ path, page: found.page?.id ?? null }).toEqual({ path, page: rendered });
        if (found.page) expect(found.params).toEqual({ ...matches[matches.length - 1]?.params });
      }
    },
  );

  test('000-2.24 to 000-2.27 each edition has its own detail shapes and only those', () => {
    const details = (edition: Edition) =>
      pagesOf(edition)
        .filter((page) => /:(product|code)\b/.test(page.path) && page.id !== 'onlinePurchase')
        .map((page) => page.path);
    expect(details('CO')).toEqual([
      'Seguros/:org/:product/:tab?',
      'EPS/:org/:product/:tab?',
      'Medicina-Prepagada/:org/:product/:tab?',
    ]);
    expect(details('PE')).toEqual([
      'Seguros/:org/:product/:tab?',
      'Clinicas-y-Hospitales/:org/:product/:tab?',
      'EPS/:org/Planes/:product/:tab?',
    ]);
    expect(details('INT')).toEqual([':type/:org/:product/*']);
    expect(details('CL')).toContain('Clinicas-y-Hospitales/:org/Seguro/:product/:tab?');
    // The international /{type}/{a}/{b}[/{tab}] never takes a comparator's address of the same depth.
    for (const path of ['/Comparar/Seguros-de-Salud/Dental', '/Comparar/Seguro-Complementario-Empresa/x/y'])
      expect(matchPage(path, 'INT').page?.id).toBe('comparator');
    expect(matchPage('/Internacional/Atlas/Plan/Coberturas', 'INT').params).toMatchObject({
      type: 'Internacional',
      org: 'Atlas',
      product: 'Plan',
      '*': 'Coberturas',
    });
  });

  test('001-2.10 the colectivos guard’s address is a page of the table', () => {
    expect(PAGES.some((page) => `/${page.path}` === COLECTIVOS_GUARD_PATH)).toBe(true);
  });
});
