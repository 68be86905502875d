import { Box, Typography } from '@mui/material';
import { QueryPending } from '../QueryPending';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SaleHistoryEntry } from '@cubre/schemas/payments/adminRecords';
import type { Money } from '@cubre/schemas/payments/money';
import type { CubreDataProvider } from '../dataProvider';
import { useDateLocale } from '../i18n/dateLocale';
import { formatMoney } from './amounts';

/**
 * The sale's history (issue 14: "detail with the event timeline"): every event of the sale and of each
 * payment tried on it, newest first, with when, who (a console user by name, the buyer, the system) and what
 * changed: states, codes, charges, reversals and their reasons.
 */
export function SaleHistory({ saleId }: { saleId: string }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['sales', 'history', saleId],
    queryFn: () => dataProvider.getSaleHistory(saleId).then((answer) => answer.data),
  });
  if (isPending || error) return <QueryPending isPending={isPending} error={error} />;
  // An amount as every page of the console writes it ('$9.128'), a payment method in its words.
  const valueText = (key: string, value: unknown): string => {
    if (value && typeof value === 'object' && 'amount' in value && 'currency' in value)
      return formatMoney(value as Money, locale);
    if (key === 'paymentMethod' || key === 'method')
      return translate(`cubre.payments.methods.${String(value)}`, { _: String(value) });
    return String(value);
  };
  const who = (entry: SaleHistoryEntry) =>
    entry.actor.name ??
    translate(`cubre.payments.history.actor_${entry.actor.kind}`, { _: translate('cubre.history.system') });
  const entries = [...(data ?? [])].reverse();
  return (
    <Box
      component="ol"
      aria-label={translate('cubre.payments.history.title')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {entries.map((entry, index) => (
        <Box
          component="li"
          key={`${entry.at}-${entry.type}-${index}`}
          data-event={entry.type}
          sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, pb: 1.5 }}
        >
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            <time dateTime={entry.at}>{new Date(entry.at).toLocaleString(locale)}</time>
            {' · '}
            {who(entry)}
          </Typography>
          <Typography variant="body2">
            {translate(`cubre.payments.history.events.${entry.type}`, { _: entry.type })}
          </Typography>
          {Object.entries(entry.details).map(([key, value]) => (
            <Typography key={key} variant="body2" sx={{ color: 'text.secondary' }}>
              {translate(`cubre.payments.history.fields.${key}`, { _: key })}: {valueText(key, value)}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
