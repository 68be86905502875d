import { useState } from 'react';
import { Button, Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SubscriptionRecord } from '@cubre/schemas/subscriptions/records';
import { FORCED_CHARGE_REASONS } from '@cubre/schemas/subscriptions/lists';
import { SUBSCRIPTION_ACTIONS, hasPermission } from '../access';
import { CommandDialog, ReasonField } from '../CommandDialog';
import { useConsoleCommand } from '../useConsoleCommand';
import { usePermissionList } from '../usePermissionList';

type Kind = 'forceCharge' | 'changeDate' | 'cancel';

/**
 * A forced charge with the seed's reasons (002-3.24; POST …/cobros-forzados, Idempotency-Key), a new charge
 * date (002-4.13 changeDate; POST …/fecha-de-cobro) or a cancellation with or without a final payment
 * (POST …/cancelacion), each with If-Match on the revision.
 */
function SubscriptionCommandDialog({
  record,
  kind,
  onClose,
}: {
  record: SubscriptionRecord;
  kind: Kind;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState(kind === 'forceCharge' ? FORCED_CHARGE_REASONS[0] : '');
  const [withFinalPayment, setWithFinalPayment] = useState(false);
  const [chargeOn, setChargeOn] = useState(record.nextChargeOn ?? '');
  const id = encodeURIComponent(record.id);
  const mutation = useConsoleCommand(
    (dataProvider, _args: void) =>
      kind === 'forceCharge'
        ? dataProvider.adminCommand(
            `/subscriptions/${id}/cobros-forzados`,
            { reason },
            { idempotencyKey: key, revision: record.revision },
          )
        : kind === 'changeDate'
          ? dataProvider.adminCommand(
              `/subscriptions/${id}/fecha-de-cobro`,
              { chargeOn, reason: reason.trim() },
              { revision: record.revision },
            )
          : dataProvider.adminCommand(
              `/subscriptions/${id}/cancelacion`,
              { withFinalPayment, reason: reason.trim() },
              { revision: record.revision },
            ),
    `cubre.subscriptions.${kind}.done`,
    ['subscriptions', 'arrears'],
  );
  const submit = () => {
    if (reason.trim() && (kind !== 'changeDate' || chargeOn))
      mutation.mutate(undefined, { onSuccess: onClose });
  };
  return (
    <CommandDialog
      id={`${kind}-${record.id}`}
      title={translate(`cubre.subscriptions.${kind}.title`)}
      explain={translate(`cubre.subscriptions.${kind}.explain`)}
      submitLabel={translate(`cubre.subscriptions.${kind}.submit`)}
      submitColor={kind === 'cancel' ? 'error' : 'primary'}
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {kind === 'forceCharge' ? (
        <TextField
          select
          fullWidth
          sx={{ mt: 1 }}
          label={translate('cubre.subscriptions.reason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        >
          {FORCED_CHARGE_REASONS.map((id) => (
            <MenuItem key={id} value={id}>
              {translate(`cubre.subscriptions.forcedReasons.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : kind === 'changeDate' ? (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            type="date"
            required
            label={translate('cubre.subscriptions.changeDate.chargeOn')}
            value={chargeOn}
            onChange={(event) => setChargeOn(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <ReasonField
            label={translate('cubre.subscriptions.reason')}
            value={reason}
            onChange={setReason}
            required
          />
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox checked={withFinalPayment} onChange={(_, checked) => setWithFinalPayment(checked)} />
            }
            label={translate('cubre.subscriptions.cancel.withFinalPayment')}
          />
          <ReasonField
            label={translate('cubre.subscriptions.reason')}
            value={reason}
            onChange={setReason}
            required
          />
        </Stack>
      )}
    </CommandDialog>
  );
}

/** The subscription's buttons, each only for who holds its permission (payment:create, subscription:cancel). */
export function SubscriptionCommands({ record }: { record: SubscriptionRecord }) {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const [open, setOpen] = useState<Kind | null>(null);
  if (record.lifecycle === 'cancelled') return null;
  const kinds = (['forceCharge', 'changeDate', 'cancel'] as const).filter((kind) =>
    hasPermission(permissions, SUBSCRIPTION_ACTIONS[kind]),
  );
  if (kinds.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant="outlined"
          color={kind === 'cancel' ? 'error' : 'primary'}
          onClick={() => setOpen(kind)}
        >
          {translate(`cubre.subscriptions.${kind}.button`)}
        </Button>
      ))}
      {open ? <SubscriptionCommandDialog record={record} kind={open} onClose={() => setOpen(null)} /> : null}
    </Stack>
  );
}
