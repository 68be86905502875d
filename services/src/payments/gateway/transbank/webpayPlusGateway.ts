import { Options, WebpayPlus } from 'transbank-sdk';
import { money, type Money } from '@cubre/schemas/payments/money';
import { IdempotencyLedger } from '../idempotency';
import {
  unknownByKey,
  unsupported,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type ChargeSubscriptionRequest,
  type CreateSubscriptionRequest,
  type GatewayError,
  type PaymentGateway,
  type ReversalResult,
  type SubscriptionResult,
} from '../port';
import { buyOrderFor, declinedByCode, outsideFormOrigin, transbankFailure } from './transbankResults';

/**
 * Transbank Webpay Plus through `transbank-sdk`: a redirect flow. `start` creates the transaction (the buyer
 * goes to Webpay's form with the token); when the buyer comes back, `charge` with that token commits it.
 * The token is the charge's id: Webpay refunds, reverses and reports by token. Pesos only.
 */
export type TransbankConfig = {
  commerceCode: string;
  apiKey: string;
  /** Webpay's host: https://webpay3gint.transbank.cl (integration) or https://webpay3g.transbank.cl. */
  environment: string;
  timeoutMs?: number;
};

const GATEWAY = 'webpay_plus' as const;
/** Transbank's documented error of a status asked more than 7 days after the transaction's creation. */
const STATUS_WINDOW_PASSED = /date has passed max time/i;

type Commit = {
  status?: string;
  response_code?: number;
  amount?: number;
  authorization_code?: string;
  buy_order?: string;
};

export class WebpayPlusGateway implements PaymentGateway {
  readonly name = GATEWAY;
  private readonly ledger = new IdempotencyLedger();
  private readonly transaction: InstanceType<typeof WebpayPlus.Transaction>;
  /**
   * Webpay's origin (TRANSBANK_ENVIRONMENT's: integration or production): the only place the payment
   * page's form posts to, so the Content-Security-Policy's form-action names it and nothing else.
   */
  readonly formOrigin: string;

  constructor(config: TransbankConfig) {
    this.formOrigin = new URL(config.environment).origin;
    this.transaction = new WebpayPlus.Transaction(
      new Options(config.commerceCode, config.apiKey, config.environment, config.timeoutMs ?? 30_000),
    );
  }

  /** Creates the Webpay transaction; the buy order comes from the idempotency key, so a retry makes the same. */
  async start(request: {
    amount: Money;
    idempotencyKey: string;
    sessionId: string;
    returnUrl: string;
  }): Promise<{ outcome: 'redirect'; gateway: typeof GATEWAY; url: string; token: string } | GatewayError> {
    if (request.amount.currency !== 'CLP') return unsupported(GATEWAY, request.amount.currency);
    try {
      const created = (await this.transaction.create(
        buyOrderFor('W', request.idempotencyKey),
        request.sessionId,
        request.amount.amount,
        request.returnUrl,
      )) as { token?: string; url?: string };
      if (!created.token || !created.url) {
        return {
          outcome: 'error',
          gateway: GATEWAY,
          kind: 'bad_response',
          uncertain: true,
          detail: 'no token or url',
        };
      }
      // The browser is sent where Transbank says, but only to Webpay's own host: the CSP allows no other.
      return (
        outsideFormOrigin(GATEWAY, this.formOrigin, created.url) ?? {
          outcome: 'redirect',
          gateway: GATEWAY,
          url: created.url,
          token: created.token,
        }
      );
    } catch (error) {
      return transbankFailure(GATEWAY, error);
    }
  }

  /**
   * Commits the transaction the buyer authorised. A commit already made (Transbank answers 422, e.g. the
   * return page reloaded) is answered from the transaction's status, so it is never an error to retry.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { idempotencyKey, ...params } = request;
    const answer = await this.ledger.run(
      idempotencyKey,
      ['commit', params],
      async (): Promise<ChargeResult> => {
        try {
          return this.read((await this.transaction.commit(request.token)) as Commit, request.token);
        } catch (error) {
          const failure = transbankFailure(GATEWAY, error);
          if (failure.status !== 422) return withoutStatus(failure);
          const status = await this.getCharge(request.token);
          return status.outcome === 'reversed' ||
            status.outcome === 'not_found' ||
            status.outcome === 'unknown'
            ? withoutStatus(failure)
            : status;
        }
      },
    );
    if (answer.kind !== 'conflict') return answer.result;
    return { outcome: 'declined', gateway: GATEWAY, providerCode: '4292', catalogueCode: '4292' };
  }

  /** Webpay reverses a same-day full refund and nullifies otherwise: both are one refund call. */
  async void(chargeId: string, idempotencyKey: string): Promise<ReversalResult> {
    const status = await this.getCharge(chargeId);
    if (status.outcome !== 'approved') {
      return status.outcome === 'error' || status.outcome === 'declined'
        ? status
        : { outcome: 'declined', gateway: GATEWAY, providerCode: status.outcome, catalogueCode: '3005' };
    }
    return this.refund(chargeId, status.amount, idempotencyKey);
  }

  async refund(chargeId: string, amount: Money, idempotencyKey: string): Promise<ReversalResult> {
    const answer = await this.ledger.run(
      idempotencyKey,
      ['refund', chargeId, amount],
      async (): Promise<ReversalResult> => {
        try {
          const refund = (await this.transaction.refund(chargeId, amount.amount)) as {
            type?: string;
            response_code?: number;
            authorization_code?: string;
          };
          if (refund.type === 'REVERSED' || refund.response_code === 0) {
            return {
              outcome: 'approved',
              gateway: GATEWAY,
              chargeId,
              ...(refund.authorization_code ? { reversalId: refund.authorization_code } : {}),
            };
          }
          return declinedByCode(GATEWAY, refund.response_code);
        } catch (error) {
          return withoutStatus(transbankFailure(GATEWAY, error));
        }
      },
    );
    if (answer.kind !== 'conflict') return answer.result;
    return { outcome: 'declined', gateway: GATEWAY, providerCode: '4292', catalogueCode: '4292' };
  }

  /**
   * Webpay Plus reports a transaction only by its token (`GET …/transactions/{token}`), which Transbank
   * makes when the transaction is created and the buyer brings back: it cannot be derived from our key
   * (the buy order is, but Webpay Plus has no query by buy order). So `unknown`: the return page commits
   * (or reads) by token, and staff settle a payment left pending (gateway/README.md).
   */
  async findCharge(_idempotencyKey: string): Promise<ChargeStatus> {
    return unknownByKey(GATEWAY, 'Webpay Plus reports a transaction by its token only, not by buy order');
  }

  async getCharge(chargeId: string): Promise<ChargeStatus> {
    try {
      const status = (await this.transaction.status(chargeId)) as Commit;
      if (status.status === 'REVERSED' || status.status === 'NULLIFIED') {
        return {
          outcome: 'reversed',
          gateway: GATEWAY,
          chargeId,
          amount: money(status.amount ?? 0, 'CLP'),
          reversal: status.status === 'REVERSED' ? 'void' : 'refund',
        };
      }
      if (status.status === 'INITIALIZED') return { outcome: 'pending', gateway: GATEWAY, chargeId };
      return this.read(status, chargeId);
    } catch (error) {
      const failure = transbankFailure(GATEWAY, error);
      // Transbank reports a transaction for 7 days after its creation; after that its status call answers
      // 422 "The transactions's date has passed max time (7 days) to recover the status": it no longer
      // knows it, as with 404.
      if (failure.status === 404 || (failure.status === 422 && STATUS_WINDOW_PASSED.test(failure.detail)))
        return { outcome: 'not_found', gateway: GATEWAY };
      return withoutStatus(failure);
    }
  }

  async createSubscription(_request: CreateSubscriptionRequest): Promise<SubscriptionResult> {
    return unsupported(GATEWAY, 'subscriptions (use Oneclick)');
  }

  async chargeSubscription(_request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    return unsupported(GATEWAY, 'subscriptions (use Oneclick)');
  }

  async cancelSubscription(_subscriptionId: string, _idempotencyKey: string): Promise<ReversalResult> {
    return unsupported(GATEWAY, 'subscriptions (use Oneclick)');
  }

  private read(commit: Commit, token: string): ChargeResult {
    if (commit.status === 'AUTHORIZED' && commit.response_code === 0) {
      return {
        outcome: 'approved',
        gateway: GATEWAY,
        chargeId: token,
        amount: money(commit.amount ?? 0, 'CLP'),
        ...(commit.authorization_code ? { authorizationCode: commit.authorization_code } : {}),
      };
    }
    return declinedByCode(GATEWAY, commit.response_code ?? commit.status, token);
  }
}

export const withoutStatus = ({
  status: _status,
  ...failure
}: GatewayError & { status?: number }): GatewayError => failure;
