import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext, useNotify } from 'react-admin';
import { download } from './groupInsurance/files';

/**
 * The server's CSV of what a list shows (its filters and order, every page of them), downloaded as
 * `fileName`: `pathOf` names the list's export route for its filter and sort. Each list shows it only to
 * who holds the export permission; the server refuses the others too.
 */
export function ServerExportButton({
  pathOf,
  fileName,
}: {
  pathOf(filter: Record<string, unknown>, sort: { field: string; order: string }): string;
  fileName: string;
}) {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(pathOf(filterValues, sort), fileName);
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
