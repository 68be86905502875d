import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { SITE } from '../app/config';
import { prerender } from '../app/prerender';
import { ServerErrorBox } from '../comparator/StatusPanels';
import { useI18n } from '../i18n/I18nProvider';
import { carriedProduct } from '../domain/routing/productNavigation';
import type { Product } from '../api/types';
import { DetailView } from './DetailView';
import { tabFromSegment } from './tabs';
import { useProduct } from './useProduct';

/**
 * A product's or plan's own page (000-2.17…2.22). A product that does not exist sends the visitor to the
 * fallback route (000-2.34); a plan to the plans comparison (000-2.35).
 */
export function DetailPage({
  keyParam,
  plan = false,
  fixedTab,
}: {
  keyParam: string;
  plan?: boolean;
  fixedTab?: string;
}) {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { lang } = useI18n();
  const key = params[keyParam] ?? '';
  // A link that carries its product says not to look it up again (000-2.36).
  const state = useProduct(key, carriedProduct<Product>(location.state, key));
  useEffect(() => {
    if (state.status !== 'loading') prerender.ready();
  }, [state.status]);
  // The page's own title, not the comparator's it was opened from (issue 11).
  const ready = state.status === 'ready' ? state.product : null;
  useEffect(() => {
    if (ready) document.title = `${ready.displayName} · ${ready.organization.displayName} · Cubre`;
  }, [ready?.productCode]);
  const prefix = lang === 'es' ? '' : `/${lang}`;
  // The organization in the address must be the product's (000-2.34: a missing organization or product
  // sends the visitor to the fallback route); old slugs were redirected before this page (000-2.08).
  const organization = params.org?.toLowerCase();
  const wrongOrganization =
    state.status === 'ready' &&
    organization !== undefined &&
    ![state.product.organization.code, state.product.organization.url].some(
      (name) => name?.toLowerCase() === organization,
    );
  if (state.status === 'missing' || wrongOrganization)
    return <Navigate to={`${prefix}${plan ? SITE.plansComparisonPath : SITE.defaultPath}`} replace />;
  // International paths (/{type}/{a}/{b}) carry the tab as the rest of the path.
  const tab = tabFromSegment(fixedTab ?? params.tab ?? (params['*'] || undefined));
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {state.status === 'loading' && <CircularProgress />}
        {state.status === 'failed' && <ServerErrorBox error={state.error} />}
        {state.status === 'ready' && (
          <DetailView
            product={state.product}
            tab={tab}
            headingLevel="h1"
            onTab={(next) =>
              navigate(`${prefix}${state.product.detailPath}/${next}`, {
                replace: true,
                preventScrollReset: true,
                // A carried product stays carried from tab to tab.
                state: location.state,
              })
            }
          />
        )}
      </Paper>
    </Container>
  );
}
