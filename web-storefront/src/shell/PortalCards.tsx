import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { SITE } from '../app/config';
import { useI18n } from '../i18n/I18nProvider';

/**
 * One card per customer portal (001 §2.7: link, logo, background image, label), each opening in a new tab;
 * shown on /portal-clientes and in the header's portal dialog.
 */
export function PortalCards({ heading }: { heading: 'h2' | 'h3' }) {
  const { t } = useI18n();
  return (
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
            <Typography component={heading} variant="h5" sx={{ fontWeight: 800 }}>
              {t(`portal.name.${portal.label}`)}
            </Typography>
            <Typography variant="body2">{t(`portal.${portal.label}`)}</Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
