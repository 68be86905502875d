import type { ReactNode } from 'react';
import { Box, Card, CardContent } from '@mui/material';

/**
 * The page of a password choice (the change, the invitation's link): one card in the middle of a page
 * without the console's layout, which the forced change and a signed-out invitee both see alone.
 */
export function PasswordCard({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent>{children}</CardContent>
      </Card>
    </Box>
  );
}
