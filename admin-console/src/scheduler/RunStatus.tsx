import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { JobRunRecord } from '@cubre/schemas/jobs/adminRecords';
import { textOn } from '../leads/colour';

const COLOURS: Record<JobRunRecord['status'], string> = {
  running: '#FFE082',
  succeeded: '#1B5E20',
  failed: '#B71C1C',
  abandoned: '#455A64',
};

/** A run's status in words (En curso, Terminada, Fallida, Interrumpida), coloured by what it means. */
export function RunStatusChip({ status }: { status: JobRunRecord['status'] | null | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  const colour = COLOURS[status];
  return (
    <Chip
      size="small"
      label={translate(`cubre.scheduler.status.${status}`)}
      data-status={status}
      sx={{ bgcolor: colour, color: textOn(colour), fontWeight: 500 }}
    />
  );
}

type Counts = Pick<JobRunRecord, 'status' | 'total' | 'done' | 'failed'>;

/**
 * Items done and failed of a run; while it runs, a progress bar (determinate once the job told its total).
 */
export function RunProgress({ run }: { run: Counts }) {
  const translate = useTranslate();
  const seen = run.done + run.failed;
  const counts = translate('cubre.scheduler.counts', {
    done: run.done,
    failed: run.failed,
    total: run.total ?? '—',
  });
  if (run.status !== 'running') return <Typography variant="body2">{counts}</Typography>;
  const value = run.total ? Math.min(100, Math.round((seen / run.total) * 100)) : undefined;
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress
        aria-label={translate('cubre.scheduler.progress')}
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value}
      />
      <Typography variant="caption">{counts}</Typography>
    </Box>
  );
}
