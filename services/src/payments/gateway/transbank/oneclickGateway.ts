import { Oneclick, Options, TransactionDetail } from 'transbank-sdk';
import { money, type Money } from '@cubre/schemas/payments/money';
import { IdempotencyLedger } from '../idempotency';
import {
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
import { buyOrderFor, declinedByCode, outsideFormOrigin, transbankFailure } from './transbankResults';
import { withoutStatus, type TransbankConfig } from './webpayPlusGateway';

/**
 * Transbank Oneclick Mall through `transbank-sdk`: the buyer enrols a card once on Webpay's page
 * (`startInscription`, then `createSubscription` with the inscription token finishes it), and each period is
 * charged without the buyer (`chargeSubscription`). The subscription id carries Transbank's `tbk_user` and
 * our username, both needed to charge and to delete. Buy orders come from the idempotency key.
 */
export type OneclickConfig = TransbankConfig & {
  /** The mall's store (child commerce code) that sells the plans. */
  childCommerceCode: string;
};

const GATEWAY = 'oneclick' as const;
const SEPARATOR = '|';

type Detail = {
  amount?: number;
  status?: string;
  response_code?: number;
  authorization_code?: string;
  buy_order?: string;
};
type Authorization = { buy_order?: string; details?: Detail[] };

export class OneclickGateway implements PaymentGateway {
  readonly name = GATEWAY;
  private readonly ledger = new IdempotencyLedger();
  private readonly inscription: InstanceType<typeof Oneclick.MallInscription>;
  private readonly transaction: InstanceType<typeof Oneclick.MallTransaction>;
  /** Transbank's host, where the buyer's browser posts the inscription's TBK_TOKEN (the CSP's form-action). */
  readonly formOrigin: string;

  constructor(private readonly config: OneclickConfig) {
    this.formOrigin = new URL(config.environment).origin;
    const options = new Options(
      config.commerceCode,
      config.apiKey,
      config.environment,
      config.timeoutMs ?? 30_000,
    );
    this.inscription = new Oneclick.MallInscription(options);
    this.transaction = new Oneclick.MallTransaction(options);
  }

  async startInscription(
    username: string,
    email: string,
    responseUrl: string,
  ): Promise<{ outcome: 'redirect'; gateway: typeof GATEWAY; url: string; token: string } | GatewayError> {
    try {
      const started = (await this.inscription.start(username, email, responseUrl)) as {
        token?: string;
        url_webpay?: string;
      };
      if (!started.token || !started.url_webpay) {
        return {
          outcome: 'error',
          gateway: GATEWAY,
          kind: 'bad_response',
          uncertain: true,
          detail: 'no token or url',
        };
      }
      // The buyer's browser is only ever sent to Transbank's own host (the one the CSP names).
      return (
        outsideFormOrigin(GATEWAY, this.formOrigin, started.url_webpay) ?? {
          outcome: 'redirect',
          gateway: GATEWAY,
          url: started.url_webpay,
          token: started.token,
        }
      );
    } catch (error) {
      return withoutStatus(transbankFailure(GATEWAY, error));
    }
  }

  /**
   * Finishes the inscription whose token the buyer came back with. The username is the one the inscription
   * started with: `metadata.username`, else the sale's id (what the purchase's inscription uses), else the
   * payer's e-mail.
   */
  async createSubscription(request: CreateSubscriptionRequest): Promise<SubscriptionResult> {
    const username = request.metadata?.username ?? request.metadata?.saleId ?? request.payer.email;
    const answer = await this.ledger.run(
      request.idempotencyKey,
      ['inscription', request.token],
      async (): Promise<SubscriptionResult> => {
        try {
          const finished = (await this.inscription.finish(request.token)) as {
            response_code?: number;
            tbk_user?: string;
          };
          if (finished.response_code !== 0 || !finished.tbk_user)
            return declinedByCode(GATEWAY, finished.response_code);
          return {
            outcome: 'approved',
            gateway: GATEWAY,
            subscriptionId: `${finished.tbk_user}${SEPARATOR}${username}`,
          };
        } catch (error) {
          const failure = transbankFailure(GATEWAY, error);
          // 422 is Transbank's answer to an inscription finished already: another process may have
          // finished it with the same return (a double submit reaching two processes) and be charging its
          // first period now. Uncertain, so the payment stays PENDING for that process (or reconciliation)
          // to settle, instead of a FAIL recorded first that would refuse the charge it then makes.
          return withoutStatus(failure.status === 422 ? { ...failure, uncertain: true } : failure);
        }
      },
    );
    return answer.kind === 'conflict' ? reusedKey() : answer.result;
  }

  /** A one-click payment is a charge of the enrolled card: the token is the subscription id. */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.chargeSubscription({
      subscriptionId: request.token,
      amount: request.amount,
      idempotencyKey: request.idempotencyKey,
      ...(request.metadata ? { metadata: request.metadata } : {}),
    });
  }

  async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    if (request.amount.currency !== 'CLP') return unsupported(GATEWAY, request.amount.currency);
    const [tbkUser, username] = request.subscriptionId.split(SEPARATOR);
    if (!tbkUser || !username)
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'invalid_request',
        uncertain: false,
        detail: 'not a Oneclick subscription id',
      };
    const { idempotencyKey, ...params } = request;
    const answer = await this.ledger.run(
      idempotencyKey,
      ['authorize', params],
      async (): Promise<ChargeResult> => {
        const parent = buyOrderFor('P', idempotencyKey);
        try {
          const authorization = (await this.transaction.authorize(username, tbkUser, parent, [
            new TransactionDetail(request.amount.amount, this.config.childCommerceCode, childOf(parent), 1),
          ])) as Authorization;
          return this.read(authorization, parent);
        } catch (error) {
          return withoutStatus(transbankFailure(GATEWAY, error));
        }
      },
    );
    return answer.kind === 'conflict' ? reusedKey() : answer.result;
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<ReversalResult> {
    const [tbkUser, username] = subscriptionId.split(SEPARATOR);
    if (!tbkUser || !username)
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'invalid_request',
        uncertain: false,
        detail: 'not a Oneclick subscription id',
      };
    const answer = await this.ledger.run(
      idempotencyKey,
      ['delete', subscriptionId],
      async (): Promise<ReversalResult> => {
        try {
          await this.inscription.delete(tbkUser, username);
          return { outcome: 'approved', gateway: GATEWAY, chargeId: subscriptionId };
        } catch (error) {
          return withoutStatus(transbankFailure(GATEWAY, error));
        }
      },
    );
    return answer.kind === 'conflict' ? reusedKey() : answer.result;
  }

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
          const refund = (await this.transaction.refund(
            chargeId,
            this.config.childCommerceCode,
            childOf(chargeId),
            amount.amount,
          )) as {
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
    return answer.kind === 'conflict' ? reusedKey() : answer.result;
  }

  /**
   * Oneclick Mall reports an authorization by its parent buy order (`GET …/transactions/{buyOrder}`), and
   * that buy order derives from our key (`buyOrderFor('P', key)`, as `chargeSubscription` sends it): the
   * charge is found by the key itself. Transbank's 404 is `not_found`.
   */
  async findCharge(idempotencyKey: string): Promise<ChargeStatus> {
    return this.getCharge(buyOrderFor('P', idempotencyKey));
  }

  async getCharge(chargeId: string): Promise<ChargeStatus> {
    try {
      const status = (await this.transaction.status(chargeId)) as Authorization;
      const detail = status.details?.[0];
      if (detail && (detail.status === 'REVERSED' || detail.status === 'NULLIFIED')) {
        return {
          outcome: 'reversed',
          gateway: GATEWAY,
          chargeId,
          amount: money(detail.amount ?? 0, 'CLP'),
          reversal: detail.status === 'REVERSED' ? 'void' : 'refund',
        };
      }
      return this.read(status, chargeId);
    } catch (error) {
      const failure = transbankFailure(GATEWAY, error);
      return failure.status === 404 ? { outcome: 'not_found', gateway: GATEWAY } : withoutStatus(failure);
    }
  }

  private read(authorization: Authorization, parent: string): ChargeResult {
    const detail = authorization.details?.[0];
    if (!detail)
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'bad_response',
        uncertain: true,
        detail: 'no details',
      };
    if (detail.status === 'AUTHORIZED' && detail.response_code === 0) {
      return {
        outcome: 'approved',
        gateway: GATEWAY,
        chargeId: parent,
        amount: money(detail.amount ?? 0, 'CLP'),
        ...(detail.authorization_code ? { authorizationCode: detail.authorization_code } : {}),
      };
    }
    return declinedByCode(GATEWAY, detail.response_code ?? detail.status, parent);
  }
}

/** The child (store) buy order of a parent: the same digest under another first letter. */
const childOf = (parent: string): string => `C${parent.slice(1)}`;

const reusedKey = (): Declined => ({
  outcome: 'declined',
  gateway: GATEWAY,
  providerCode: '4292',
  catalogueCode: '4292',
});
