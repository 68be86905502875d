import { useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CubreDataProvider } from '../dataProvider';
import { localDateTimeToIso } from '../dates';
import type { LeadStatus } from '../types';
import { LeadDetails } from './LeadDetails';
import { useDateLocale } from '../i18n/dateLocale';

/**
 * The lead as it stood at a chosen moment (GET /api/admin/leads/{id}?asOf=ISO), rebuilt by the server from
 * the lead's events: what a supervisor checks when someone asks "what did it say on Monday?".
 */
export function LeadAsOf({ leadId, statuses }: { leadId: string; statuses: LeadStatus[] }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const [input, setInput] = useState('');
  const [asOf, setAsOf] = useState<string | null>(null);
  const { data, isFetching, error } = useQuery({
    queryKey: ['leads', 'asOf', leadId, asOf],
    queryFn: () => dataProvider.getLeadAsOf(leadId, asOf as string).then((answer) => answer.data),
    enabled: asOf !== null,
    retry: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsOf(localDateTimeToIso(input));
  };
  return (
    <Stack spacing={2}>
      <form onSubmit={submit} aria-label={translate('cubre.as_of.title')}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            type="datetime-local"
            label={translate('cubre.as_of.moment')}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" disabled={!input}>
            {translate('cubre.as_of.show')}
          </Button>
          {asOf ? (
            <Button
              onClick={() => {
                setAsOf(null);
                setInput('');
              }}
            >
              {translate('cubre.as_of.clear')}
            </Button>
          ) : null}
        </Stack>
      </form>
      {isFetching ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : null}
      {asOf && error ? (
        <Alert severity="warning">
          {error instanceof Error ? translate(error.message, { _: error.message }) : ''}
        </Alert>
      ) : null}
      {asOf && data && !isFetching ? (
        <>
          <Alert severity="info">
            {translate('cubre.as_of.banner', { date: new Date(asOf).toLocaleString(locale) })}
          </Alert>
          <LeadDetails lead={data} statuses={statuses} />
        </>
      ) : null}
    </Stack>
  );
}
