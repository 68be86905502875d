import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { textOn } from '../leads/colour';
import { TONE_COLOURS, type StateTone } from '../payments/states';

/**
 * The colours of the sale states' chips, by what a status means: in force (paid's green), refused or ended
 * (refused's red), waiting for the insurer (amber), undone (slate); each reads at WCAG AA.
 */
const TONES: Record<string, StateTone> = {
  ACTIVE: 'paid',
  COMMITTED: 'paid',
  VALIDATED: 'other',
  PENDING: 'waiting',
  PROCESS_ACTIVATION: 'waiting',
  PROCESS_CANCELLATION: 'waiting',
  VALIDATING: 'waiting',
  COMMITTING: 'waiting',
  CANCELED: 'returned',
  INACTIVE: 'returned',
  UNDONE: 'returned',
  DECLINE: 'refused',
  FAILED: 'refused',
};

type Vocabulary = 'status' | 'employeeStatus' | 'bulkLoadStatus';

/**
 * A status of group insurance in words ('Alta en proceso'), with the seed's code (PROCESS_ACTIVATION) as
 * its title (the browser's own tooltip: MUI's would add 11 kB to the first download) and `data-status`: one component for every list and page, so a status reads the same on both.
 */
export function GroupStatusChip({
  status,
  vocabulary = 'status',
}: {
  status: string | null | undefined;
  vocabulary?: Vocabulary;
}) {
  const translate = useTranslate();
  if (!status) return null;
  const colour = TONE_COLOURS[TONES[status] ?? 'other'];
  return (
    <Chip
      size="small"
      title={status}
      data-status={status}
      label={translate(`cubre.groupInsurance.${vocabulary}.${status}`, { _: status })}
      sx={{ bgcolor: colour, color: textOn(colour), fontWeight: 500 }}
    />
  );
}
