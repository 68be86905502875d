import type { CommandMetadata } from '@cubre/schemas';
import {
  BANK_TRANSFER_GATEWAY,
  EXECUTIVE_GATEWAY,
  TransferAccount,
  transferReferenceOf,
  type TransferInstructions,
} from '@cubre/schemas/payments/bankTransfer';
import type { SaleView } from '@cubre/schemas/payments/sales';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import {
  isMonthlySale,
  requestPayment,
  settleSaleFromPayment,
  startSalePayment,
  type StartedSale,
} from './purchase';

/**
 * 'Transferencia bancaria' (002-4.11's transfer_non_automated; README.md, "Bank transfer"): the buyer is
 * shown the marketplace's account, the amount and a reference; the payment waits PENDING until staff record
 * the bank's line (`POST /api/admin/payments/{id}/resultado`). No provider is asked, ever.
 */

/** Who moves the money of a transfer: the marketplace's own account (the seeds' marketplace, `queplan`). */
export const TRANSFER_PROVIDER = 'queplan';

/** The demo account `npm start` shows (demo data on): marked as such, so nobody transfers to it. */
export const DEMO_TRANSFER_ACCOUNT: TransferAccount = {
  bank: 'Banco de demostración (no transfiera)',
  accountType: 'Cuenta corriente',
  accountNumber: '00-000-00000-00',
  holder: 'Cubre Demo SpA',
  taxId: '76.000.000-0',
  email: 'pagos@demo.cl',
};

const ENV_KEYS = {
  bank: 'TRANSFER_ACCOUNT_BANK',
  accountType: 'TRANSFER_ACCOUNT_TYPE',
  accountNumber: 'TRANSFER_ACCOUNT_NUMBER',
  holder: 'TRANSFER_ACCOUNT_HOLDER',
  taxId: 'TRANSFER_ACCOUNT_TAX_ID',
  email: 'TRANSFER_ACCOUNT_EMAIL',
} as const satisfies Record<keyof TransferAccount, string>;

/**
 * The account from TRANSFER_ACCOUNT_* (all six, or none: a partial account is a configuration error that
 * stops the start, never a page with a blank account number); none configured: the demo account when demo
 * data is on, else no transfers are offered.
 */
export function transferAccountFromEnv(env: NodeJS.ProcessEnv, demo: boolean): TransferAccount | null {
  const given = Object.entries(ENV_KEYS).filter(([, key]) => env[key] !== undefined && env[key] !== '');
  if (given.length === 0) return demo ? DEMO_TRANSFER_ACCOUNT : null;
  const parsed = TransferAccount.safeParse(
    Object.fromEntries(Object.entries(ENV_KEYS).map(([field, key]) => [field, env[key]])),
  );
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ENV_KEYS[issue.path[0] as keyof TransferAccount]);
    throw new Error(`the bank transfer account is incomplete or invalid: ${[...new Set(fields)].join(', ')}`);
  }
  return parsed.data;
}

const monthlyUnsupported = () =>
  new CommandRejected(
    'una venta mensual se paga con tarjeta: la transferencia es para un pago único',
    'monthly_unsupported',
    422,
    'billing',
  );

/** How a payment staff settle by hand is paid: a bank transfer, or coordinated by an executive. */
export type OfflineMethod = 'transfer_non_automated' | 'no_payment';
const GATEWAY_OF: Record<OfflineMethod, string> = {
  transfer_non_automated: BANK_TRANSFER_GATEWAY,
  no_payment: EXECUTIVE_GATEWAY,
};

/**
 * The buyer chose to pay by transfer, or to have an executive coordinate the payment (002-4.11's
 * no_payment: nothing is paid online), under one Idempotency-Key: the payment is requested PENDING (gateway
 * `bank_transfer` or `executive`) and the sale takes it as its payment in course, so no card can be charged
 * meanwhile (409 `payment_in_progress`: the buyer may have transferred, or agreed with the executive,
 * already). The same key again answers the same payment; a settled one settles the sale.
 */
export async function payOffline(
  store: EventStore,
  input: { saleId: string; idempotencyKey: string; method: OfflineMethod },
  metadata: CommandMetadata,
): Promise<{ paymentId: string; created: boolean; lastPosition: number }> {
  const gateway = GATEWAY_OF[input.method];
  const requested = await requestPayment(
    store,
    { name: gateway },
    {
      saleId: input.saleId,
      idempotencyKey: input.idempotencyKey,
      method: input.method,
      paidWith: gateway,
      provider: TRANSFER_PROVIDER,
      accepts(sale: StartedSale) {
        if (isMonthlySale(sale)) throw monthlyUnsupported();
      },
    },
    metadata,
  );
  const { paymentId, created, payment, globalPosition } = requested;
  if (payment.state !== 'PENDING') {
    const settled = await settleSaleFromPayment(store, input.saleId, payment, metadata);
    return { paymentId, created, lastPosition: settled.position };
  }
  const started = await startSalePayment(store, input.saleId, paymentId, metadata, input.method);
  return { paymentId, created, lastPosition: Math.max(globalPosition, started.globalPosition) };
}

/**
 * What the buyer's sale adds for the payments staff settle: whether a transfer is offered and the one
 * awaited; whether an executive may coordinate the payment and the one awaited (its reference).
 */
export function withOfflinePayment(
  view: SaleView,
  account: TransferAccount | null,
): SaleView & {
  transferOffered: boolean;
  transfer: TransferInstructions | null;
  executiveOffered: boolean;
  executive: { reference: string; amount: SaleView['amount'] } | null;
} {
  const pending = view.lastPayment?.state === 'PENDING' ? view.lastPayment : null;
  const awaited =
    account && pending?.method === 'transfer_non_automated'
      ? { ...account, amount: pending.amount, reference: transferReferenceOf(pending.id) }
      : null;
  const open = view.billing === 'one_time' && view.state !== 'OK';
  return {
    ...view,
    transferOffered: account !== null && open,
    transfer: awaited,
    executiveOffered: open,
    executive:
      pending?.method === 'no_payment'
        ? { reference: transferReferenceOf(pending.id), amount: pending.amount }
        : null,
  };
}
