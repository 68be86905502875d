import { startTransition, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { lazyWithWords } from '../i18n/lazyWithWords';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ResultCard as Card } from '../api/types';
import { SITE } from '../app/config';
import { prerender } from '../app/prerender';
import { MOBILE_QUERY } from '../app/theme';
import { useCompare } from '../compare/CompareContext';
import { cyberBannerVisible } from '../domain/results/cyber';
import {
  activeFilterCount,
  filtersFromSearch,
  isCompareOrder,
  searchFromFilters,
  withFilterChange,
  withPage,
  type ComparatorFilters,
} from '../domain/results/filters';
import { hasMoreResults, PAGE_SIZE, shouldScrollToTop, showPagination } from '../domain/results/loadingState';
import { withPromo } from '../domain/results/promo';
import { comparatorRouteData, comparisonOn } from '../domain/results/routeData';
import { opensProfile, takeProfileRequests } from '../domain/routing/profileRequest';
import { COLECTIVOS_COMPARATOR_PATH } from '../domain/profile/colectivosPaths';
import { withLanguage } from '../domain/routing/language';
import {
  decodePerfil,
  PERFIL_STRIP_DELAY_MS,
  searchWithoutPerfil,
  shouldStripPerfil,
} from '../domain/profile/perfilParam';
import { FINISHED_STYLE_MS, profileKindOf } from '../domain/profile/profileKind';
import { useI18n } from '../i18n/I18nProvider';
import { usePageMeta } from '../shell/pageMeta';
import { useProfiles } from '../profile/ProfileContext';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ComparatorContext } from './ComparatorContext';
import { CompareBar } from '../compare/CompareBar';
import { LoadingCards } from './LoadingCards';
import { PromoBlock } from './PromoBlock';
import { ResultCard } from './ResultCard';
import { ResultsToolbar } from './ResultsToolbar';
import { RobotPanel, ServerErrorBox } from './StatusPanels';
import { useComparator } from './useComparator';
import { useResults } from './useResults';
import { comparatorRoute } from './prefetch';

const ProfileDialog = lazyWithWords(() => import('../profile/ProfileDialog'));
const ColectivosDialog = lazyWithWords(() => import('../profile/ColectivosDialog'));
const DetailDialog = lazyWithWords(() => import('../detail/DetailDialog'));
// Filters come right after the first cards: their inputs are the heaviest part of the page.
const FiltersPanel = lazyWithWords(() => import('./FiltersPanel'));
const Pagination = lazyWithWords(() => import('@mui/material/Pagination'));

const HEALTH_COMPARATOR = 'Comparar/Seguros-de-Salud';

/** The filter column's place before its panel loads: as wide, and as tall as a screenful of it. */
const FiltersPlaceholder = () => <Box aria-hidden sx={{ minHeight: { lg: 640 } }} />;
/**
 * Cards drawn in the first commit; the rest follow in the next frame as a transition, so the first cards
 * show as soon as the answer arrives (the seed's list animation staggers 80 ms over the first 10, 000-9.09).
 */
const FIRST_BATCH = 3;
const STAGGER_MS = 80;
const STAGGER_LIMIT = 10;

/** The comparator a route names (000-2.11…2.15): results, filters, sort, pages, profile, compare, detail. */
/**
 * `colectivos`: the page was reached through the colectivos guard's address (001-2.10), whose forced modal
 * asks the company's groups of workers before anything else.
 */
export function ComparatorPage({ path, colectivos = false }: { path: string; colectivos?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { t, tOr, lang } = useI18n();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const route = comparatorRoute(path) ?? { baseUrl: path.replace(/^\//, ''), cyber: false };
  const cyberRoute = route.cyber;
  const baseUrl = route.baseUrl;
  const comparatorState = useComparator(baseUrl);
  const comparator = comparatorState.status === 'ready' ? comparatorState.comparator : null;
  // 000-2.33: what the route reads of its comparator (product type, landing type, compare).
  const routeData = comparator ? comparatorRouteData(comparator) : null;
  const productType = routeData?.productType ?? '';
  const kind = profileKindOf(productType);
  const profiles = useProfiles();
  const profile = comparator ? profiles.profileFor(productType) : null;
  const filters = useMemo(() => filtersFromSearch(location.search), [location.search]);
  const landing = routeData?.landing ?? false;
  const paginated = !landing;
  const take = comparator?.pageSize ?? PAGE_SIZE;
  const [chosenLayout, setLayout] = useState<'list' | 'grid'>('list');
  const layout = mobile ? 'grid' : chosenLayout;
  const [profileOpen, setProfileOpen] = useState(false);
  const [detail, setDetail] = useState<{ code: string; link: string | null; tab: string } | null>(() => {
    // A shared quote link's `code` opens that product's detail over its results (000-2.28).
    const code = new URLSearchParams(location.search).get('code');
    return code ? { code, link: null, tab: 'Coberturas' } : null;
  });
  const compare = useCompare();
  const [awaitingPrices, setAwaitingPrices] = useState(false);
  const [finished, setFinished] = useState(false);

  // A shared quote link's perfil (000-2.28): a valid one becomes this product type's profile; it leaves the
  // address bar after 1 s unless replaceUrl=false (000-2.30); an invalid one is ignored (000-2.31).
  useEffect(() => {
    if (!comparator) return;
    const params = new URLSearchParams(location.search);
    const perfil = params.get('perfil');
    if (perfil === null) return;
    const decoded = decodePerfil(perfil);
    if (decoded) profiles.setProfileFor(params.get('productType') ?? productType, decoded);
    if (!shouldStripPerfil(location.search)) return;
    const timer = setTimeout(() => {
      // The address as it is now, not as this effect saw it: a filter chosen during the delay is in the
      // address before React renders it (and before this timer is cleared), and the captured search would
      // drop it (a fresh-clone run lost 'Solo comercializables' that way).
      const now = window.location;
      if (now.pathname !== location.pathname || !shouldStripPerfil(now.search)) return;
      navigate(
        { pathname: now.pathname, search: searchWithoutPerfil(now.search) },
        { replace: true, preventScrollReset: true },
      );
    }, PERFIL_STRIP_DELAY_MS);
    return () => clearTimeout(timer);
    // Only when the comparator arrives or the query changes: setting the profile must not loop.
  }, [comparator?.code, location.search]);

  // The header's profile menu opens this modal (001-2.28): by an event while this page is on screen, or
  // through the navigation's state when it brought the visitor here.
  useEffect(() => takeProfileRequests(window, () => setProfileOpen(true)), []);
  useEffect(() => {
    if (!opensProfile(location.state)) return;
    setProfileOpen(true);
    // Once opened, the request leaves the history entry: a reload or a step back does not open it again.
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, preventScrollReset: true, state: null },
    );
  }, [location.state]);

  const results = useResults(
    comparator ? { comparator, filters, profile, paginated, profileVersion: profiles.version } : null,
  );

  // The profile's submit takes its 'finished' style for 3 s once the new prices are in (000-4.07). The
  // timer belongs to `finished` alone: tied to awaitingPrices, clearing that flag cancelled it (issue 11).
  const pricesLoaded = results.state.loaded;
  useEffect(() => {
    if (!awaitingPrices || !pricesLoaded) return;
    setAwaitingPrices(false);
    setFinished(true);
  }, [awaitingPrices, pricesLoaded]);
  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => setFinished(false), FINISHED_STYLE_MS);
    return () => clearTimeout(timer);
  }, [finished]);

  const name = comparator ? tOr(`catalogue.comparator.${comparator.code}`, comparator.name) : null;
  usePageMeta(name, t('meta.comparator', { name: name ?? '' }));

  // The filters panel waits for the first answer (or its failure), then stays. On phones it is a sheet
  // opened from the toolbar.
  const [filtersWanted, setFiltersWanted] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(() => {
    if (pricesLoaded || results.state.error) setFiltersWanted(true);
  }, [pricesLoaded, results.state.error]);
  const [rendered, setRendered] = useState(FIRST_BATCH);
  const resultsData = results.state.data;
  useEffect(() => {
    if (!pricesLoaded) {
      setRendered(FIRST_BATCH);
      return;
    }
    const frame = requestAnimationFrame(() => startTransition(() => setRendered(Number.MAX_SAFE_INTEGER)));
    return () => cancelAnimationFrame(frame);
  }, [pricesLoaded, resultsData]);
  // Complete for the pre-rendering service once every card is drawn, or the call failed (001-9.05).
  useEffect(() => {
    if ((pricesLoaded && rendered >= resultsData.length) || results.state.error) prerender.ready();
  }, [pricesLoaded, rendered, resultsData, results.state.error]);

  const changeFilters = useCallback(
    (patch: Partial<Omit<ComparatorFilters, 'page'>>) => {
      const next = withFilterChange(filters, patch);
      navigate(
        { pathname: location.pathname, search: searchFromFilters(next, location.search) },
        { preventScrollReset: true },
      );
    },
    [filters, location.pathname, location.search, navigate],
  );
  const changePage = (page: number) => {
    navigate(
      { pathname: location.pathname, search: searchFromFilters(withPage(filters, page), location.search) },
      { preventScrollReset: true },
    );
    if (shouldScrollToTop({ paginated, landing })) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  if (comparatorState.status === 'missing') return <NotFoundPage />;
  if (comparatorState.status === 'failed')
    return (
      <Container sx={{ py: 4 }}>
        <ServerErrorBox error={comparatorState.error} />
      </Container>
    );

  const { state } = results;
  const firstAge = profile?.cotizante?.[0]?.edad;
  const items = withPromo(state.data, {
    comparatorIsHealth: baseUrl === HEALTH_COMPARATOR,
    showcase: comparator?.showcase ?? false,
    firstInsuredAge: firstAge,
    total: state.total,
  });
  const featureMap = new Map((comparator?.features ?? []).map((feature) => [feature.code, feature]));
  const collective = kind === 'collective';
  const employees = profile?.colectivo?.cantidadempleados;

  return (
    <ComparatorContext.Provider
      value={{ comparatorCode: comparator?.code ?? '', productType, kind, profile }}
    >
      <Container maxWidth="xl" sx={{ py: 3 }}>
        {cyberRoute && cyberBannerVisible(new Date(), SITE.cyberWindow) && (
          <Box
            data-testid="cyber-banner"
            sx={{ mb: 2, p: 2, borderRadius: 2, bgcolor: 'secondary.main', color: 'white' }}
          >
            <Typography variant="h6" component="p">
              {t('cyber.title')}
            </Typography>
          </Box>
        )}
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 1 }}>
          {name ?? t('comparator.loading')}
        </Typography>
        <ResultsToolbar
          total={state.loaded ? state.total : null}
          layout={layout}
          mobile={mobile}
          onLayout={setLayout}
          order={filters.order}
          onOrder={(order) => isCompareOrder(order) && changeFilters({ order })}
          onProfile={() => setProfileOpen(true)}
          kind={kind}
          profile={profile}
          profileErrors={results.profileErrors}
          finished={finished}
          activeFilters={activeFilterCount(filters)}
          // Always there on phones, so the toolbar keeps its shape when the comparator arrives.
          onFilters={mobile ? () => comparator && setFiltersOpen(true) : undefined}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: '280px 1fr' },
            gap: 3,
            alignItems: 'start',
          }}
        >
          {/* The filter column is held from the first paint (issue 11: the results jumped right when the
              panel arrived, cumulative layout shift 0.13-0.17); the panel loads once the first results are
              in, so its chunk does not compete with the first cards. */}
          {!mobile && (
            <Suspense fallback={<FiltersPlaceholder />}>
              {comparator && filtersWanted ? (
                <FiltersPanel
                  comparator={comparator}
                  filters={filters}
                  onChange={changeFilters}
                  mobile={false}
                />
              ) : (
                <FiltersPlaceholder />
              )}
            </Suspense>
          )}
          {mobile && comparator && (filtersOpen || filtersWanted) && (
            <Suspense fallback={null}>
              <FiltersPanel
                comparator={comparator}
                filters={filters}
                onChange={changeFilters}
                mobile
                open={filtersOpen}
                onClose={() => setFiltersOpen(false)}
                total={state.loaded ? state.total : null}
              />
            </Suspense>
          )}
          <Box component="section" aria-label={t('comparator.results')} aria-busy={!state.loaded}>
            {results.robot && <RobotPanel onHuman={results.retry} />}
            {state.error !== null && state.error !== undefined && (
              <ServerErrorBox
                error={state.error instanceof Error ? state.error.message : String(state.error)}
              />
            )}
            {state.loaded && !state.error && !results.robot && state.data.length === 0 && (
              <Typography data-testid="no-results">{t('comparator.noResults')}</Typography>
            )}
            <Box
              data-testid="results"
              data-complete={state.loaded && rendered >= items.length}
              data-layout={layout}
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns:
                  layout === 'grid' ? { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' } : '1fr',
              }}
            >
              {items.slice(0, rendered).map((item, index) =>
                'kind' in item && item.kind === 'promo' ? (
                  <PromoBlock key="promo" />
                ) : (
                  <div
                    key={(item as Card).productCode}
                    className="cubre-enter"
                    style={{ animationDelay: `${Math.min(index, STAGGER_LIMIT - 1) * STAGGER_MS}ms` }}
                  >
                    <ResultCard
                      card={item as Card}
                      layout={layout}
                      features={featureMap}
                      collective={collective}
                      employees={employees}
                      showAffinity={!(comparator?.showcase ?? false)}
                      coverageFilter={(filters.coverageOrganizations ?? []).join(',')}
                      compare={{
                        shown: !mobile && comparisonOn(routeData?.compare ?? false, item as Card),
                        checked: compare.isSelected((item as Card).id),
                        disabled: compare.isDisabled((item as Card).id),
                        onToggle: () => compare.toggle(item as Card),
                      }}
                      onDetail={(card, tab) =>
                        setDetail({ code: card.productCode, link: card.newWindowUrl, tab })
                      }
                    />
                  </div>
                ),
              )}
              {!state.loaded && <LoadingCards count={take} />}
            </Box>
            {paginated && state.loaded && showPagination(state.total, take) && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                <Suspense fallback={null}>
                  <Pagination
                    count={Math.ceil(state.total / take)}
                    page={results.page}
                    onChange={(_, page) => changePage(page)}
                    color="primary"
                    getItemAriaLabel={(type, page) =>
                      type === 'page' ? t('pagination.page', { n: page ?? '' }) : t(`pagination.${type}`)
                    }
                  />
                </Suspense>
              </Box>
            )}
            {!paginated && state.loaded && hasMoreResults(state.data.length, state.total) && (
              <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                <Button variant="outlined" onClick={results.more}>
                  {t('comparator.more')}
                </Button>
              </Box>
            )}
          </Box>
        </Box>
      </Container>
      <CompareBar />
      <Suspense fallback={null}>
        {colectivos && comparator && kind === 'collective' && (
          <ColectivosDialog
            onSubmit={(submitted) => {
              compare.clear();
              profiles.setProfileFor(productType, submitted);
              // Sent: the visitor stays on the company comparator (a reload does not ask again).
              navigate(`${withLanguage(lang, COLECTIVOS_COMPARATOR_PATH)}${location.search}`, {
                replace: true,
              });
            }}
          />
        )}
        {profileOpen && comparator && (
          <ProfileDialog
            open
            productType={productType}
            kind={kind}
            initial={profile}
            loaded={state.loaded}
            onClose={() => setProfileOpen(false)}
            onSubmit={(submitted) => {
              compare.clear();
              setAwaitingPrices(true);
              profiles.setProfileFor(productType, submitted);
            }}
          />
        )}
        {detail && (
          <DetailDialog
            code={detail.code}
            initialTab={detail.tab}
            onClose={() => setDetail(null)}
            link={detail.link}
          />
        )}
      </Suspense>
    </ComparatorContext.Provider>
  );
}
