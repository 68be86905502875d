import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { withWords } from '../i18n/lazyWithWords';
import { ComparatorPage } from '../comparator/ComparatorPage';
import { splitLanguage, withLanguage } from '../domain/routing/language';
import { NotFoundPage } from '../pages/NotFoundPage';
import { pagesOf, type PageId } from '@cubre/services/storefront/routing/pages';
import { COLECTIVOS_COMPARATOR_PATH } from '../domain/profile/colectivosPaths';
import { SITE } from './config';
import { Layout } from './Layout';

/** A comparator route: its path (without the language) is the comparator's base URL (000-7.29). */
function ComparatorRoute({ fixed, colectivos }: { fixed?: string; colectivos?: boolean }) {
  const location = useLocation();
  const path = fixed ?? splitLanguage(location.pathname).path;
  return <ComparatorPage key={path} path={path.replace(/\/+$/, '')} colectivos={colectivos} />;
}

/** Isapre/{name}/Planes: that isapre's plans in the isapre comparator. */
function IsaprePlans() {
  const { org } = useParams();
  const { lang } = splitLanguage(useLocation().pathname);
  return (
    <Navigate
      to={`${withLanguage(lang, SITE.plansComparisonPath)}?organizations=${encodeURIComponent(org ?? '')}`}
      replace
    />
  );
}

function LandingRoute() {
  const { landing } = useParams();
  return <ComparatorPage key={landing} path={`/${landing ?? ''}`} />;
}

function ToDefault() {
  const { lang } = splitLanguage(useLocation().pathname);
  return <Navigate to={withLanguage(lang, SITE.defaultPath)} replace />;
}

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await withWords(load)).default,
});
/** Detail pages load their own chunk: the comparator, the first page most visitors see, does not carry them. */
const detail = (props: { keyParam: string; plan?: boolean; fixedTab?: string }) => async () => {
  const { DetailPage } = await withWords(() => import('../detail/DetailPage'));
  return { Component: () => <DetailPage {...props} /> };
};

/** What each page of the table shows (the table, shared with the server: services/src/storefront/routing). */
const PAGE_ROUTES: Record<PageId, Pick<RouteObject, 'element' | 'lazy'>> = {
  home: { element: <ComparatorRoute fixed={SITE.defaultPath} /> },
  comparator: { element: <ComparatorRoute /> },
  guards: { element: <ComparatorRoute /> },
  search: { element: <ComparatorRoute fixed={SITE.defaultPath} /> },
  comparePlans: { lazy: lazyPage(() => import('../compare/ComparePage')) },
  landing: { element: <LandingRoute /> },
  isaprePlans: { element: <IsaprePlans /> },
  isaprePlan: { lazy: detail({ keyParam: 'code', plan: true }) },
  planAlias: { lazy: detail({ keyParam: 'code', plan: true }) },
  isapreAddOn: { lazy: detail({ keyParam: 'product' }) },
  insurance: { lazy: detail({ keyParam: 'product' }) },
  clinicInsurance: { lazy: detail({ keyParam: 'product' }) },
  clinicPlan: { lazy: detail({ keyParam: 'product' }) },
  epsPlan: { lazy: detail({ keyParam: 'product' }) },
  epsInsurance: { lazy: detail({ keyParam: 'product' }) },
  prepaidMedicine: { lazy: detail({ keyParam: 'product' }) },
  typedInsurance: { lazy: detail({ keyParam: 'product' }) },
  onlinePurchase: { lazy: lazyPage(() => import('../purchase/PurchasePage')) },
  companyRut: { element: <ToDefault /> },
  contact: { lazy: lazyPage(() => import('../pages/ContactPage')) },
  accidentInsurance: { lazy: lazyPage(() => import('../pages/AccidentInsurancePage')) },
  colectivos: { element: <ComparatorRoute fixed={COLECTIVOS_COMPARATOR_PATH} colectivos /> },
  wizard: { lazy: lazyPage(() => import('../wizard/WizardPage')) },
  portals: { lazy: lazyPage(() => import('../pages/PortalPage')) },
  notFound: { element: <NotFoundPage /> },
};

/** The edition's pages of seed 000 §2 and 001 §2.1 (the redirects run before them, in Layout). */
const pages: RouteObject[] = [
  // `handle` names the page: the test that holds the server's matcher (matchPage) to this table reads it.
  ...pagesOf(SITE.country).map(({ id, path }): RouteObject =>
    path === '' ? { index: true, handle: id, ...PAGE_ROUTES[id] } : { path, handle: id, ...PAGE_ROUTES[id] },
  ),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [...pages, { path: 'en', children: pages }, { path: 'pt', children: pages }],
  },
];
