import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { textOn } from '../leads/colour';
import { TONE_COLOURS } from '../payments/states';

/** Colours of the sale states' chips: waiting for the first stages, refused for the last. */
const COLOURS: Record<string, string> = {
  none: TONE_COLOURS.other,
  mora_1: TONE_COLOURS.waiting,
  mora_2: TONE_COLOURS.waiting,
  mora_3: TONE_COLOURS.refused,
};

/** The highest arrears mail sent (mora_1..3), or none yet; the text colour is picked to read at WCAG AA. */
export function StageChip({ stage }: { stage: string }) {
  const translate = useTranslate();
  const colour = COLOURS[stage] ?? TONE_COLOURS.other;
  return (
    <Chip
      size="small"
      data-stage={stage}
      label={translate(`cubre.arrears.stages.${stage}`, { _: stage })}
      sx={{ bgcolor: colour, color: textOn(colour), fontWeight: 500 }}
    />
  );
}
