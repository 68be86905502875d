import { Chip } from '@mui/material';
import { textOn } from '../leads/colour';
import { TONE_COLOURS, toneOf } from './states';

/** A sale's or a payment's state as the seed names it (OK, FAIL, DECLINED…), coloured by what it means. */
export function StateChip({ state }: { state: string | null | undefined }) {
  if (!state) return null;
  const colour = TONE_COLOURS[toneOf(state)];
  return (
    <Chip
      size="small"
      label={state}
      data-state={state}
      sx={{ bgcolor: colour, color: textOn(colour), fontWeight: 500 }}
    />
  );
}
