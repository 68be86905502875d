import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { BILLING_CHOICES } from '@cubre/schemas/subscriptions/lists';
import { useI18n } from '../i18n/I18nProvider';

export type Billing = (typeof BILLING_CHOICES)[number];

/**
 * How the purchase is paid (issue 15): once, or every month by a subscription the gateway charges on the
 * insurer's operation dates. Chosen with the personal data, because the sale is started with it.
 */
export function BillingChoice({
  value,
  onChange,
  disabled,
}: {
  value: Billing;
  onChange(value: Billing): void;
  disabled: boolean;
}) {
  const { t } = useI18n();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="purchase-billing">
      <FormLabel component="legend">{t('purchase.billing')}</FormLabel>
      <RadioGroup row value={value} onChange={(event) => onChange(event.target.value as Billing)}>
        {BILLING_CHOICES.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio disabled={disabled} />}
            label={t(`purchase.billing.${choice}`)}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
