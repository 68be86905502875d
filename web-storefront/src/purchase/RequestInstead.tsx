import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useI18n } from '../i18n/I18nProvider';

/**
 * Why this product cannot be bought online here (no price for the profile, a company abroad), with the
 * way that is left: asking for it on the product's Solicitar page. One alert for every step that stops.
 */
export function RequestInstead({ detailPath, why }: { detailPath: string; why: string }) {
  const { t, lang } = useI18n();
  return (
    <Alert severity="info" data-testid="purchase-unpriced">
      {t(why)}{' '}
      <Button
        component={RouterLink}
        to={`${lang === 'es' ? '' : `/${lang}`}${detailPath}/Solicitar`}
        size="small"
      >
        {t('request.submit')}
      </Button>
    </Alert>
  );
}
