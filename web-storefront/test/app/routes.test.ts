/**
 * The route table as the router reads it: which page an address renders. The pages themselves are
 * stand-ins that name what they were given; the table, the language prefixes and the lazy detail
 * routes are the real ones.
 */
jest.mock('../../src/app/config', () => ({
  SITE: {
    country: 'CL',
    version: 'test',
    defaultPath: '/Comparar/Seguros-de-Salud',
    plansComparisonPath: '/Comparar/Isapres',
  },
}));
jest.mock('../../src/app/Layout', () => {
  const { createElement } = jest.requireActual('react');
  const { Outlet } = jest.requireActual('react-router');
  return { Layout: () => createElement(Outlet) };
});
jest.mock('../../src/comparator/ComparatorPage', () => {
  const { createElement } = jest.requireActual('react');
  return {
    ComparatorPage: ({ path }: { path: string }) => createElement('main', { 'data-comparator': path }),
  };
});
jest.mock('../../src/pages/NotFoundPage', () => {
  const { createElement } = jest.requireActual('react');
  return { NotFoundPage: () => createElement('main', { 'data-not-found': true }) };
});
jest.mock('../../src/detail/DetailPage', () => ({ DetailPage: () => null }));

import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { routes } from '../../src/app/routes';
import { comparatorRoute } from '../../src/comparator/prefetch';
import { DetailPage } from '../../src/detail/DetailPage';

function Table() {
  return useRoutes(routes);
}
const render = (path: string) =>
  renderToString(createElement(MemoryRouter, { initialEntries: [path] }, createElement(Table)));

/** The page a lazy route loads for `path`, as the element its Component renders. */
async function lazyPage(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  const route = matches[matches.length - 1]?.route as RouteObject;
  expect(typeof route.lazy).toBe('function');
  const loaded = (await (route.lazy as () => Promise<{ Component: () => ReactElement }>)()) as {
    Component: () => ReactElement<Record<string, unknown>>;
  };
  return { route, params: matches[matches.length - 1]?.params, page: loaded.Component() };
}

describe('app/routes', () => {
  test('000-2.16 buscar renders the results search: the default comparator and its results', () => {
    expect(render('/buscar')).toContain('data-comparator="/Comparar/Seguros-de-Salud"');
    expect(render('/en/buscar')).toContain('data-comparator="/Comparar/Seguros-de-Salud"');
    // Its first results are asked for before React starts, like the default landing's.
    expect(comparatorRoute('/buscar')).toEqual({ baseUrl: 'Comparar/Seguros-de-Salud', cyber: false });
    // The route is exact: a deeper address is no search page.
    expect(render('/buscar/otra-cosa')).toContain('data-not-found');
  });

  test('000-2.19 Clinicas-y-Hospitales/{urlClinica}/Seguro/{insuranceUrl} renders the product detail through a clinic', async () => {
    const { params, page } = await lazyPage('/Clinicas-y-Hospitales/Clinica-Davila/Seguro/Oncologico-Davila');
    expect(page.type).toBe(DetailPage);
    // The detail looks the product up by its url; the clinic is checked against the product's.
    expect(page.props.keyParam).toBe('product');
    expect(params).toMatchObject({ org: 'Clinica-Davila', product: 'Oncologico-Davila' });
    const tabbed = await lazyPage(
      '/en/Clinicas-y-Hospitales/Clinica-Davila/Seguro/Oncologico-Davila/Prestadores',
    );
    expect(tabbed.page.type).toBe(DetailPage);
    expect(tabbed.params).toMatchObject({ tab: 'Prestadores' });
    // Without the Seguro segment it is no product page.
    expect(render('/Clinicas-y-Hospitales/Clinica-Davila/Oncologico-Davila')).toContain('data-not-found');
  });
});
