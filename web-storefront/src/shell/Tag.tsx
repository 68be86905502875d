import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  default: { bg: '#eceff1', fg: '#263238', border: 'transparent' },
  outlined: { bg: 'transparent', fg: '#37474f', border: '#b0bec5' },
  new: { bg: '#2e7d32', fg: '#fff', border: 'transparent' },
  exclusive: { bg: '#bf360c', fg: '#fff', border: 'transparent' },
  primary: { bg: '#0b5394', fg: '#fff', border: 'transparent' },
  popular: { bg: 'transparent', fg: '#0b5394', border: '#0b5394' },
} as const;

/**
 * A small label (badges, feature names). A plain span rather than MUI's Chip: a card shows up to 20 of
 * them, and the Chip's ripple and delete machinery cost the first page's bundle for nothing here.
 */
export function Tag({
  children,
  tone = 'default',
  title,
  testId,
}: {
  children: ReactNode;
  tone?: keyof typeof TONES;
  title?: string;
  testId?: string;
}) {
  const colors = TONES[tone];
  return (
    <Box
      component="span"
      title={title}
      data-testid={testId}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        borderRadius: 4,
        px: 1,
        height: 24,
        fontSize: 13,
        bgcolor: colors.bg,
        color: colors.fg,
        border: 1,
        borderColor: colors.border,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}
