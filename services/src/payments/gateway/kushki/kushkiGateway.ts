import { toMajorNumber, type Money } from '@cubre/schemas/payments/money';
import { requestJson } from '../http';
import { IdempotencyLedger } from '../idempotency';
import {
  unknownByKey,
  unsupported,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type ChargeSubscriptionRequest,
  type CreateSubscriptionRequest,
  type Declined,
  type GatewayError,
  type PaymentGateway,
  type ReversalResult,
  type SubscriptionResult,
} from '../port';
import { kushkiCatalogueCode } from './codes';

/**
 * Kushki over its REST API with fetch (it has no server SDK on npm). Endpoints, headers and bodies follow
 * data/payments/kushki-api.json: `Private-Merchant-Id` on every server call, `card/v1/charges` with the
 * browser's token, `DELETE v1/charges/{ticketNumber}` to void, `DELETE v1/refund/{ticketNumber}` to refund,
 * subscriptions under `subscriptions/v1/card`. Kushki documents no idempotency header: the key travels in
 * the charge's metadata (so a reconciliation can match it) and a ledger answers a retry in this process.
 */
export type KushkiConfig = {
  /** https://api-uat.kushkipagos.com/ (integration) or https://api.kushkipagos.com/ (production). */
  baseUrl: string;
  privateMerchantId: string;
  timeoutMs?: number;
};

const GATEWAY = 'kushki' as const;

/**
 * Kushki's periodicity for every subscription we open: `custom`, its on-demand subscription. Any other
 * (`monthly`, `quarterly`…) is a scheduled subscription that Kushki charges by itself from `startDate` and
 * retries on its own; our scheduler charges each period on demand (`chargeSubscription`, keyed per period),
 * so a scheduled one would charge the buyer twice. The cadence travels in `metadata.periodicityMonths`.
 */
const ON_DEMAND = 'custom';

type KushkiBody = { ticketNumber?: unknown; subscriptionId?: unknown; code?: unknown; message?: unknown };

export class KushkiGateway implements PaymentGateway {
  readonly name = GATEWAY;
  private readonly ledger = new IdempotencyLedger();

  constructor(private readonly config: KushkiConfig) {}

  /** Insurance premiums carry no IVA in Chile: the whole amount is `subtotalIva0`. */
  static amountBody(amount: Money): Record<string, unknown> {
    return { subtotalIva: 0, subtotalIva0: toMajorNumber(amount), ice: 0, iva: 0, currency: amount.currency };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { idempotencyKey, ...params } = request;
    return this.once(idempotencyKey, ['charge', params], async () => {
      const body: Record<string, unknown> = {
        token: request.token,
        amount: KushkiGateway.amountBody(request.amount),
        metadata: { ...request.metadata, idempotencyKey },
        fullResponse: true,
      };
      if (request.installments && request.installments > 1) body.months = request.installments;
      const answer = await this.call('POST', 'card/v1/charges', body);
      if ('outcome' in answer) return answer;
      const ticket = answer.body.ticketNumber;
      if (typeof ticket === 'string' && answer.status < 300) {
        return { outcome: 'approved', gateway: GATEWAY, chargeId: ticket, amount: request.amount };
      }
      return this.declineOrBadResponse(answer.body);
    });
  }

  async void(chargeId: string, idempotencyKey: string): Promise<ReversalResult> {
    return this.once(idempotencyKey, ['void', chargeId], () =>
      this.reverse(`v1/charges/${encodeURIComponent(chargeId)}`, chargeId),
    );
  }

  /** Kushki refunds a whole charge; the amount is checked by the caller's Payment aggregate. */
  async refund(chargeId: string, amount: Money, idempotencyKey: string): Promise<ReversalResult> {
    return this.once(idempotencyKey, ['refund', chargeId, amount], () =>
      this.reverse(`v1/refund/${encodeURIComponent(chargeId)}`, chargeId),
    );
  }

  /**
   * Kushki's card API documents no query of a charge by the merchant's reference (our key travels only in
   * the charge's `metadata`) nor by ticket (`data/payments/kushki-api.json`; its analytics listing is by
   * date window only): the charge cannot be looked up, so the answer is `unknown`, and the payment waits for
   * staff (gateway/README.md).
   */
  async findCharge(_idempotencyKey: string): Promise<ChargeStatus> {
    return unknownByKey(GATEWAY, 'Kushki documents no query of a charge by reference or ticket');
  }

  async getCharge(_chargeId: string): Promise<ChargeStatus> {
    return unsupported(GATEWAY, 'a charge query (no documented endpoint)');
  }

  async createSubscription(request: CreateSubscriptionRequest): Promise<SubscriptionResult> {
    const { idempotencyKey, ...params } = request;
    return this.once(idempotencyKey, ['subscribe', params], async (): Promise<SubscriptionResult> => {
      const answer = await this.call('POST', 'subscriptions/v1/card', {
        token: request.token,
        planName: request.metadata?.planName ?? 'Cubre',
        periodicity: ON_DEMAND,
        contactDetails: {
          email: request.payer.email,
          ...(request.payer.name ? { firstName: request.payer.name } : {}),
        },
        amount: KushkiGateway.amountBody(request.amount),
        startDate: request.startDate,
        metadata: { ...request.metadata, periodicityMonths: request.periodicity, idempotencyKey },
      });
      if ('outcome' in answer) return answer;
      const id = answer.body.subscriptionId;
      if (typeof id === 'string' && answer.status < 300)
        return { outcome: 'approved', gateway: GATEWAY, subscriptionId: id };
      return this.declineOrBadResponse(answer.body);
    });
  }

  async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    const { idempotencyKey, ...params } = request;
    return this.once(idempotencyKey, ['subscription-charge', params], async () => {
      const answer = await this.call(
        'POST',
        `subscriptions/v1/card/${encodeURIComponent(request.subscriptionId)}`,
        {
          amount: KushkiGateway.amountBody(request.amount),
          metadata: { ...request.metadata, idempotencyKey },
        },
      );
      if ('outcome' in answer) return answer;
      const ticket = answer.body.ticketNumber;
      if (typeof ticket === 'string' && answer.status < 300) {
        return { outcome: 'approved', gateway: GATEWAY, chargeId: ticket, amount: request.amount };
      }
      return this.declineOrBadResponse(answer.body);
    });
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<ReversalResult> {
    return this.once(idempotencyKey, ['unsubscribe', subscriptionId], () =>
      this.reverse(`subscriptions/v1/card/${encodeURIComponent(subscriptionId)}`, subscriptionId),
    );
  }

  private async reverse(path: string, chargeId: string): Promise<ReversalResult> {
    const answer = await this.call('DELETE', path);
    if ('outcome' in answer) return answer;
    const { ticketNumber, code } = answer.body;
    if (answer.status < 300 && (typeof ticketNumber === 'string' || code === 'K000' || code === undefined)) {
      return {
        outcome: 'approved',
        gateway: GATEWAY,
        chargeId,
        ...(typeof ticketNumber === 'string' ? { reversalId: ticketNumber } : {}),
      };
    }
    return this.declineOrBadResponse(answer.body);
  }

  private async call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: KushkiBody } | GatewayError> {
    const answer = await requestJson(
      GATEWAY,
      new URL(path, this.config.baseUrl).toString(),
      {
        method,
        headers: { 'Private-Merchant-Id': this.config.privateMerchantId, 'Content-Type': 'application/json' },
        body,
      },
      this.config.timeoutMs ?? 30_000,
    );
    if ('outcome' in answer) return answer;
    return { status: answer.status, body: (answer.body ?? {}) as KushkiBody };
  }

  private declineOrBadResponse(body: KushkiBody): Declined | GatewayError {
    if (typeof body.code !== 'string') {
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'bad_response',
        uncertain: true,
        detail: 'no ticketNumber nor code',
      };
    }
    return {
      outcome: 'declined',
      gateway: GATEWAY,
      providerCode: body.code,
      ...(typeof body.message === 'string' ? { providerMessage: body.message } : {}),
      catalogueCode: kushkiCatalogueCode(body.code),
    };
  }

  private async once<T>(key: string, request: unknown, call: () => Promise<T>): Promise<T | Declined> {
    const answer = await this.ledger.run(key, request, call);
    if (answer.kind !== 'conflict') return answer.result;
    return {
      outcome: 'declined',
      gateway: GATEWAY,
      providerCode: '4292',
      providerMessage: 'Idempotency-Key reused with other parameters',
      catalogueCode: '4292',
    };
  }
}
