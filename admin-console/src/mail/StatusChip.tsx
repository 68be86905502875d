import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MailStatus } from './types';

/** Colours that read at 4.5:1 or more with white text (WCAG AA). */
const COLOURS: Record<MailStatus, string> = {
  requested: '#455A64',
  claimed: '#1565C0',
  sent: '#2E7D32',
  failed: '#B71C1C',
  // Not sent on purpose (the recipient unsubscribed): neither a success nor a failure.
  suppressed: '#6D4C41',
};

/** A mail's status, in words, coloured by what it means; a given-up failure says so. */
export function MailStatusChip({ status, givenUp }: { status: MailStatus; givenUp?: boolean }) {
  const translate = useTranslate();
  const label = translate(`cubre.mail.statuses.${status}`);
  return (
    <Chip
      size="small"
      data-status={status}
      label={givenUp ? `${label} · ${translate('resources.mail-outbox.fields.givenUp')}` : label}
      sx={{ bgcolor: COLOURS[status], color: '#fff', fontWeight: 500 }}
    />
  );
}
