import { List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { AgendaEntry } from '../types';
import { useDateLocale } from '../i18n/dateLocale';

/** The calls and meetings scheduled with one lead, soonest first. */
export function LeadAgenda({ leadId }: { leadId: string }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const { data = [], isPending } = useGetList<AgendaEntry>('agenda', {
    filter: { leadId },
    sort: { field: 'at', order: 'ASC' },
    pagination: { page: 1, perPage: 100 },
  });
  if (isPending) return null;
  if (data.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate('cubre.events.none')}
      </Typography>
    );
  return (
    <MuiList dense aria-label={translate('cubre.events.scheduled')}>
      {data.map((entry) => (
        <ListItem key={entry.id} disableGutters>
          <ListItemText
            primary={`${translate(`cubre.events.types.${entry.type}`)} · ${new Date(entry.at).toLocaleString(locale)}`}
            secondary={[
              entry.remindAt
                ? translate('cubre.events.reminder', { at: new Date(entry.remindAt).toLocaleString(locale) })
                : null,
              entry.note,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}
