import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { Tag } from '../shell/Tag';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/I18nProvider';
import { useCompare } from './CompareContext';

/** The selected plans, at the bottom while any is ticked, and the way to Comparar-Planes. */
export function CompareBar() {
  const { t, lang } = useI18n();
  const compare = useCompare();
  if (compare.count === 0) return null;
  return (
    <Paper
      elevation={8}
      component="aside"
      aria-label={t('compare.bar')}
      data-testid="compare-bar"
      sx={{ position: 'fixed', bottom: 0, left: 0, right: 0, p: 1.5, zIndex: 20 }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center' }}
      >
        <Typography sx={{ fontWeight: 700 }}>{t('compare.selected', { n: compare.count })}</Typography>
        {compare.slots.map((slot, index) =>
          slot ? (
            <Tag key={slot.productCode} testId="compare-slot">
              {slot.displayName}
              <Button
                size="small"
                sx={{ minWidth: 0, ml: 0.5, p: 0, lineHeight: 1 }}
                onClick={() => compare.remove(index)}
                aria-label={t('compare.removeOne', { name: slot.displayName })}
              >
                ×
              </Button>
            </Tag>
          ) : (
            <Tag key={`empty-${index}`} tone="outlined">
              {t('compare.empty')}
            </Tag>
          ),
        )}
        <Button
          component={RouterLink}
          to={`${lang === 'es' ? '' : `/${lang}`}/Comparar-Planes`}
          variant="contained"
          disabled={compare.count < 2}
        >
          {t('compare.go')}
        </Button>
      </Stack>
    </Paper>
  );
}
