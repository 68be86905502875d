import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { lazyWithWords } from '../i18n/lazyWithWords';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../app/theme';
import type { Product } from '../api/types';
import { PriceFigure } from '../comparator/PriceFigure';
import { insuredCount, peopleOf } from '../domain/results/insuredPeople';
import { profileKindOf } from '../domain/profile/profileKind';
import { catalogueTextLang } from '../domain/shell/i18n';
import { carryProduct } from '../domain/routing/productNavigation';
import { insuranceTypeName } from '../domain/results/cardWords';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles } from '../profile/ProfileContext';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { ContributionSplit } from './ContributionSplit';
import { useProfilePrice } from './useProfilePrice';
import { DETAIL_TABS, type DetailTab } from './tabs';
import { CoveragesPanel, FaqPanel, ProvidersPanel, TextListPanel, TopsPanel } from './TabPanels';

const RequestForm = lazyWithWords(() => import('../request/RequestForm'));

/** Detail of one product or plan (000-2.17…2.21): header, and the tabs of issue 4, Solicitar last. */
export function DetailView({
  product,
  tab,
  onTab,
  headingLevel,
}: {
  product: Product;
  tab: DetailTab;
  onTab(tab: DetailTab): void;
  headingLevel: 'h1' | 'h2';
}) {
  const { t, tOr, lang } = useI18n();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const profile = useProfiles().profileFor(product.productType);
  const prevision = profile?.prevision;
  const code = product.productCode;
  // The price for the visitor's profile, as the card showed it (issue 11), the request form's too.
  const priced = useProfilePrice(product, profile);
  const price = priced.status === 'ready' ? priced.card.price : product.card.price;
  const kind = profileKindOf(product.productType);
  // Bought online (issue 14): a product sold through the online channel, with a price to pay.
  const buyable = product.card.insuranceMetadata.salesChannel.includes('ONLINE') && price.value !== null;
  const persons =
    profile && price.arePricesDefined && kind !== 'collective'
      ? insuredCount(peopleOf(profile, kind, t('profile.pet')), price.uninsurable ?? [])
      : null;
  return (
    <Box data-testid="detail" data-code={code}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <OrganizationLogo
          code={product.organization.code}
          name={product.organization.displayName}
          image={product.organization.image}
        />
        <Box>
          <Typography component={headingLevel} variant="h5" sx={{ fontWeight: 800 }} id="detail-title">
            {product.displayName}
          </Typography>
          <Typography color="text.secondary">
            {product.organization.displayName} · {insuranceTypeName(product.insuranceType, tOr)}
          </Typography>
        </Box>
        <Box
          sx={{ ml: 'auto', textAlign: 'right' }}
          data-testid="detail-price"
          aria-busy={priced.status === 'loading'}
        >
          {priced.status === 'loading' ? (
            <CircularProgress size={24} aria-label={t('detail.pricing')} />
          ) : (
            <>
              <PriceFigure price={price} />
              {persons !== null && (
                <small className="cubre-card-hint" data-testid="detail-persons">
                  {t(`card.for${kind === 'pet' ? 'Pet' : 'Person'}${persons === 1 ? '' : 's'}`, {
                    n: persons,
                  })}
                </small>
              )}
            </>
          )}
          {priced.status === 'failed' && (
            // 001-8.11: the "Desde" price stays, with the seed's message and a way to ask again.
            <Typography variant="caption" color="error" role="alert" component="p">
              {t('service.profilePrice')}{' '}
              <Button size="small" onClick={priced.retry}>
                {t('detail.retry')}
              </Button>
            </Typography>
          )}
          {buyable && (
            <Button
              component={RouterLink}
              to={`${lang === 'es' ? '' : `/${lang}`}/Compra-Online/${encodeURIComponent(code)}`}
              state={carryProduct(product)}
              variant="contained"
              color="secondary"
              size="small"
              sx={{ mt: 1, display: 'flex' }}
              data-testid="buy-online"
            >
              {t('card.buyOnline')}
            </Button>
          )}
        </Box>
      </Stack>
      {'description' in product.definition && product.definition.description && (
        <Typography sx={{ mb: 2 }} lang={catalogueTextLang(lang)}>
          {product.definition.description}
        </Typography>
      )}
      {/* The split is per worker: the product's own price per employee, whatever the company's total. */}
      {product.card.price.collective === 'porEmpleado' && product.card.price.value !== null && (
        <ContributionSplit
          price={product.card.price.value}
          unit={product.card.price.unit.code}
          productType={product.productType}
        />
      )}
      <Tabs
        value={tab}
        onChange={(_, value: DetailTab) => onTab(value)}
        // Laptops: the seven tabs share the row, their words wrapping, none past the edge (issue 11: the last
        // was cut off); phones scroll them, with arrows that say there is more.
        variant={mobile ? 'scrollable' : 'fullWidth'}
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('detail.tabs')}
      >
        {DETAIL_TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`detail.tab.${name}`)}
            id={`tab-${name}`}
            aria-controls={`panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ pt: 2, minHeight: 200 }}>
        {tab === 'Coberturas' && <CoveragesPanel code={code} prevision={prevision} />}
        {tab === 'Prestadores' && <ProvidersPanel code={code} />}
        {tab === 'Topes-y-Deducibles' && <TopsPanel code={code} />}
        {tab === 'Condiciones' && <TextListPanel code={code} resource="conditions" />}
        {tab === 'Exclusiones' && <TextListPanel code={code} resource="exclusions" />}
        {tab === 'Preguntas-Frecuentes' && <FaqPanel code={code} />}
        {tab === 'Solicitar' && (
          <Suspense fallback={<CircularProgress size={28} />}>
            <RequestForm product={product} price={price} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
