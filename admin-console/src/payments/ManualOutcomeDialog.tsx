import { useState } from 'react';
import { FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import type { ManualOutcomeBody } from '@cubre/schemas/payments/sales';
import { CommandDialog, ReasonField } from '../CommandDialog';
import { useConsoleCommand, type CommandNotice } from '../useConsoleCommand';

type Outcome = ManualOutcomeBody['outcome'];

/**
 * Staff record what the provider's portal shows for a payment left PENDING that the provider cannot be asked
 * about (POST /api/admin/payments/{id}/resultado, services/src/payments/manualOutcome.ts): charged, with the
 * provider's charge number, or not charged; and why. Recorded once: the server answers 409 to a second.
 */
export function ManualOutcomeDialog({ payment, onClose }: { payment: PaymentRecord; onClose: () => void }) {
  const translate = useTranslate();
  // A bank transfer is recorded from the bank's statement, a payment an executive coordinated from what the
  // buyer paid them, not from a provider's portal: their own words.
  const words =
    payment.method === 'transfer_non_automated'
      ? 'transferOutcome'
      : payment.method === 'no_payment'
        ? 'executiveOutcome'
        : 'outcome';
  const say = (key: string, options?: Record<string, unknown>) =>
    translate(`cubre.payments.${words}.${key}`, options);
  const [outcome, setOutcome] = useState<Outcome>('approved');
  const [chargeId, setChargeId] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const chargeMissing = outcome === 'approved' && chargeId.trim() === '';
  const reasonShort = reason.trim().length < 10;
  const mutation = useConsoleCommand(
    (dataProvider, body: ManualOutcomeBody) =>
      dataProvider.adminCommand<PaymentRecord>(
        `/payments/${encodeURIComponent(payment.id)}/resultado`,
        body,
        {},
      ),
    ({ data }): CommandNotice => ({
      message: `cubre.payments.${words}.done_${data.state === 'OK' ? 'approved' : 'not_charged'}`,
      type: 'success',
    }),
    ['payments', 'sales', 'audit'],
  );
  const submit = () => {
    setSubmitted(true);
    if (chargeMissing || reasonShort) return;
    const body: ManualOutcomeBody =
      outcome === 'approved'
        ? { outcome, chargeId: chargeId.trim(), reason: reason.trim() }
        : { outcome, reason: reason.trim() };
    mutation.mutate(body, { onSuccess: onClose });
  };
  return (
    <CommandDialog
      id={`outcome-${payment.id}`}
      title={say('title')}
      explain={say('explain', { reference: payment.reference ?? '' })}
      submitLabel={say('submit')}
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioGroup
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as Outcome)}
        aria-label={say('title')}
      >
        {(['approved', 'not_charged'] as const).map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio />} label={say(value)} />
        ))}
      </RadioGroup>
      {outcome === 'approved' && (
        <TextField
          label={say('charge_id')}
          value={chargeId}
          onChange={(event) => setChargeId(event.target.value)}
          required
          fullWidth
          margin="dense"
          error={submitted && chargeMissing}
          helperText={submitted && chargeMissing ? say('charge_id_required') : undefined}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      )}
      <ReasonField
        label={say('reason')}
        value={reason}
        onChange={setReason}
        required
        error={submitted && reasonShort ? say('reason_required') : undefined}
      />
    </CommandDialog>
  );
}
