import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { employerContributionSplit } from '@cubre/services/catalogue/pricing/employerContribution';
import { api } from '../api/client';
import { formatMoney } from '../domain/results/format';
import { parseCount } from '../domain/results/minEmployees';
import { ufValueOr } from '../domain/shell/uf';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles } from '../profile/ProfileContext';

/**
 * Who pays what of a collective plan (000-1.03, 000-9.10): a slider sets the employer's share; the price per
 * worker (× UF value) is split into the employer's and the worker's part, and totals for the employees the
 * profile counts. The split is the server's own pricing function, imported (a pure module).
 */
export function ContributionSplit({
  price,
  unit,
  productType,
}: {
  price: number;
  unit: string;
  productType: string;
}) {
  const { t } = useI18n();
  const profiles = useProfiles();
  const [percent, setPercent] = useState(50);
  const [ufValue, setUfValue] = useState<number | null>(unit === 'UF' ? null : 1);
  useEffect(() => {
    if (unit !== 'UF') return;
    // The UF of the day, or the cached fallback with the failure logged (001-8.06).
    void ufValueOr(() => api('/api/globales/uf')).then(setUfValue);
  }, [unit]);
  if (ufValue === null || (unit !== 'UF' && unit !== 'CLP')) return null;
  const workers = parseCount(String(profiles.profileFor(productType)?.colectivo?.cantidadempleados ?? ''));
  const split = employerContributionSplit({ pricePerWorker: price, unit, ufValue, percent, workers });
  const clp = (amount: number) => formatMoney(amount, 'CLP');
  return (
    <Box
      component="section"
      aria-labelledby="contribution-title"
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}
      data-testid="contribution"
    >
      <Typography id="contribution-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('contribution.title')}
      </Typography>
      <Box sx={{ px: 1 }}>
        <Slider
          value={percent}
          onChange={(_, value) => setPercent(value as number)}
          step={5}
          min={0}
          max={100}
          valueLabelDisplay="auto"
          aria-label={t('contribution.percent')}
          data-testid="contribution-slider"
        />
      </Box>
      <Typography variant="body2" data-testid="contribution-split">
        {t('contribution.perWorker', { amount: clp(split.perWorkerClp) })} ·{' '}
        {t('contribution.employer', { percent, amount: split.employerText })} ·{' '}
        {t('contribution.worker', { amount: split.workerText })}
      </Typography>
      {split.totals && (
        <Typography variant="body2" data-testid="contribution-totals">
          {t('contribution.totals', {
            workers: split.totals.workers,
            employer: clp(split.totals.employerClp),
            worker: clp(split.totals.workerClp),
          })}
        </Typography>
      )}
    </Box>
  );
}
