import {
  Invoice,
  MercadoPagoConfig,
  MercadoPagoError,
  MPConnectionError,
  Payment,
  PaymentRefund,
  PreApproval,
} from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config';
import { entryFor } from '@cubre/schemas/payments/errorCatalogue';
import { fromMajor, toMajorNumber, type Currency, type Money } from '@cubre/schemas/payments/money';
import { transportError } from '../http';
import { automaticChargeOf, type MpAuthorizedPayment } from './authorizedPayments';
import {
  unsupported,
  type AutomaticCharge,
  type AutomaticChargeStatus,
  type AutomaticSubscriptionCharges,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type ChargeSubscriptionRequest,
  type CreateSubscriptionRequest,
  type Declined,
  type GatewayError,
  type PaymentGateway,
  type ProviderSubscriptionStatus,
  type ReversalResult,
  type SubscriptionResult,
} from '../port';

/**
 * Mercado Pago through its `mercadopago` SDK. The SDK sends our key as `X-Idempotency-Key` (Mercado Pago
 * answers a retry with the first payment), the token from Mercado Pago's browser card form, and the amount
 * in major units; the currency is the account's site currency, so a charge in another one is refused here.
 */
export type MercadoPagoGatewayConfig = {
  accessToken: string;
  /** The currency of the account's site (CLP for Chile, PEN for Peru, COP for Colombia). */
  currency: Currency;
  timeoutMs?: number;
  /** The SDK retries 429 and 5xx with the same idempotency key; 0 turns that off. */
  maxRetries?: number;
  notificationUrl?: string;
  /** Where Mercado Pago sends the buyer back from a subscription's pages (`back_url`, required by /preapproval). */
  subscriptionBackUrl?: string;
  /**
   * The SDK has no per-client base URL: this sets its process-wide `AppConfig.BASE_URL`. Only tests (a local
   * server) set it; production leaves Mercado Pago's own.
   */
  baseUrl?: string;
};

const GATEWAY = 'mercadopago' as const;

type MpPayment = {
  id?: number | string;
  status?: string;
  status_detail?: string;
  authorization_code?: string | null;
  transaction_amount?: number;
  external_reference?: string | null;
  date_created?: string;
};

export class MercadoPagoGateway implements PaymentGateway {
  readonly name = GATEWAY;
  /** Mercado Pago charges preapprovals on its own schedule: we ask it what it charged (gateway/README.md). */
  readonly automaticCharges: AutomaticSubscriptionCharges = {
    getSubscription: (preapprovalId) => this.getPreapproval(preapprovalId),
    getAutomaticCharge: (chargeId) => this.getAutomaticCharge(chargeId),
    listAutomaticCharges: (gatewaySubscriptionId) => this.listAutomaticCharges(gatewaySubscriptionId),
  };

  constructor(private readonly config: MercadoPagoGatewayConfig) {
    // The SDK declares BASE_URL readonly but reads it on every request; it offers no other way to point it.
    if (config.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = config.baseUrl;
  }

  /**
   * A new SDK config per call: the SDK's clients merge each call's `requestOptions` into the shared config
   * object, so one call's idempotency key would otherwise linger into the next.
   */
  private sdk(idempotencyKey?: string): MercadoPagoConfig {
    return new MercadoPagoConfig({
      accessToken: this.config.accessToken,
      options: {
        timeout: this.config.timeoutMs ?? 30_000,
        maxRetries: this.config.maxRetries ?? 2,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.amount.currency !== this.config.currency) return this.wrongCurrency(request.amount);
    try {
      const payment = (await new Payment(this.sdk(request.idempotencyKey)).create({
        body: {
          transaction_amount: toMajorNumber(request.amount),
          token: request.token,
          installments: request.installments ?? 1,
          ...(request.paymentMethodId ? { payment_method_id: request.paymentMethodId } : {}),
          // Mercado Pago documents issuer_id as a number; the browser's lookup answered it (digits only).
          ...(request.issuerId ? { issuer_id: Number(request.issuerId) } : {}),
          payer: {
            ...(request.payer?.email ? { email: request.payer.email } : {}),
            ...(request.payer?.documentType && request.payer.documentNumber
              ? { identification: { type: request.payer.documentType, number: request.payer.documentNumber } }
              : {}),
          },
          // Our key, so reconciliation finds the payment by it (findCharge: /v1/payments/search).
          external_reference: request.idempotencyKey,
          ...(request.metadata ? { metadata: request.metadata } : {}),
          ...(this.config.notificationUrl ? { notification_url: this.config.notificationUrl } : {}),
        },
      })) as MpPayment;
      return this.paymentResult(payment, request.amount);
    } catch (error) {
      return this.failure(error);
    }
  }

  async void(chargeId: string, idempotencyKey: string): Promise<ReversalResult> {
    try {
      const payment = (await new Payment(this.sdk(idempotencyKey)).cancel({ id: chargeId })) as MpPayment;
      if (payment.status === 'cancelled') return { outcome: 'approved', gateway: GATEWAY, chargeId };
      return this.declined(payment.status_detail ?? payment.status ?? 'unknown');
    } catch (error) {
      return this.failure(error);
    }
  }

  async refund(chargeId: string, amount: Money, idempotencyKey: string): Promise<ReversalResult> {
    if (amount.currency !== this.config.currency) return this.wrongCurrency(amount);
    try {
      const refund = await new PaymentRefund(this.sdk(idempotencyKey)).create({
        payment_id: chargeId,
        body: { amount: toMajorNumber(amount) },
      });
      return {
        outcome: 'approved',
        gateway: GATEWAY,
        chargeId,
        ...(refund.id ? { reversalId: String(refund.id) } : {}),
      };
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * The payment Mercado Pago holds under our key: `GET /v1/payments/search?external_reference={key}` (the
   * charge sends the key as its external_reference). None is `not_found`: Mercado Pago creates the payment
   * as it answers, so a payment it never made is not charged. Several (a retry Mercado Pago did not
   * deduplicate): an approved one wins, since money was taken; otherwise the newest.
   */
  async findCharge(idempotencyKey: string): Promise<ChargeStatus> {
    try {
      const found = await new Payment(this.sdk()).search({
        options: { external_reference: idempotencyKey, sort: 'date_created', criteria: 'desc' },
      });
      const results = (found.results ?? []) as MpPayment[];
      const ours = results.filter((payment) => payment.external_reference === idempotencyKey);
      const chosen = ours.find((payment) => payment.status === 'approved') ?? ours[0];
      if (!chosen) return await this.firstDebitUnder(idempotencyKey);
      return this.statusOf(chosen, chosen.id === undefined ? '' : String(chosen.id));
    } catch (error) {
      return this.failure(error);
    }
  }

  async getCharge(chargeId: string): Promise<ChargeStatus> {
    try {
      const payment = (await new Payment(this.sdk()).get({ id: chargeId })) as MpPayment;
      return this.statusOf(payment, chargeId);
    } catch (error) {
      if (error instanceof MercadoPagoError && error.status === 404)
        return { outcome: 'not_found', gateway: GATEWAY };
      return this.failure(error);
    }
  }

  /** A payment as Mercado Pago reports it now, with the key it was charged under (`reference`). */
  private statusOf(payment: MpPayment, chargeId: string): ChargeStatus {
    const money = fromMajor(payment.transaction_amount ?? 0, this.config.currency);
    const reference = payment.external_reference ? { reference: payment.external_reference } : {};
    if (payment.status === 'cancelled' || payment.status === 'refunded') {
      return {
        outcome: 'reversed',
        gateway: GATEWAY,
        chargeId,
        amount: money,
        reversal: payment.status === 'cancelled' ? 'void' : 'refund',
      };
    }
    const result = this.paymentResult(payment, money);
    return result.outcome === 'error' ? result : { ...result, ...reference };
  }

  /**
   * A monthly sale's first payment made no `/v1/payments` payment of its own: its preapproval carries the
   * key (`external_reference`), and the preapproval's first debit is the payment. A preapproval whose first
   * debit Mercado Pago has not made yet is pending, never `not_found`: Mercado Pago will charge it.
   */
  private async firstDebitUnder(key: string): Promise<ChargeStatus> {
    const found = await new PreApproval(this.sdk()).search({ options: { external_reference: key } });
    const preapproval = (found.results ?? []).find((result) => String(result.external_reference) === key);
    if (!preapproval?.id) return { outcome: 'not_found', gateway: GATEWAY };
    const first = await this.firstDebitOf(preapproval.id);
    // Cancelled (by the buyer in their account, or by Mercado Pago) before its first debit: Mercado Pago
    // never debits a cancelled preapproval, so nothing was or will be charged under the key.
    if (
      first.outcome === 'pending' &&
      first.chargeId === preapproval.id &&
      preapproval.status === 'cancelled'
    )
      return { outcome: 'not_found', gateway: GATEWAY };
    return first;
  }

  /** What Mercado Pago did with a preapproval's first debit: the purchase's period. */
  private async firstDebitOf(preapprovalId: string): Promise<ChargeStatus & ChargeResult> {
    const debits = await this.listAutomaticCharges(preapprovalId);
    if (!Array.isArray(debits)) return debits;
    const [first] = debits;
    if (!first) return { outcome: 'pending', gateway: GATEWAY, chargeId: preapprovalId };
    const { result } = first;
    if (result.outcome !== 'declined')
      return { ...result, ...(first.reference ? { reference: first.reference } : {}) };
    const { final: _final, nextRetryDate: _next, ...declined } = result;
    return { ...declined, ...(first.reference ? { reference: first.reference } : {}) };
  }

  /**
   * A preapproval (002-9.03): Mercado Pago charges it itself every `periodicity` months from the start date,
   * the first debit at once. It carries our first payment's id as `external_reference` (the key the
   * purchase gives it `subscribe:{paymentId}`, and `metadata.paymentId`), so each of its debits maps back
   * to our payment, sale and subscription without a lookup by e-mail or amount.
   */
  async createSubscription(request: CreateSubscriptionRequest): Promise<SubscriptionResult> {
    if (request.amount.currency !== this.config.currency) return this.wrongCurrency(request.amount);
    const reference = request.metadata?.paymentId ?? request.idempotencyKey;
    try {
      const created = await new PreApproval(this.sdk(request.idempotencyKey)).create({
        body: {
          reason: request.metadata?.planName ?? 'Cubre',
          external_reference: reference,
          payer_email: request.payer.email,
          card_token_id: request.token,
          ...(this.config.subscriptionBackUrl ? { back_url: this.config.subscriptionBackUrl } : {}),
          auto_recurring: {
            frequency: request.periodicity,
            frequency_type: 'months',
            transaction_amount: toMajorNumber(request.amount),
            currency_id: request.amount.currency,
            start_date: `${request.startDate}T00:00:00.000-00:00`,
          },
          status: 'authorized',
        },
      });
      if (!created.id)
        return { outcome: 'error', gateway: GATEWAY, kind: 'bad_response', uncertain: true, detail: 'no id' };
      return { outcome: 'approved', gateway: GATEWAY, subscriptionId: String(created.id) };
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * Mercado Pago has no on-demand charge of a preapproval: it debits it itself. This charges nothing and
   * answers what Mercado Pago did with the preapproval's first debit (the purchase pays its first period
   * so): pending until Mercado Pago has tried it, then approved or declined. Later periods are never asked
   * here: the charge run reads them with `automaticCharges` (subscriptions/README.md).
   */
  async chargeSubscription(request: ChargeSubscriptionRequest): Promise<ChargeResult> {
    try {
      return await this.firstDebitOf(request.subscriptionId);
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * `GET /preapproval/{id}` (the SDK's `PreApproval.get`): the preapproval as Mercado Pago holds it now.
   * Its `status` is `pending`, `authorized`, `paused` or `cancelled` (Mercado Pago's subscription states);
   * any other is read as pending (nothing to act on).
   */
  private async getPreapproval(preapprovalId: string): Promise<ProviderSubscriptionStatus> {
    try {
      const found = await new PreApproval(this.sdk()).get({ id: preapprovalId });
      if (!found.id) return this.badResponse('no preapproval id');
      const reference =
        found.external_reference === undefined || found.external_reference === null
          ? null
          : String(found.external_reference);
      return {
        gateway: GATEWAY,
        gatewaySubscriptionId: String(found.id),
        reference,
        status:
          found.status === 'authorized'
            ? 'active'
            : found.status === 'paused' || found.status === 'cancelled'
              ? found.status
              : 'pending',
      };
    } catch (error) {
      if (error instanceof MercadoPagoError && error.status === 404)
        return { outcome: 'not_found', gateway: GATEWAY };
      const failed = this.failure(error);
      return failed.outcome === 'error' ? failed : this.badResponse(failed.providerCode);
    }
  }

  /** `GET /authorized_payments/{id}`: one debit as Mercado Pago reports it now. */
  private async getAutomaticCharge(chargeId: string): Promise<AutomaticChargeStatus> {
    try {
      const invoice = (await new Invoice(this.sdk()).get({ id: chargeId })) as MpAuthorizedPayment;
      return automaticChargeOf(invoice, this.config.currency) ?? { outcome: 'not_found', gateway: GATEWAY };
    } catch (error) {
      if (error instanceof MercadoPagoError && error.status === 404)
        return { outcome: 'not_found', gateway: GATEWAY };
      const failed = this.failure(error);
      return failed.outcome === 'error' ? failed : this.badResponse(failed.providerCode);
    }
  }

  /** `GET /authorized_payments/search?preapproval_id={id}`: the preapproval's debits, oldest first. */
  private async listAutomaticCharges(preapprovalId: string): Promise<AutomaticCharge[] | GatewayError> {
    try {
      const found = await new Invoice(this.sdk()).search({
        options: { preapproval_id: preapprovalId, limit: 100 },
      });
      return ((found.results ?? []) as MpAuthorizedPayment[])
        .filter((invoice) => invoice.preapproval_id === preapprovalId)
        .map((invoice) => automaticChargeOf(invoice, this.config.currency))
        .filter((charge): charge is AutomaticCharge => charge !== null)
        .sort((a, b) => (a.debitDate < b.debitDate ? -1 : a.debitDate > b.debitDate ? 1 : 0));
    } catch (error) {
      const failed = this.failure(error);
      return failed.outcome === 'error' ? failed : this.badResponse(failed.providerCode);
    }
  }

  private badResponse(detail: string): GatewayError {
    return { outcome: 'error', gateway: GATEWAY, kind: 'bad_response', uncertain: false, detail };
  }

  async cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<ReversalResult> {
    try {
      await new PreApproval(this.sdk(idempotencyKey)).update({
        id: subscriptionId,
        body: { status: 'cancelled' },
      });
      return { outcome: 'approved', gateway: GATEWAY, chargeId: subscriptionId };
    } catch (error) {
      return this.failure(error);
    }
  }

  private paymentResult(payment: MpPayment, amount: Money): Approved | Declined | Pending | GatewayError {
    const chargeId = payment.id === undefined ? undefined : String(payment.id);
    if (!chargeId)
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'bad_response',
        uncertain: true,
        detail: 'no payment id',
      };
    switch (payment.status) {
      case 'approved':
        return {
          outcome: 'approved',
          gateway: GATEWAY,
          chargeId,
          amount,
          ...(payment.authorization_code ? { authorizationCode: payment.authorization_code } : {}),
        };
      case 'pending':
      case 'in_process':
      case 'authorized':
        return {
          outcome: 'pending',
          gateway: GATEWAY,
          chargeId,
          ...(payment.status_detail ? { providerCode: payment.status_detail } : {}),
        };
      default:
        return { ...this.declined(payment.status_detail ?? payment.status ?? 'rejected'), chargeId };
    }
  }

  private declined(code: string, message?: string): Declined {
    const known = entryFor(code);
    return {
      outcome: 'declined',
      gateway: GATEWAY,
      providerCode: code,
      ...(message ? { providerMessage: message } : {}),
      // A rejection names its reason (cc_rejected_*), an API error its numeric code (002 §8).
      catalogueCode: known ? known.code : 'other_reason',
    };
  }

  private failure(error: unknown): Declined | GatewayError {
    if (error instanceof MPConnectionError) {
      return transportError(GATEWAY, (error as unknown as { __cause__?: unknown }).__cause__ ?? error);
    }
    if (!(error instanceof MercadoPagoError)) return transportError(GATEWAY, error);
    if (error.status === 401 || error.status === 403) {
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'unauthorized',
        uncertain: false,
        detail: error.message,
      };
    }
    if (error.status >= 500 || error.status === 429) {
      return {
        outcome: 'error',
        gateway: GATEWAY,
        kind: 'provider_unavailable',
        uncertain: true,
        detail: error.message,
      };
    }
    // Mercado Pago names each broken rule in `cause: [{ code, description }]`.
    const [cause] = error.causes as Array<{ code?: number | string; description?: string }>;
    if (cause?.code !== undefined) return this.declined(String(cause.code), cause.description);
    return this.declined(error.error || String(error.status), error.message);
  }

  private wrongCurrency(amount: Money): GatewayError {
    return unsupported(GATEWAY, `${amount.currency} on an account that sells in ${this.config.currency}`);
  }
}

type Approved = Extract<ChargeResult, { outcome: 'approved' }>;
type Pending = Extract<ChargeResult, { outcome: 'pending' }>;
