import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROMO_WORDING } from '../domain/results/promo';
import { withLanguage } from '../domain/routing/language';
import { useI18n } from '../i18n/I18nProvider';

/** The company promo (000-5.05…5.09): fixed wording, to the company comparator (000-2.13). */
export function PromoBlock() {
  const { t, lang } = useI18n();
  return (
    <Paper data-testid="company-promo" sx={{ p: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Typography variant="h6" component="p">
        {t(PROMO_WORDING.title)}
      </Typography>
      <Typography sx={{ my: 1 }}>{t(PROMO_WORDING.text)}</Typography>
      <Button
        component={RouterLink}
        to={withLanguage(lang, PROMO_WORDING.link)}
        variant="contained"
        color="secondary"
      >
        {t(PROMO_WORDING.button)}
      </Button>
    </Paper>
  );
}
