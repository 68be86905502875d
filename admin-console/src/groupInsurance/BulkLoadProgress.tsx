import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { bulkProgressPercent, isBulkLoadRunning } from './lists';
import type { BulkLoadRecord } from './types';

/**
 * While the load runs, a progress bar: indeterminate while the file is read (its size in rows is not
 * known until the end), rows applied of those to apply while committing; the rows counted so far below.
 */
export function BulkLoadProgress({ load }: { load: BulkLoadRecord }) {
  const translate = useTranslate();
  if (!isBulkLoadRunning(load.status)) return null;
  const value = bulkProgressPercent(load.status, load.progress);
  return (
    <Box sx={{ mt: 2, maxWidth: 480 }}>
      <LinearProgress
        aria-label={translate('cubre.groupInsurance.bulkLoads.progress')}
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
      />
      <Typography variant="caption" data-testid="bulk-load-progress">
        {translate(
          load.status === 'COMMITTING'
            ? 'cubre.groupInsurance.bulkLoads.applying'
            : 'cubre.groupInsurance.bulkLoads.reading',
          {
            read: load.progress?.rowsRead ?? 0,
            applied: load.progress?.rowsApplied ?? 0,
            total: load.progress?.rowsToApply ?? 0,
          },
        )}
      </Typography>
    </Box>
  );
}
