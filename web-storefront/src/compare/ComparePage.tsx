import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ResultCard } from '../api/types';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { useCompare } from './CompareContext';

const coverage = (card: ResultCard) =>
  card.coverage === null
    ? 'No Cubre'
    : typeof card.coverage === 'string'
      ? card.coverage
      : `${card.coverage.ambulatory} / ${card.coverage.hospital}`;

/** Comparar-Planes (000-2.15): the three slots side by side; removing one shifts the others (000-4.16). */
export default function ComparePage() {
  const { t, lang } = useI18n();
  const compare = useCompare();
  const prefix = lang === 'es' ? '' : `/${lang}`;
  const rows: { label: string; value(card: ResultCard): string }[] = [
    {
      label: t('card.price'),
      value: (card) =>
        `${card.price.formatted ?? t('card.consultar')} ${card.price.formatted ? card.priceSuffix : ''}`,
    },
    { label: t('compare.type'), value: (card) => card.insuranceType.displayName },
    { label: t('card.coverage'), value: coverage },
    { label: t('card.top'), value: (card) => card.topAmount?.text ?? '—' },
    { label: t('card.deductible'), value: (card) => card.deductible?.text ?? '—' },
    { label: t('card.providers'), value: (card) => String(card.providers) },
    { label: t('compare.modality'), value: (card) => card.insuranceMetadata.modality ?? '—' },
  ];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
        {t('compare.title')}
      </Typography>
      <Box
        role="table"
        aria-label={t('compare.title')}
        sx={{ display: 'grid', gridTemplateColumns: '160px repeat(3, 1fr)', gap: 1 }}
        data-testid="compare-table"
      >
        <Box role="row" sx={{ display: 'contents' }}>
          <Box role="columnheader" />
          {compare.slots.map((slot, index) => (
            <Paper
              role="columnheader"
              key={slot?.productCode ?? `empty-${index}`}
              variant="outlined"
              sx={{ p: 2 }}
              data-testid="compare-column"
            >
              {slot ? (
                <>
                  <OrganizationLogo
                    code={slot.organization.code}
                    name={slot.organization.displayName}
                    image={slot.organization.metadata.image}
                  />
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {slot.displayName}
                  </Typography>
                  <Typography variant="body2">{slot.organization.displayName}</Typography>
                  <Button size="small" color="error" onClick={() => compare.remove(index)}>
                    {t('compare.remove')}
                  </Button>
                </>
              ) : (
                <Button component={RouterLink} to={`${prefix}${SITE.defaultPath}`}>
                  {t('compare.add')}
                </Button>
              )}
            </Paper>
          ))}
        </Box>
        {rows.map((row) => (
          <Box role="row" key={row.label} sx={{ display: 'contents' }}>
            <Typography role="rowheader" sx={{ fontWeight: 700, alignSelf: 'center' }}>
              {row.label}
            </Typography>
            {compare.slots.map((slot, index) => (
              <Typography
                role="cell"
                key={slot?.productCode ?? `empty-${index}`}
                sx={{ p: 1, bgcolor: 'background.paper', borderRadius: 1 }}
              >
                {slot ? row.value(slot) : '—'}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </Container>
  );
}
