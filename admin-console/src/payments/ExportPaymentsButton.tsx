import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { download } from '../groupInsurance/files';
import { paymentsExportPath } from './exportPath';

/**
 * The server's CSV of the sales or payments the list shows (its filters and order, every page of them):
 * only for `payment:export` (the list hides the button otherwise; the server refuses it too).
 */
export function ExportPaymentsButton({
  resource,
  fileName,
}: {
  resource: 'sales' | 'payments';
  fileName: string;
}) {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(paymentsExportPath(resource, filterValues, sort), fileName);
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
