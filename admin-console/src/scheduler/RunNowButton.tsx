import { useState } from 'react';
import { Button } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';

/**
 * "Ejecutar ahora" (scheduler:run): asks the scheduler to run the job now; `onStarted` gets the run's id so
 * the page follows it. A 409 (the job runs already, here or in another scheduler) is said in words.
 */
export function RunNowButton({ job, onStarted }: { job: string; onStarted(runId: string): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const runNow = async () => {
    setSending(true);
    try {
      const { json } = await httpClient(`${API_URL}/scheduler/jobs/${encodeURIComponent(job)}/runs`, {
        method: 'POST',
        body: '{}',
      });
      onStarted((json as { id: string }).id);
      notify('cubre.scheduler.started', { type: 'info', messageArgs: { job } });
    } catch (error) {
      const busy = error instanceof HttpError && error.status === 409;
      notify(busy ? 'cubre.scheduler.busy' : error instanceof Error ? error.message : String(error), {
        type: 'warning',
        messageArgs: { job },
      });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PlayArrowIcon />}
      disabled={sending}
      aria-label={translate('cubre.scheduler.run_now_job', { job })}
      onClick={(event) => {
        // The row opens the job's page on click: this button only runs it.
        event.stopPropagation();
        void runNow();
      }}
    >
      {translate('cubre.scheduler.run_now')}
    </Button>
  );
}
