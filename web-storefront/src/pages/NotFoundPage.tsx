import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SITE } from '../app/config';
import { prerender } from '../app/prerender';
import { unmanagedUrlWarning } from '../domain/routing/unmanagedUrl';
import { useI18n } from '../i18n/I18nProvider';
import { usePageMeta } from '../shell/pageMeta';

/** The 404 page (000-2.10, 000-2.57, 001 §2.2): translated title and description, home and contact. */
export function NotFoundPage() {
  const { t, lang } = useI18n();
  const prefix = lang === 'es' ? '' : `/${lang}`;
  usePageMeta(t('notFound.title'), t('notFound.description', { email: SITE.contactEmail }));
  useEffect(() => {
    // 001-2.14: an address no route handles is logged; the 404 page's own address is not.
    const warning = unmanagedUrlWarning(`${window.location.pathname}${window.location.search}`);
    if (warning) console.warn(warning);
    prerender.ready();
  }, []);
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }} data-testid="not-found">
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ my: 2 }}>{t('notFound.description', { email: SITE.contactEmail })}</Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to={prefix || '/'} variant="contained">
          {t('notFound.home')}
        </Button>
        <Button component={RouterLink} to={`${prefix}/contacto`} variant="outlined">
          {t('notFound.contact')}
        </Button>
      </Stack>
    </Container>
  );
}
