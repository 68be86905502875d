import { Chip } from '@mui/material';
import type { LeadStatus, StatusRef } from '../types';
import { textOn } from './colour';

/** A lead status as a chip in its catalogue colour (the name the lead carries, so a rename reads true). */
export function StatusChip({
  status,
  statuses,
}: {
  status: StatusRef | null | undefined;
  statuses: LeadStatus[];
}) {
  if (!status) return null;
  const colour = statuses.find((entry) => entry.id === status.id)?.colour;
  return (
    <Chip
      size="small"
      label={status.name}
      sx={colour ? { bgcolor: colour, color: textOn(colour) } : undefined}
    />
  );
}
