import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ResultCard } from '../api/types';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles } from '../profile/ProfileContext';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { ContributionSplit } from './ContributionSplit';
import { DETAIL_TABS, type DetailTab } from './tabs';
import { CoveragesPanel, FaqPanel, ProvidersPanel, TextListPanel, TopsPanel } from './TabPanels';

const RequestForm = lazy(() => import('../request/RequestForm'));

export interface Product {
  id: string;
  productCode: string;
  kind: 'product' | 'isaprePlan';
  displayName: string;
  url: string;
  detailPath: string;
  productType: string;
  organization: { code: string; displayName: string; url?: string; image?: string | null };
  insuranceType: { name: string; displayName: string };
  definition: { description?: string | null };
  card: ResultCard;
}

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
  const { t } = useI18n();
  const prevision = useProfiles().profileFor(product.productType)?.prevision;
  const code = product.productCode;
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
            {product.organization.displayName} · {product.insuranceType.displayName}
          </Typography>
        </Box>
        <Box sx={{ ml: 'auto', textAlign: 'right' }}>
          <Typography variant="caption">{product.card.price.label}</Typography>
          <Typography variant="h6" sx={{ fontWeight: 800 }}>
            {product.card.price.formatted ?? t('card.consultar')}{' '}
            {product.card.price.formatted ? product.card.priceSuffix : ''}
          </Typography>
        </Box>
      </Stack>
      {product.definition.description && (
        <Typography sx={{ mb: 2 }}>{product.definition.description}</Typography>
      )}
      {product.card.priceSuffix.includes('p/empl') && product.card.price.value !== null && (
        <ContributionSplit
          price={product.card.price.value}
          unit={product.card.price.unit.code}
          productType={product.productType}
        />
      )}
      <Tabs
        value={tab}
        onChange={(_, value: DetailTab) => onTab(value)}
        variant="scrollable"
        scrollButtons="auto"
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
            <RequestForm product={product} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
