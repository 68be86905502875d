import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { SPINNER_MESSAGES, spinnerMessageAt } from '../domain/results/loadingState';
import { useI18n } from '../i18n/I18nProvider';
import './results.css';

const LINES: { height: number; width: string }[] = [
  { height: 48, width: '48px' },
  { height: 16, width: '60%' },
  { height: 16, width: '40%' },
  { height: 60, width: '100%' },
];

/** One placeholder per page item and the rotating message (000-4.19: 4 messages, every 3.5 s). */
export function LoadingCards({ count }: { count: number }) {
  const { t } = useI18n();
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <>
      <Typography role="status" data-testid="spinner-message" sx={{ gridColumn: '1 / -1' }}>
        {t(spinnerMessageAt(now - started, SPINNER_MESSAGES))}
      </Typography>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="cubre-skeleton" data-testid="skeleton-card" aria-hidden>
          {LINES.map((line, at) => (
            <span key={at} style={line} />
          ))}
        </div>
      ))}
    </>
  );
}
