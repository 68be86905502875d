import { Box, Typography } from '@mui/material';
import { QueryPending } from '../QueryPending';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CubreDataProvider } from '../dataProvider';
import { describeHistoryEntry, type HistoryText } from './history';
import { useDateLocale } from '../i18n/dateLocale';

/** The lead's history (GET /api/admin/leads/{id}/history), newest first: what, who, when and why. */
export function LeadTimeline({ leadId }: { leadId: string }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['leads', 'history', leadId],
    queryFn: () => dataProvider.getLeadHistory(leadId).then((answer) => answer.data),
  });
  const formatDate = (iso: string) => new Date(iso).toLocaleString(locale);
  const say = (text: HistoryText) => translate(text.key, text.args);
  if (isPending || error) return <QueryPending isPending={isPending} error={error} />;
  const entries = [...(data ?? [])].reverse();
  return (
    <Box component="ol" aria-label={translate('cubre.history.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => {
        const line = describeHistoryEntry(entry, formatDate);
        return (
          <Box
            component="li"
            key={entry.id}
            sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, pb: 1.5, position: 'relative' }}
          >
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              <time dateTime={entry.occurredAt}>{formatDate(entry.occurredAt)}</time>
              {' · '}
              {entry.actor?.name ?? translate('cubre.history.system')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {say(line.title)}
            </Typography>
            {line.details.map((detail) => (
              <Typography key={detail.key} variant="body2" sx={{ color: 'text.secondary' }}>
                {say(detail)}
              </Typography>
            ))}
            {entry.reason ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                {translate('cubre.history.reason', { reason: entry.reason })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
