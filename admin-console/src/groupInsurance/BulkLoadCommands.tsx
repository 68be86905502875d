import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { useConsoleCommand } from '../useConsoleCommand';
import { usePermissionList } from '../usePermissionList';
import { GROUP_RESOURCES } from './EmployeeCommands';
import { download } from './files';
import { reportPath } from './paths';
import { GROUP_INSURANCE_ACTIONS, answerPermission, type ProcessAnswer } from './lists';
import type { BulkLoadRecord } from './types';

type Command = 'commit' | 'undo' | ProcessAnswer;

const loadPath = (load: BulkLoadRecord, command: Command) =>
  `/bulk-loads/${encodeURIComponent(load.id)}/${command}`;

/**
 * One command on the load (POST bulk-loads/{id}/{command}, If-Match on its revision). A refusal stays on
 * the page in the server's words (a 409 names the later batch an undo would break), besides the notice.
 */
function useLoadCommand(load: BulkLoadRecord, command: Command) {
  return useConsoleCommand(
    (dataProvider, _args: void) =>
      dataProvider.adminCommand(
        loadPath(load, command),
        { revision: load.revision },
        { revision: load.revision },
      ),
    `cubre.groupInsurance.bulkLoads.done.${command}`,
    GROUP_RESOURCES,
  );
}

function ReportButton({ load }: { load: BulkLoadRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = () =>
    download(reportPath(load.id), `reporte-${load.id.slice(0, 8)}.csv`).catch((error: unknown) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
    );
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()}>
      {translate('cubre.groupInsurance.bulkLoads.report')}
    </Button>
  );
}

/**
 * The load's buttons by where it stands and what the user may do: the report once validated; "Confirmar
 * carga" (commit the valid rows) while validated with rows to apply; "Deshacer carga" (after a
 * confirmation) once committed; the insurer's "Aceptar todo" / "Rechazar todo" for whoever answers
 * processes of the batch's kind (002-4.08).
 */
export function BulkLoadCommands({ load }: { load: BulkLoadRecord }) {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const commit = useLoadCommand(load, 'commit');
  const undo = useLoadCommand(load, 'undo');
  const accept = useLoadCommand(load, 'accept');
  const decline = useLoadCommand(load, 'decline');
  const canProcess = hasPermission(permissions, GROUP_INSURANCE_ACTIONS.process);
  const validated = load.status === 'VALIDATED';
  const committed = load.status === 'COMMITTED';
  const answers = committed
    ? (['accept', 'decline'] as const).filter((answer) =>
        hasPermission(permissions, answerPermission(load.kind, answer)),
      )
    : [];
  const failure = [commit, undo, accept, decline].find((mutation) => mutation.error)?.error;
  const pending = [commit, undo, accept, decline].some((mutation) => mutation.isPending);
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {validated || committed || load.status === 'UNDONE' ? <ReportButton load={load} /> : null}
        {validated && canProcess && load.counts.toApply > 0 ? (
          <Button variant="contained" disabled={pending} onClick={() => commit.mutate()}>
            {translate('cubre.groupInsurance.bulkLoads.commit')}
          </Button>
        ) : null}
        {committed && canProcess ? (
          <Button variant="outlined" color="error" disabled={pending} onClick={() => setConfirmUndo(true)}>
            {translate('cubre.groupInsurance.bulkLoads.undo')}
          </Button>
        ) : null}
        {answers.map((answer) => (
          <Button
            key={answer}
            variant={answer === 'accept' ? 'contained' : 'outlined'}
            color={answer === 'accept' ? 'primary' : 'error'}
            disabled={pending}
            onClick={() => (answer === 'accept' ? accept : decline).mutate()}
          >
            {translate(`cubre.groupInsurance.bulkLoads.${answer}All`)}
          </Button>
        ))}
      </Stack>
      {failure ? (
        <Alert severity="error" data-testid="bulk-load-refusal">
          {failure instanceof Error ? translate(failure.message, { _: failure.message }) : String(failure)}
        </Alert>
      ) : null}
      <Confirm
        isOpen={confirmUndo}
        title="cubre.groupInsurance.bulkLoads.undoTitle"
        content="cubre.groupInsurance.bulkLoads.undoContent"
        confirm="cubre.groupInsurance.bulkLoads.undo"
        onConfirm={() => {
          setConfirmUndo(false);
          undo.mutate();
        }}
        onClose={() => setConfirmUndo(false)}
      />
    </Stack>
  );
}
