import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { ComparatorPage } from '../comparator/ComparatorPage';
import { splitLanguage, withLanguage } from '../domain/routing/language';
import { NotFoundPage } from '../pages/NotFoundPage';
import { COLECTIVOS_COMPARATOR_PATH, COLECTIVOS_GUARD_PATH } from '../domain/profile/colectivos';
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
  Component: (await load()).default,
});
/** Detail pages load their own chunk: the comparator, the first page most visitors see, does not carry them. */
const detail = (props: { keyParam: string; plan?: boolean; fixedTab?: string }) => async () => {
  const { DetailPage } = await import('../detail/DetailPage');
  return { Component: () => <DetailPage {...props} /> };
};

/** The route table of seed 000 §2 and 001 §2.1 (the redirects run before it, in Layout). */
const pages: RouteObject[] = [
  { index: true, element: <ComparatorRoute fixed={SITE.defaultPath} /> },
  { path: 'Comparar/*', element: <ComparatorRoute /> },
  { path: 'Guardias', element: <ComparatorRoute /> },
  { path: 'buscar', element: <ComparatorRoute fixed={SITE.defaultPath} /> },
  { path: 'Comparar-Planes', lazy: lazyPage(() => import('../compare/ComparePage')) },
  // Landing content routes take the landing's url (001-2.08): /Seguros/Catastrofico is the landing whose
  // comparator base URL is 'Catastrofico' (page size 15 and a 'more results' button, 000-9.01, 000-2.39).
  { path: 'Seguros/:landing', element: <LandingRoute /> },
  { path: 'Isapre/:org/Planes', element: <IsaprePlans /> },
  { path: 'Isapre/:org/Planes/:code/:tab?', lazy: detail({ keyParam: 'code', plan: true }) },
  { path: 'planSI/R/:code/:tab?', lazy: detail({ keyParam: 'code', plan: true }) },
  { path: 'Isapre/:org/Complementos/:product/:tab?', lazy: detail({ keyParam: 'product' }) },
  { path: 'Seguros/:org/:product/:tab?', lazy: detail({ keyParam: 'product' }) },
  { path: 'Clinicas-y-Hospitales/:org/Seguro/:product/:tab?', lazy: detail({ keyParam: 'product' }) },
  { path: 'Compra-Online/:code', lazy: detail({ keyParam: 'code', fixedTab: 'Solicitar' }) },
  // The guard's rule is not in the seed (000-2.09): its fallback is all that is known, so it is the route.
  { path: 'Consulta-RUT-Empresa', element: <ToDefault /> },
  { path: 'contacto', lazy: lazyPage(() => import('../pages/ContactPage')) },
  // 000-2.20: the most chosen personal-accident insurance, at its detail address.
  { path: 'Accidentes-Personales', lazy: lazyPage(() => import('../pages/AccidentInsurancePage')) },
  // 001-2.10: the colectivos guard's address: the company comparator behind its forced modal.
  {
    path: COLECTIVOS_GUARD_PATH.slice(1),
    element: <ComparatorRoute fixed={COLECTIVOS_COMPARATOR_PATH} colectivos />,
  },
  // 000-2.23: the guided finder, its own chunk.
  { path: 'wizard/seguros-de-salud', lazy: lazyPage(() => import('../wizard/WizardPage')) },
  { path: 'portal-clientes', lazy: lazyPage(() => import('../pages/PortalPage')) },
  { path: 'not-found', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [...pages, { path: 'en', children: pages }, { path: 'pt', children: pages }],
  },
];
