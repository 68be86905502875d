import { randomInt } from 'node:crypto';
import type { Money } from '@cubre/schemas/payments/money';
import { IdempotencyLedger } from '../idempotency';
import { kushkiCatalogueCode, KUSHKI_INVALID_TOKEN } from '../kushki/codes';
import type {
  ChargeRequest,
  ChargeResult,
  ChargeStatus,
  ChargeSubscriptionRequest,
  CreateSubscriptionRequest,
  Declined,
  PaymentGateway,
  ReversalResult,
  SubscriptionResult,
} from '../port';
import {
  memoryChargeJournal,
  type ChargeJournal,
  type JournalAnswer,
  type SandboxSubscription,
} from './chargeJournal';
import { TokenVault } from './tokenVault';

/**
 * The embedded gateway of `npm start`: it answers like Kushki's integration environment for Kushki's test
 * cards (see testCards.ts), so a fresh clone can buy, be refused and retry with no account. Charges are
 * idempotent by key; a key reused with other parameters is refused with the seed's 4292.
 */
type ChargeRecord = { chargeId: string; amount: Money; state: 'approved' | 'void' | 'refund' };

const MAX_RECORDS = 10_000;
const GATEWAY = 'sandbox' as const;

const declined = (
  providerCode: string,
  providerMessage: string,
  catalogueCode = kushkiCatalogueCode(providerCode),
): Declined => ({
  outcome: 'declined',
  gateway: GATEWAY,
  providerCode,
  providerMessage,
  catalogueCode,
});
const REUSED_KEY = declined('4292', 'Idempotency-Key reused with other parameters', '4292');

export class SandboxGateway implements PaymentGateway {
  readonly name = GATEWAY;
  private readonly ledger = new IdempotencyLedger();
  private readonly charges = new Map<string, ChargeRecord>();

  constructor(
    readonly vault: TokenVault = new TokenVault(),
    private readonly journal: ChargeJournal = memoryChargeJournal(),
  ) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { idempotencyKey, ...params } = request;
    const answer = await this.ledger.run(idempotencyKey, ['charge', params], async () => {
      const result = this.chargeToken(request);
      this.journal.record(idempotencyKey, result);
      return result;
    });
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  async void(chargeId: string, idempotencyKey: string): Promise<ReversalResult> {
    const answer = await this.ledger.run(idempotencyKey, ['void', chargeId], async () =>
      this.reverse(chargeId, 'void'),
    );
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  async refund(chargeId: string, amount: Money, idempotencyKey: string): Promise<ReversalResult> {
    const answer = await this.ledger.run(idempotencyKey, ['refund', chargeId, amount], async () =>
      this.reverse(chargeId, 'refund', amount),
    );
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  async close(): Promise<void> {
    this.journal.close();
  }

  async findCharge(idempotencyKey: string): Promise<ChargeStatus> {
    const result = this.journal.find(idempotencyKey);
    if (!result || 'subscriptionId' in result) return { outcome: 'not_found', gateway: GATEWAY };
    if (result.outcome !== 'approved') return result;
    return this.getCharge(result.chargeId).then((now) => (now.outcome === 'not_found' ? result : now));
  }

  async getCharge(chargeId: string): Promise<ChargeStatus> {
    const record = this.charges.get(chargeId);
    if (!record) return { outcome: 'not_found', gateway: GATEWAY };
    if (record.state === 'approved')
      return { outcome: 'approved', gateway: GATEWAY, chargeId, amount: record.amount };
    return { outcome: 'reversed', gateway: GATEWAY, chargeId, amount: record.amount, reversal: record.state };
  }

  /**
   * Subscriptions and their charges are kept in the journal (DATA_DIR) like the charges: after a restart
   * the same key is answered from there, never charged or created again, as a provider would.
   */
  async createSubscription(request: CreateSubscriptionRequest): Promise<SubscriptionResult> {
    const { idempotencyKey, ...params } = request;
    const known = this.answered<SubscriptionResult>(idempotencyKey);
    if (known) return known;
    const answer = await this.ledger.run(
      idempotencyKey,
      ['subscribe', params],
      async (): Promise<SubscriptionResult> => {
        const result = this.subscribe(request.token);
        this.journal.record(idempotencyKey, result);
        return result;
      },
    );
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    const { idempotencyKey, ...params } = request;
    const known = this.answered<ChargeResult>(idempotencyKey);
    if (known) return known;
    const answer = await this.ledger.run(idempotencyKey, ['subscription-charge', params], async () => {
      const { result, subscription } = this.chargeStored(request);
      // The charge and the subscription's count in one write: a stop between them cannot charge twice.
      this.journal.record(idempotencyKey, result, subscription);
      return result;
    });
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  /** How many subscription charges the sandbox approved (tests count them: each period once). */
  subscriptionChargesApproved(): number {
    return this.approvedSubscriptionCharges;
  }

  private approvedSubscriptionCharges = 0;

  private answered<T extends JournalAnswer>(idempotencyKey: string): T | undefined {
    return this.journal.find(idempotencyKey) as T | undefined;
  }

  private subscribe(token: string): SubscriptionResult {
    const card = this.vault.take(token);
    if (!card) return declined(KUSHKI_INVALID_TOKEN.code, KUSHKI_INVALID_TOKEN.message);
    const { scenario } = card;
    if (scenario.stage === 'token' || scenario.stage === 'charge')
      return declined(scenario.code, scenario.message);
    const id = `sub_${ticketNumber()}`;
    const laterCharges =
      scenario.stage === 'later_charges' ? { code: scenario.code, message: scenario.message } : null;
    this.journal.saveSubscription({ id, active: true, laterCharges, charges: 0 });
    return { outcome: 'approved', gateway: GATEWAY, subscriptionId: id };
  }

  private chargeStored(request: ChargeSubscriptionRequest): {
    result: ChargeResult;
    subscription?: SandboxSubscription;
  } {
    const found = this.journal.subscription(request.subscriptionId);
    if (!found) return { result: declined('K012', 'ID de suscripción no válido', 'invalid_transaction') };
    if (!found.active) return { result: declined('K012', 'La suscripción está cancelada', '3005') };
    const subscription = { ...found, charges: found.charges + 1 };
    if (subscription.laterCharges && subscription.charges > 1)
      return {
        result: declined(subscription.laterCharges.code, subscription.laterCharges.message),
        subscription,
      };
    this.approvedSubscriptionCharges += 1;
    return { result: this.approve(request.amount), subscription };
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<ReversalResult> {
    const answer = await this.ledger.run(
      idempotencyKey,
      ['unsubscribe', subscriptionId],
      async (): Promise<ReversalResult> => {
        const subscription = this.journal.subscription(subscriptionId);
        if (!subscription) return declined('K012', 'ID de suscripción no válido', 'invalid_transaction');
        this.journal.saveSubscription({ ...subscription, active: false });
        return { outcome: 'approved', gateway: GATEWAY, chargeId: subscriptionId };
      },
    );
    return answer.kind === 'conflict' ? REUSED_KEY : answer.result;
  }

  private chargeToken(request: ChargeRequest): ChargeResult {
    const card = this.vault.take(request.token);
    if (!card) return declined(KUSHKI_INVALID_TOKEN.code, KUSHKI_INVALID_TOKEN.message);
    if (card.scenario.stage === 'token' || card.scenario.stage === 'charge')
      return declined(card.scenario.code, card.scenario.message);
    const sameAmount =
      !card.amount ||
      (card.amount.amount === request.amount.amount && card.amount.currency === request.amount.currency);
    if (!sameAmount)
      return declined('220', 'Monto de la transacción es diferente al monto de la venta inicial');
    return this.approve(request.amount);
  }

  private approve(amount: Money): ChargeResult {
    const chargeId = ticketNumber();
    remember(this.charges, chargeId, { chargeId, amount, state: 'approved' });
    return {
      outcome: 'approved',
      gateway: GATEWAY,
      chargeId,
      amount,
      authorizationCode: String(randomInt(100000, 999999)),
    };
  }

  private reverse(chargeId: string, reversal: 'void' | 'refund', amount?: Money): ReversalResult {
    const record = this.charges.get(chargeId);
    if (!record) return declined('K010', 'Ticket number inválido', 'invalid_transaction');
    if (record.state !== 'approved')
      return declined('K010', 'La transacción ya fue anulada o reembolsada', '3005');
    // Kushki refunds the whole charge (DELETE v1/refund/{ticketNumber}): a partial refund is refused.
    if (amount && (amount.amount !== record.amount.amount || amount.currency !== record.amount.currency)) {
      return declined('3024', 'Reembolso parcial no soportado', '3024');
    }
    record.state = reversal;
    return { outcome: 'approved', gateway: GATEWAY, chargeId, reversalId: ticketNumber() };
  }
}

/** Kushki's ticket numbers are 18 digits. */
const ticketNumber = (): string =>
  `${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  if (map.size > MAX_RECORDS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
