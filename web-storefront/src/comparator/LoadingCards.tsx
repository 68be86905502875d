import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SPINNER_MESSAGES, spinnerMessageAt } from '../domain/results/loadingState';

const PULSE = {
  borderRadius: 1,
  bgcolor: 'grey.200',
  '@keyframes pulse': { '50%': { opacity: 0.4 } },
  animation: 'pulse 1.5s ease-in-out infinite',
};

/** One placeholder per page item and the rotating message (000-4.19: 4 messages, every 3.5 s). */
export function LoadingCards({ count }: { count: number }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <Typography role="status" data-testid="spinner-message" sx={{ gridColumn: '1 / -1' }}>
        {spinnerMessageAt(now - started, SPINNER_MESSAGES)}
      </Typography>
      {Array.from({ length: count }, (_, index) => (
        <Paper
          key={index}
          variant="outlined"
          sx={{ p: 2, display: 'grid', gap: 1 }}
          data-testid="skeleton-card"
          aria-hidden
        >
          {[48, 16, 16, 60].map((height, line) => (
            <Box
              key={line}
              sx={{
                ...PULSE,
                height,
                width: line === 0 ? 48 : line === 1 ? '60%' : line === 2 ? '40%' : '100%',
              }}
            />
          ))}
        </Paper>
      ))}
    </>
  );
}
