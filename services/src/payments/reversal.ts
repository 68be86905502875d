import { settledByStaff } from '@cubre/schemas/payments/bankTransfer';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { CommandMetadata } from '@cubre/schemas/commands';
import type { ReversalKind } from '@cubre/schemas/payments/sales';
import type { PaymentGateway, ReversalResult } from './gateway/port';
import { paymentStream, type PaymentState, type RecordReversalOutcome } from './paymentDecider';
import { paymentAggregate, PROVIDER_UNAVAILABLE_CODE } from './purchase';

/** Chile's calendar day of an instant: a card payment can be voided the day it was approved, there. */
const chileDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(instant);

/** One reversal per payment and Idempotency-Key: the provider is asked under this id each time. */
export const reversalIdOf = (paymentId: string, kind: ReversalKind, idempotencyKey: string) =>
  derivedId('payment-reversal', `${paymentId}:${kind}:${idempotencyKey}`);

export interface ReversedPayment {
  reversalId: string;
  /** The reversal was recorded by this call (not a retry of an earlier one). */
  created: boolean;
  payment: PaymentState;
  /** The provider's answer: done, refused (with the catalogue code) or not known yet (ask again). */
  outcome: 'done' | 'refused' | 'uncertain';
  catalogueCode: string | null;
  lastPosition: number;
}

function outcomeOf(reversalId: string, result: ReversalResult): RecordReversalOutcome | null {
  switch (result.outcome) {
    case 'approved':
      return {
        type: 'RecordReversalOutcome',
        reversalId,
        outcome: 'approved',
        providerReversalId: result.reversalId ?? null,
      };
    case 'declined':
      return {
        type: 'RecordReversalOutcome',
        reversalId,
        outcome: 'refused',
        providerCode: result.providerCode,
        catalogueCode: result.catalogueCode,
      };
    case 'error':
      // The provider may have acted: keep the reversal requested, the same key asks again.
      return result.uncertain
        ? null
        : {
            type: 'RecordReversalOutcome',
            reversalId,
            outcome: 'refused',
            providerCode: null,
            catalogueCode: PROVIDER_UNAVAILABLE_CODE,
          };
  }
}

/**
 * Voids or refunds a paid payment for staff (issue 14; 002-3.31 VOID, REQUEST_REFUND, REFUND), as a charge
 * is made: the request is recorded on the payment's stream before the provider is asked (so a process
 * killed in between leaves it requested, never a reversal we do not know of), the provider is asked under
 * the reversal's id as its idempotency key, and its answer is recorded once. A retry with the same
 * Idempotency-Key while the reversal is unanswered asks the provider again under the same id.
 */
export async function reversePayment(
  store: EventStore,
  gateway: PaymentGateway,
  logger: Logger,
  input: { paymentId: string; kind: ReversalKind; reason: string; idempotencyKey: string; now: Date },
  metadata: CommandMetadata,
): Promise<ReversedPayment> {
  const stream = paymentStream(input.paymentId);
  const loaded = await loadAggregate(store, paymentAggregate, stream);
  if (loaded.state.status === 'Empty') {
    throw new CommandRejected(`no existe el pago ${input.paymentId}`, 'not_found', 422, 'paymentId');
  }
  // A bank transfer or an executive's payment reached the marketplace's own account, not a provider's: no
  // provider can void or refund it (its charge id is the bank's operation number, never a provider's ticket).
  if (settledByStaff(loaded.state.payment.gateway)) {
    throw new CommandRejected(
      'este pago llegó a la cuenta de la empresa, no a un proveedor: se devuelve por transferencia desde el banco',
      'offline_reversal',
      409,
      'paymentId',
    );
  }
  const approval = loaded.events.find((event) => event.type === 'PaymentApproved');
  const reversalId = reversalIdOf(input.paymentId, input.kind, input.idempotencyKey);
  const requested = await handleCommand(
    store,
    paymentAggregate,
    stream,
    {
      type: 'RequestReversal',
      reversalId,
      kind: input.kind,
      reason: input.reason,
      onApprovalDay:
        approval !== undefined && chileDay(new Date(approval.occurredAt)) === chileDay(input.now),
    },
    { ...metadata, commandId: `${metadata.commandId}:reversal` },
  );
  const created = requested.events.length > 0;
  const state = requested.state;
  // Answered already (a retry after the answer): say what it was, without asking the provider again.
  if (state.status !== 'Requested' || state.reversal?.reversalId !== reversalId || state.reversal.answered) {
    const refused = loaded.events
      .concat([])
      .reverse()
      .find(
        (event) =>
          event.type === 'PaymentReversalRefused' &&
          (event.data as { reversalId?: unknown }).reversalId === reversalId,
      );
    return {
      reversalId,
      created,
      payment: state,
      outcome: refused ? 'refused' : 'done',
      catalogueCode: refused ? String((refused.data as { catalogueCode?: unknown }).catalogueCode) : null,
      lastPosition: requested.globalPosition,
    };
  }
  const chargeId = state.chargeId!;
  const result =
    input.kind === 'void'
      ? await gateway.void(chargeId, reversalId)
      : await gateway.refund(chargeId, state.payment.amount, reversalId);
  // Ids and outcome only: never the buyer or the card.
  logger.info(
    {
      paymentId: input.paymentId,
      reversalId,
      kind: input.kind,
      outcome: result.outcome,
      gateway: gateway.name,
    },
    'payment reversal answered',
  );
  const outcome = outcomeOf(reversalId, result);
  if (!outcome) {
    return {
      reversalId,
      created,
      payment: state,
      outcome: 'uncertain',
      catalogueCode: null,
      lastPosition: requested.globalPosition,
    };
  }
  const recorded = await handleCommand(store, paymentAggregate, stream, outcome, {
    ...metadata,
    commandId: `${metadata.commandId}:reversal-outcome`,
  });
  return {
    reversalId,
    created,
    payment: recorded.state,
    outcome: outcome.outcome === 'approved' ? 'done' : 'refused',
    catalogueCode: outcome.outcome === 'refused' ? outcome.catalogueCode : null,
    lastPosition: Math.max(requested.globalPosition, recorded.globalPosition),
  };
}
