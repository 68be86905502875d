import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';

/** /portal-clientes (001-2.02, 001-2.39): the two portals, each opening in a new tab. */
export default function PortalPage() {
  const { t } = useI18n();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {t('portal.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('portal.subtitle')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {SITE.portals.map((portal) => (
          <Card key={portal.label} variant="outlined" data-testid="portal-card">
            <CardActionArea
              href={portal.path}
              target="_blank"
              rel="noopener"
              sx={{
                p: 4,
                backgroundImage: `url(${portal.img})`,
                backgroundSize: 'cover',
                bgcolor: '#0b5394',
                color: '#fff',
              }}
            >
              <img src={portal.logo} alt="" width={56} height={56} />
              <Typography component="h2" variant="h5" sx={{ fontWeight: 800 }}>
                {portal.label}
              </Typography>
              <Typography variant="body2">{t(`portal.${portal.label}`)}</Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
