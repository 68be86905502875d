import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A record's fields as a description list (term, value): the lead, sale and payment pages. */
export function Details({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(9rem, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children ?? '—'}
      </Typography>
    </>
  );
}
