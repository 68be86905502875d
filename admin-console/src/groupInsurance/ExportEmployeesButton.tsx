import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { download } from './files';
import { exportPath } from './paths';

/**
 * The server's CSV of the employees the list shows (its filters and order, every page of them): only
 * for `employee:export` (the list hides the button otherwise; the server refuses it too).
 */
export function ExportEmployeesButton() {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(exportPath(filterValues, sort), 'asegurados.csv');
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="ra.action.export" onClick={() => void run()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
