import { use } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { api } from '../api/client';
import { useI18n } from '../i18n/I18nProvider';
import { LazyImage } from './LazyImage';
import type { ContactInformation } from '@cubre/schemas/site';

let channels: Promise<ContactInformation> | null = null;
const loadChannels = () => (channels ??= api<ContactInformation>('/api/contactInformations'));

/** The payment-methods strip (001-2.40, 002 §9): card, debit, credit, prepaid and transfer. */
const PAYMENT_METHODS = ['tarjeta', 'debito', 'credito', 'prepago', 'transferencia'].map((method) => ({
  label: `footer.payment.${method}`,
  image: `/images/payments/${method}.svg`,
}));

/** Contact channels from the API and the payment-methods strip (001-2.40); a failure reaches the boundary. */
export default function FooterContent() {
  const { t, tOr, lang } = useI18n();
  const answer = use(loadChannels());
  const prefix = lang === 'es' ? '' : `/${lang}`;
  return (
    <Container
      sx={{ py: 4, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
    >
      <Box>
        <Typography component="h2" variant="h6">
          Cubre
        </Typography>
        <Typography variant="body2">{t('footer.about')}</Typography>
      </Box>
      <Box>
        <Typography component="h2" variant="h6">
          {t('footer.contact')}
        </Typography>
        <ul style={{ paddingLeft: 18 }}>
          {answer.contacts.map((channel, index) => (
            <li key={index}>
              <Typography variant="body2">
                {tOr(`footer.channel.${channel.type}`, channel.label ?? channel.type ?? '')}:{' '}
                {channel.url ? (
                  <Link href={channel.url} color="inherit">
                    {channel.value ?? channel.url}
                  </Link>
                ) : (
                  channel.value
                )}
              </Typography>
            </li>
          ))}
        </ul>
        <Link component={RouterLink} to={`${prefix}/contacto`} color="inherit">
          {t('header.contact')}
        </Link>
      </Box>
      <Box>
        <Typography component="h2" variant="h6">
          {t('footer.payments')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {PAYMENT_METHODS.map((method) => (
            <LazyImage
              key={method.label}
              src={method.image}
              alt={t(method.label)}
              title={t(method.label)}
              width={48}
              height={32}
            />
          ))}
        </Box>
      </Box>
    </Container>
  );
}
