import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { SUBSCRIBABLE_PRICE_PERIODS } from '@cubre/schemas/payments/lists';
import { BILLING_CHOICES } from '@cubre/schemas/subscriptions/lists';
import type { Periodicity } from '../api/types';
import { useI18n } from '../i18n/I18nProvider';

export type Billing = (typeof BILLING_CHOICES)[number];

/**
 * How the purchase is paid (issue 15): once, or by a subscription the gateway charges on the insurer's
 * operation dates, every period the price is quoted for. Chosen with the personal data, because the sale is
 * started with it.
 */
export function BillingChoice({
  value,
  onChange,
  disabled,
  pricePeriod,
}: {
  value: Billing;
  onChange(value: Billing): void;
  disabled: boolean;
  /**
   * The period the price is quoted for (002-9.03): a subscription charges it every such period (a yearly
   * price once a year); a price for one trip or one payment offers no subscription.
   */
  pricePeriod: Periodicity;
}) {
  const { t } = useI18n();
  const subscribable = (SUBSCRIBABLE_PRICE_PERIODS as readonly string[]).includes(pricePeriod);
  const choices = BILLING_CHOICES.filter((choice) => choice === 'one_time' || subscribable);
  const label = (choice: Billing) =>
    choice === 'monthly_subscription' && pricePeriod !== 'mensual'
      ? t(`purchase.billing.subscription.${pricePeriod}`)
      : t(`purchase.billing.${choice}`);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid="purchase-billing">
      <FormLabel component="legend">{t('purchase.billing')}</FormLabel>
      <RadioGroup row value={value} onChange={(event) => onChange(event.target.value as Billing)}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio disabled={disabled} />}
            label={label(choice)}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
