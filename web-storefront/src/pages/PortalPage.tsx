import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/I18nProvider';
import { PortalCards } from '../shell/PortalCards';
import { usePageMeta } from '../shell/pageMeta';

/** /portal-clientes (001-2.02, 001-2.39): the two portals, each opening in a new tab. */
export default function PortalPage() {
  const { t } = useI18n();
  usePageMeta(t('portal.title'), t('portal.subtitle'));
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {t('portal.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('portal.subtitle')}</Typography>
      <PortalCards heading="h2" />
    </Container>
  );
}
