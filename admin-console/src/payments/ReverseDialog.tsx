import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { PaymentRecord } from '@cubre/schemas/payments/adminRecords';
import type { ReversalKind } from '@cubre/schemas/payments/sales';
import { CommandDialog, ReasonField } from '../CommandDialog';
import { useConsoleCommand, type CommandNotice } from '../useConsoleCommand';

/** Where a void and a refund of a payment are asked (services/src/payments/reversalRoutes.ts). */
const REVERSAL_PATHS: Record<ReversalKind, string> = { void: 'anulaciones', refund: 'devoluciones' };

/**
 * Asks for the reason of a void or refund and sends it (POST /api/admin/payments/{id}/anulaciones or
 * /devoluciones). The Idempotency-Key is made when the dialog opens, so a double click or a retry after a
 * lost answer is the same reversal, never a second one.
 */
export function ReverseDialog({
  payment,
  kind,
  onClose,
}: {
  payment: PaymentRecord;
  kind: ReversalKind;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const tooShort = reason.trim().length < 3;
  const mutation = useConsoleCommand(
    (dataProvider, args: { reason: string }) =>
      dataProvider.adminCommand<PaymentRecord>(
        `/payments/${encodeURIComponent(payment.id)}/${REVERSAL_PATHS[kind]}`,
        args,
        { idempotencyKey: key },
      ),
    ({ data }): CommandNotice =>
      data.reversal?.status === 'requested'
        ? { message: 'cubre.payments.reverse.pending', type: 'info' }
        : { message: `cubre.payments.reverse.done_${kind}`, type: 'success' },
    ['payments', 'sales', 'audit'],
  );
  const submit = () => {
    setSubmitted(true);
    if (!tooShort) mutation.mutate({ reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <CommandDialog
      id={`reverse-${payment.id}`}
      title={translate(`cubre.payments.reverse.title_${kind}`)}
      explain={translate(`cubre.payments.reverse.explain_${kind}`)}
      submitLabel={translate(`cubre.payments.reverse.submit_${kind}`)}
      submitColor="error"
      pending={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ReasonField
        label={translate('cubre.payments.reverse.reason')}
        value={reason}
        onChange={setReason}
        required
        error={submitted && tooShort ? translate('cubre.payments.reverse.reason_required') : undefined}
      />
    </CommandDialog>
  );
}
