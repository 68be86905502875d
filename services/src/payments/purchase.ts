import { createHash } from 'node:crypto';
import type { CommandMetadata, Country, PriceQuote, Profile } from '@cubre/schemas';
import {
  PERIODICITY_OF_PRICE_PERIOD,
  defaultOneTimeProvider,
  type PaymentMethod,
  type PaymentProvider,
  type Periodicity,
} from '@cubre/schemas/payments/catalogues';
import { NOT_CHARGED_CODE } from '@cubre/schemas/payments/errorCatalogue';
import {
  fromMajor,
  MINOR_UNIT_DIGITS,
  ufToClp,
  type Money,
  type UfConversion,
} from '@cubre/schemas/payments/money';
import { asksHealthDeclaration, chileToday, insuredOf } from '@cubre/schemas/payments/familyPurchase';
import type { SaleDependant, SaleStartedData, StartSaleBody } from '@cubre/schemas/payments/sales';
import type { z } from 'zod';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand, loadAggregate, type CommandResult } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { CardDocument } from '../catalogue';
import { cardBrandOf, requireCardBrand, type CardBrand } from './cardBrand';
import { companyOf, isCompanyCard, type JudgeActivationRows } from './companySale';
import { endRefusedFirstPeriod } from './refusedFirstPeriod';
import type { ChargeResult, PaymentGateway } from './gateway/port';
import { PaymentDomainEvent, paymentDecider, paymentStream, type PaymentState } from './paymentDecider';
import { SaleDomainEvent, saleDecider, saleStream, type SaleState } from './saleDecider';

export const saleAggregate = { decider: saleDecider, eventSchema: SaleDomainEvent };
export const paymentAggregate = { decider: paymentDecider, eventSchema: PaymentDomainEvent };

/** What the purchase needs of the rest of the product: the catalogue's card and the price it shows. */
export interface PurchaseCatalogue {
  product(code: string): Promise<CardDocument | undefined>;
  quote(card: CardDocument, profile?: Profile): Promise<PriceQuote>;
}

/** The 002 §8 code a buyer sees when the provider could not be asked (no charge was made). */
export const PROVIDER_UNAVAILABLE_CODE = '3001';

/** The sale of one purchase session: a reload of the form lands on the same sale. */
export const saleIdOf = (session: string) => derivedId('sale', session.toLowerCase());
/** One payment per sale and Idempotency-Key: a retried click lands on the same payment. */
export const paymentIdOf = (saleId: string, idempotencyKey: string) =>
  derivedId('payment', `${saleId}:${idempotencyKey}`);

/**
 * What is charged for a quote, in the currency's minor unit. A UF price is charged in pesos at the quote's
 * own UF value and date (what the card showed), keeping both amounts (002 §9, issue 14).
 */
export function chargeOf(quote: PriceQuote): { amount: Money; uf: UfConversion | null } | null {
  if (quote.amount === null || quote.amount <= 0) return null;
  if (quote.unit === 'UF') {
    if (!quote.uf) return null;
    const uf = ufToClp(quote.uf.amount.toFixed(4), quote.uf.ufValue.toFixed(2), quote.uf.date);
    return { amount: uf.clp, uf };
  }
  // USD/Año, USD/V and the other travel units are dollars: what a period or a trip costs.
  const currency = quote.unit.startsWith('USD') ? 'USD' : (quote.unit as 'CLP' | 'PEN' | 'COP');
  return { amount: fromMajor(quote.amount.toFixed(MINOR_UNIT_DIGITS[currency]), currency), uf: null };
}

const unpriced = (code: string) =>
  new CommandRejected(
    `el producto ${code} no tiene un precio que se pueda pagar en línea (Consultar)`,
    'not_purchasable',
    422,
    'productCode',
  );

/**
 * A sale is priced for the people it insures (002-2.08: 'priced for the visitor's profile'): without a
 * profile the catalogue's quote is the card's 'Desde' price (the cheapest age band, one person, no
 * employees), which a buyer of 64 or a family would otherwise pay. The storefront asks for the profile first.
 */
const profileRequired = (code: string) =>
  new CommandRejected(
    `el precio de ${code} depende de quiénes se aseguran: falta el perfil (edad y sexo de cada asegurado, o la cantidad de trabajadores) para cobrarlo`,
    'profile_required',
    422,
    'profile',
  );

/**
 * Starts (or finds again) the sale of a purchase session: the product and its price come from the
 * catalogue, priced for the visitor's profile exactly as the card showed it; the client never sends an
 * amount.
 */
export async function startSale(
  store: EventStore,
  catalogue: PurchaseCatalogue,
  body: StartSaleBody,
  country: Country,
  metadata: CommandMetadata,
  /** Group insurance's rows module (the runtime wires it): a company's collaborators are judged by it. */
  judgeActivationRows?: JudgeActivationRows,
  /** The configured gateway: its provider is the sale's (the seed's kushki_ad where none is named). */
  gatewayName?: string,
): Promise<{ saleId: string; result: CommandResult<SaleState> }> {
  const card = await catalogue.product(body.productCode);
  if (!card) {
    throw new CommandRejected(
      `productCode ${body.productCode} no está en el catálogo`,
      'unknown_product',
      422,
      'productCode',
    );
  }
  const quote = await catalogue.quote(card, body.profile ?? undefined);
  const charge = chargeOf(quote);
  if (!charge) throw unpriced(card.productCode);
  if (!quote.fromProfile) throw profileRequired(card.productCode);
  const health = healthOf(card, body);
  const { company, collaborators } = companyOf(
    card,
    body,
    country,
    chileToday(new Date(metadata.receivedAt)),
    judgeActivationRows,
  );
  const method: PaymentMethod = body.paymentMethod ?? 'tdc';
  const billing = body.billing ?? 'one_time';
  if (billing === 'one_time' && !isOneTimeCard(method)) throw oneTimeMethod(method);
  // 002-9.03: a subscription charges the quoted price every period the price is quoted for.
  const periodicity =
    billing === 'monthly_subscription' ? subscriptionPeriodicityOf(quote.period) : undefined;
  const saleId = saleIdOf(body.session);
  const result = await handleCommand(
    store,
    saleAggregate,
    saleStream(saleId),
    {
      type: 'StartSale',
      data: {
        saleId,
        session: body.session.toLowerCase(),
        country,
        product: {
          code: card.productCode,
          name: card.displayName,
          organization: {
            code: card.organization?.code ?? '',
            name: card.organization?.displayName ?? '',
          },
        },
        // The e-mail in lower case: a CLIENT reads the sales bought with their own address, whatever case the
        // buyer typed (scope.ts), and the console's e-mail filter finds it so.
        buyer: {
          nombre: body.nombre,
          rut: body.rut,
          email: body.email.toLowerCase(),
          telefono: body.telefono,
        },
        profile: body.profile ?? null,
        quote,
        amount: charge.amount,
        uf: charge.uf,
        paymentMethod: method,
        provider: providerOfGateway(gatewayName) ?? defaultOneTimeProvider(method) ?? 'kushki_ad',
        billing,
        ...(periodicity ? { periodicity } : {}),
        dependants: dependantsOf(body),
        health,
        company,
        collaborators,
      },
    },
    metadata,
  );
  return { saleId, result };
}

/** The profile's cargas with the names, identifications and birth dates the buyer gave (checked by the body). */
function dependantsOf(body: StartSaleBody): SaleDependant[] {
  const cargas = insuredOf(body.profile).slice(1);
  return (body.dependants ?? []).map((dependant, index) => ({
    nombre: dependant.nombre,
    rut: dependant.rut,
    fechaNacimiento: dependant.fechaNacimiento,
    sexo: cargas[index]?.sexo ?? null,
    edad: cargas[index]?.edad ?? null,
    parentesco: cargas[index]?.parentesco ?? null,
  }));
}

/**
 * The health declaration ('Estado de salud', 002-2.08): required for a product of a health type
 * (`HEALTH_DECLARATION_TYPES`), refused for any other (it would keep health data nobody asked for).
 */
function healthOf(card: CardDocument, body: StartSaleBody): StartedSale['health'] {
  // A company's collaborators are underwritten by the insurer from the roster, not declared online.
  const asked = asksHealthDeclaration(card.insuranceTypeName) && !isCompanyCard(card);
  if (asked && !body.health)
    throw new CommandRejected(
      `el producto ${card.productCode} pide la declaración de salud de cada asegurado`,
      'health_required',
      422,
      'health',
    );
  if (!asked && body.health)
    throw new CommandRejected(
      `el producto ${card.productCode} no pide declaración de salud`,
      'health_not_asked',
      422,
      'health',
    );
  return (
    body.health?.map((answers) => ({
      preexisting: answers.preexisting,
      preexistingDetail: answers.preexistingDetail ?? null,
      pregnant: answers.pregnant ?? null,
      weightKg: answers.weightKg,
      heightCm: answers.heightCm,
    })) ?? null
  );
}

/**
 * The months each charge of a subscription sale covers (002-9.03): kept on the sale; a sale started before
 * it was kept takes its quote's period (a yearly price started then and paid now is still yearly).
 */
export function periodicityOfSale(sale: Pick<StartedSale, 'periodicity' | 'quote' | 'billing'>): Periodicity {
  if (sale.periodicity) return sale.periodicity;
  if (sale.billing !== 'monthly_subscription' || sale.quote.period === 'único') return 1;
  return PERIODICITY_OF_PRICE_PERIOD[sale.quote.period];
}

/**
 * 002-4.14's provider of a sale paid through the configured gateway: Mercado Pago's own name, Transbank's
 * for Webpay Plus and Oneclick; Kushki (and the sandbox, which answers as Kushki) is the seed's default for
 * card and debit, kushki_ad (002-4.15). The console's provider filter tells them apart by it.
 */
export function providerOfGateway(gatewayName: string | undefined): PaymentProvider | undefined {
  switch (gatewayName) {
    case 'mercadopago':
      return 'mercadopago';
    case 'webpay_plus':
    case 'oneclick':
      return 'transbank';
    default:
      return undefined;
  }
}

const isOneTimeCard = (method: PaymentMethod) => method === 'tdc' || method === 'tdd';

/**
 * 002-9.03: the months a subscription's charge covers are the period the price is quoted for (a yearly
 * price every 12 months: charging it monthly would take twelve years' price a year). A price for one trip
 * or one payment ('único') is no subscription: 422 naming billing.
 */
function subscriptionPeriodicityOf(period: PriceQuote['period']): Periodicity {
  if (period === 'único') {
    throw new CommandRejected(
      'este producto se paga una sola vez (su precio es por viaje o pago único): no admite suscripción',
      'one_time_product',
      422,
      'billing',
    );
  }
  return PERIODICITY_OF_PRICE_PERIOD[period];
}
/** 002-4.13's deferred options: a credit card's one-time charge only (a debit card pays at once). */
const creditOnly = () =>
  new CommandRejected(
    'solo un pago único con tarjeta de crédito se paga en cuotas',
    'deferred_credit_only',
    422,
    'installments',
  );
/** The storefront pays once with a credit or debit card; t and t one-click are a subscription's (002-4.12). */
const oneTimeMethod = (method: PaymentMethod) =>
  new CommandRejected(
    `paymentMethod ${method} es de una suscripción; un pago único se paga con tdc o tdd`,
    'one_time_method',
    422,
    'paymentMethod',
  );

/** The sale as started (its buyer, product, amount and billing). */
export type StartedSale = z.output<typeof SaleStartedData>;

export const isMonthlySale = (sale: StartedSale) => sale.billing === 'monthly_subscription';

/**
 * What the payments domain asks of subscriptions once a monthly sale's first period is paid: record the
 * subscription (subscriptions' index gives it; the runtime wires it, so payments never import them).
 * Idempotent: a retried pay call records nothing twice.
 */
export type StartSubscription = (
  input: {
    sale: StartedSale;
    paymentId: string;
    /** The payment's method (Oneclick's enrolled card is tdc-token where the sale said tdc). */
    method: PaymentMethod;
    gateway: string;
    gatewaySubscriptionId: string;
  },
  metadata: CommandMetadata,
) => Promise<void>;

/** The request a key stands for: what pays (a card token, or the redirect's gateway) and the amount. */
const requestHashOf = (paidWith: string, amount: Money, installments = 1) =>
  createHash('sha256')
    .update(
      JSON.stringify(
        // Deferred charges hash their instalments too (the same key with other cuotas is another request);
        // an undeferred one hashes as before instalments existed.
        installments > 1
          ? [paidWith, amount.amount, amount.currency, installments]
          : [paidWith, amount.amount, amount.currency],
      ),
    )
    .digest('hex');

const noSale = (saleId: string) =>
  new CommandRejected(`no existe la venta ${saleId}`, 'not_found', 422, 'saleId');

/** A payment requested for a sale under one Idempotency-Key (new, or found again by the key). */
export interface RequestedPayment {
  sale: StartedSale;
  paymentId: string;
  /** This call wrote the request (false: the same key again). */
  created: boolean;
  payment: Extract<PaymentState, { status: 'Requested' }>;
  globalPosition: number;
}

/**
 * The first step of every way to pay (card, Webpay Plus, Oneclick): the sale is looked up, `accepts`
 * refuses what this way cannot pay (before anything is written), and the payment is requested PENDING on
 * its own stream, derived from the sale and the key. The same key for the same request finds the payment
 * again; the same key with another request (another token, another way) is refused (4292).
 */
export async function requestPayment(
  store: EventStore,
  gateway: { name: string },
  input: {
    saleId: string;
    idempotencyKey: string;
    method: PaymentMethod | null;
    /** What pays: the card token, or the redirect's gateway (its page takes the card). */
    paidWith: string;
    /** Who moves the money, where not the sale's card provider (a bank transfer). */
    provider?: PaymentProvider;
    /** The instalments a credit card's charge is deferred in (002-4.13); 1 or absent: none. */
    installments?: number;
    accepts?(sale: StartedSale): void;
  },
  metadata: CommandMetadata,
): Promise<RequestedPayment> {
  const loaded = await loadAggregate(store, saleAggregate, saleStream(input.saleId));
  if (loaded.state.status === 'Empty') throw noSale(input.saleId);
  const sale = loaded.state.sale;
  input.accepts?.(sale);
  const paymentId = paymentIdOf(input.saleId, input.idempotencyKey);
  const requested = await handleCommand(
    store,
    paymentAggregate,
    paymentStream(paymentId),
    {
      type: 'RequestPayment',
      data: {
        paymentId,
        saleId: input.saleId,
        amount: sale.amount,
        method: input.method ?? sale.paymentMethod,
        provider: input.provider ?? sale.provider,
        gateway: gateway.name,
        requestHash: requestHashOf(input.paidWith, sale.amount, input.installments),
        ...(input.installments && input.installments > 1 ? { installments: input.installments } : {}),
      },
    },
    { ...metadata, commandId: `${metadata.commandId}:payment` },
  );
  if (requested.state.status !== 'Requested') throw new Error('a requested payment has a state');
  return {
    sale,
    paymentId,
    created: requested.events.length > 0,
    payment: requested.state,
    globalPosition: requested.globalPosition,
  };
}

/**
 * The sale takes the payment as the one in progress: a paid sale, or another key's payment unsettled, is 409.
 * The payment was requested before the sale was asked (two tabs paying at once both get that far), so a
 * payment the sale refuses is failed at once (`not_taken`, "nothing was charged"): the provider was never
 * asked, and a payment left PENDING would read as money in flight on the sale's page until reconciliation.
 */
export async function startSalePayment(
  store: EventStore,
  saleId: string,
  paymentId: string,
  metadata: CommandMetadata,
  method?: PaymentMethod,
) {
  try {
    return await handleCommand(
      store,
      saleAggregate,
      saleStream(saleId),
      { type: 'StartSalePayment', paymentId, method },
      { ...metadata, commandId: `${metadata.commandId}:sale-payment` },
    );
  } catch (error) {
    if (error instanceof CommandRejected && error.status === 409) {
      await handleCommand(
        store,
        paymentAggregate,
        paymentStream(paymentId),
        {
          type: 'RecordChargeOutcome',
          outcome: 'failed',
          kind: NOT_TAKEN_KIND,
          catalogueCode: NOT_CHARGED_CODE,
        },
        { ...metadata, commandId: `${metadata.commandId}:not-taken` },
      );
    }
    throw error;
  }
}

/** Why a payment the sale refused to take failed (`PaymentFailed.kind`): another was paid or in progress. */
export const NOT_TAKEN_KIND = 'not_taken';

/** What paying did: the payment and the sale now, and the last position written (0: nothing written). */
export interface PaidSale {
  paymentId: string;
  created: boolean;
  payment: PaymentState;
  sale: SaleState;
  lastPosition: number;
}

export type Outcome =
  | { outcome: 'approved'; chargeId: string; authorizationCode: string | null; staffReason?: string }
  | { outcome: 'declined'; providerCode: string; catalogueCode: string; chargeId: string | null }
  | { outcome: 'failed'; kind: string; catalogueCode: string; staffReason?: string }
  | { outcome: 'pending' };

/** The gateway's answer as the payment records it; an uncertain error stays PENDING for reconciliation. */
export function outcomeOf(result: ChargeResult): Outcome {
  switch (result.outcome) {
    case 'approved':
      return {
        outcome: 'approved',
        chargeId: result.chargeId,
        authorizationCode: result.authorizationCode ?? null,
      };
    case 'declined':
      return {
        outcome: 'declined',
        providerCode: result.providerCode,
        catalogueCode: result.catalogueCode,
        chargeId: result.chargeId ?? null,
      };
    case 'pending':
      return { outcome: 'pending' };
    case 'error':
      return result.uncertain
        ? { outcome: 'pending' }
        : { outcome: 'failed', kind: result.kind, catalogueCode: PROVIDER_UNAVAILABLE_CODE };
  }
}

/**
 * Pays a sale with a card token, once per Idempotency-Key (issue 14):
 * 1. the payment is requested (PENDING) on its own stream, derived from the sale and the key: the same key
 *    and token again finds it, the same key with another token is refused (4292);
 * 2. the sale takes it as its payment in progress: a second payment while one is unsettled is refused, and
 *    a paid sale takes none (two tabs, a double click with two keys: one charge);
 * 3. the gateway charges with the payment's id as its idempotency key (a retry after a crash between the
 *    provider's answer and our record is answered, not charged again);
 * 4. its answer settles the payment and the sale, each once.
 * A payment already settled is answered as it is, without asking the gateway again.
 */
export async function paySale(
  store: EventStore,
  gateway: PaymentGateway,
  logger: Logger,
  input: {
    saleId: string;
    token: string;
    method: PaymentMethod | null;
    idempotencyKey: string;
    /** What the provider's browser lookup said of the card (Mercado Pago: payment_method_id, issuer_id). */
    card?: CardBrand;
    /** 002-4.13's deferred options: a one-time credit-card charge in instalments (1 or absent: none). */
    installments?: number;
  },
  metadata: CommandMetadata,
  startSubscription?: StartSubscription,
): Promise<PaidSale> {
  const requested = await requestPayment(
    store,
    gateway,
    {
      saleId: input.saleId,
      idempotencyKey: input.idempotencyKey,
      method: input.method,
      paidWith: input.token,
      installments: input.installments,
      accepts: (sale) => {
        const monthly = isMonthlySale(sale);
        if (!monthly && input.method && !isOneTimeCard(input.method)) throw oneTimeMethod(input.method);
        if ((input.installments ?? 1) > 1 && (monthly || (input.method ?? sale.paymentMethod) !== 'tdc'))
          throw creditOnly();
        if (monthly && !startSubscription) {
          throw new CommandRejected(
            'las suscripciones no están disponibles',
            'subscriptions_unavailable',
            422,
            'billing',
          );
        }
        if (!monthly) requireCardBrand(gateway, input.card);
      },
    },
    metadata,
  );
  const { sale, paymentId, created, payment } = requested;
  const amount = sale.amount;
  const monthly = isMonthlySale(sale);
  if (payment.state !== 'PENDING') {
    // A monthly sale paid before: its subscription is recorded (again: idempotent) in case the process
    // stopped between the payment's record and the subscription's.
    const lastPosition =
      monthly && payment.state === 'OK'
        ? await recordSubscription(
            gateway,
            {
              sale,
              paymentId,
              method: payment.payment.method,
              token: input.token,
              startDate: await requestedOn(store, paymentId),
            },
            metadata,
            startSubscription!,
          )
        : 0;
    // The sale is settled from the payment's answer, in case the process stopped between the two records.
    const settled = await settleSaleFromPayment(store, input.saleId, payment, metadata);
    return {
      paymentId,
      created,
      payment,
      sale: settled.state,
      lastPosition: Math.max(lastPosition, settled.position),
    };
  }
  const started = await startSalePayment(store, input.saleId, paymentId, metadata, payment.payment.method);

  const subscription = monthly
    ? {
        sale,
        paymentId,
        method: payment.payment.method,
        token: input.token,
        startDate: await requestedOn(store, paymentId),
      }
    : null;
  const charged = subscription
    ? await subscribeAndCharge(store, gateway, subscription, metadata)
    : await gateway.charge({
        token: input.token,
        amount,
        idempotencyKey: paymentId,
        metadata: { saleId: input.saleId, paymentId },
        // The payment's own instalments (a retry under the key is the first request's, never another's).
        ...(payment.payment.installments ? { installments: payment.payment.installments } : {}),
        ...cardBrandOf(input.card),
        // Mercado Pago requires the payer's e-mail on a card payment; the other adapters ignore it.
        payer: { email: sale.buyer.email },
      });
  const outcome = outcomeOf(charged);
  // Ids and outcome only: never the token, the buyer or the card.
  logger.info(
    { saleId: input.saleId, paymentId, outcome: outcome.outcome, gateway: gateway.name },
    'payment charged',
  );
  if (outcome.outcome === 'pending') {
    return {
      paymentId,
      created,
      payment,
      sale: started.state,
      lastPosition: Math.max(requested.globalPosition, started.globalPosition),
    };
  }
  const paid = await settle(store, { saleId: input.saleId, paymentId, created }, outcome, metadata);
  if (subscription && outcome.outcome === 'approved') {
    await recordSubscription(gateway, subscription, metadata, startSubscription!);
  } else if (subscription && paid.payment.status === 'Requested') {
    const { gatewaySubscriptionId } = paid.payment;
    await endRefusedFirstPeriod({ logger, gateway }, { paymentId, gatewaySubscriptionId });
  }
  return paid;
}

/**
 * A monthly sale's first payment: the provider keeps the card as a subscription (the token is spent on it)
 * and charges its first period. Both are keyed by the payment's id, so a retried call is answered, not
 * charged again, and reconciliation finds the charge by the payment's id like a one-time one.
 */
export type SubscriptionPayment = {
  sale: StartedSale;
  paymentId: string;
  method: PaymentMethod;
  token: string;
  startDate: string;
};

/** The day the payment was requested (UTC): the same on every retry of the call, as its key requires. */
export async function requestedOn(store: EventStore, paymentId: string): Promise<string> {
  const [first] = await store.readStream(paymentStream(paymentId));
  return (first?.occurredAt ?? new Date().toISOString()).slice(0, 10);
}

async function subscribeAndCharge(
  store: EventStore,
  gateway: PaymentGateway,
  payment: SubscriptionPayment,
  metadata: CommandMetadata,
): Promise<ChargeResult> {
  const subscribed = await subscribe(gateway, payment);
  if (subscribed.outcome !== 'approved') return subscribed;
  return chargeFirstPeriod(store, gateway, payment, subscribed.subscriptionId, metadata);
}

/**
 * Charges a monthly sale's first period on the provider's subscription just made for its payment (a card
 * token spent on it, or Oneclick's finished inscription), keyed by the payment's id.
 */
export async function chargeFirstPeriod(
  store: EventStore,
  gateway: PaymentGateway,
  { sale, paymentId }: { sale: StartedSale; paymentId: string },
  gatewaySubscriptionId: string,
  metadata: CommandMetadata,
): Promise<ChargeResult> {
  // Kept on the payment before the charge: if the answer is lost, reconciliation records the Subscription
  // from it (the token is spent on the provider's subscription and cannot ask again).
  await handleCommand(
    store,
    paymentAggregate,
    paymentStream(paymentId),
    { type: 'RecordSubscriptionOpened', gatewaySubscriptionId },
    { ...metadata, commandId: `${metadata.commandId}:subscription-opened` },
  );
  return gateway.chargeSubscription({
    subscriptionId: gatewaySubscriptionId,
    amount: sale.amount,
    idempotencyKey: paymentId,
    metadata: { saleId: sale.saleId, paymentId },
  });
}

/** The provider's subscription of a monthly sale's payment, keyed `subscribe:{paymentId}` (a retry is answered). */
export const subscribe = (
  gateway: PaymentGateway,
  { sale, paymentId, token, startDate }: SubscriptionPayment,
) =>
  gateway.createSubscription({
    token,
    amount: sale.amount,
    periodicity: periodicityOfSale(sale),
    startDate,
    idempotencyKey: `subscribe:${paymentId}`,
    payer: { email: sale.buyer.email, name: sale.buyer.nombre },
    metadata: { saleId: sale.saleId, paymentId },
  });

async function recordSubscription(
  gateway: PaymentGateway,
  payment: SubscriptionPayment,
  metadata: CommandMetadata,
  startSubscription: StartSubscription,
): Promise<number> {
  // The same key answers the subscription the provider made for this payment.
  const subscribed = await subscribe(gateway, payment);
  if (subscribed.outcome !== 'approved') return 0;
  await recordOpenedSubscription(gateway, payment, subscribed.subscriptionId, metadata, startSubscription);
  return 0;
}

/** Asks subscriptions to record the Subscription of a paid monthly sale (idempotent: a retry records nothing). */
export const recordOpenedSubscription = (
  gateway: { name: string },
  payment: { sale: StartedSale; paymentId: string; method: PaymentMethod },
  gatewaySubscriptionId: string,
  metadata: CommandMetadata,
  startSubscription: StartSubscription,
) =>
  startSubscription(
    {
      sale: payment.sale,
      paymentId: payment.paymentId,
      method: payment.method,
      gateway: gateway.name,
      gatewaySubscriptionId,
    },
    { ...metadata, commandId: `${metadata.commandId}:subscription` },
  );

export async function settle(
  store: EventStore,
  ids: { saleId: string; paymentId: string; created: boolean },
  outcome: Exclude<Outcome, { outcome: 'pending' }>,
  metadata: CommandMetadata,
): Promise<PaidSale> {
  const payment = await handleCommand(
    store,
    paymentAggregate,
    paymentStream(ids.paymentId),
    { type: 'RecordChargeOutcome', ...outcome },
    { ...metadata, commandId: `${metadata.commandId}:outcome` },
  );
  const sale = await handleCommand(
    store,
    saleAggregate,
    saleStream(ids.saleId),
    {
      type: 'SettleSalePayment',
      paymentId: ids.paymentId,
      outcome: outcome.outcome === 'approved' ? 'approved' : 'refused',
      catalogueCode: outcome.outcome === 'approved' ? '' : outcome.catalogueCode,
    },
    { ...metadata, commandId: `${metadata.commandId}:settle` },
  );
  return {
    paymentId: ids.paymentId,
    created: ids.created,
    payment: payment.state,
    sale: sale.state,
    lastPosition: Math.max(payment.globalPosition, await writtenPosition(store, ids.saleId, sale)),
  };
}

/**
 * Settles the sale from its payment's recorded answer (refused: DECLINED or FAIL; approved: OK and a
 * reversal's states after it), once: the sale's decider settles only the payment being tried. What the pay
 * call's retry, Webpay's return and the sale-settlement reactor do when the answer was recorded before.
 */
export async function settleSaleFromPayment(
  store: EventStore,
  saleId: string,
  payment: Extract<PaymentState, { status: 'Requested' }>,
  metadata: CommandMetadata,
): Promise<{ state: SaleState; position: number }> {
  const refused = payment.state === 'DECLINED' || payment.state === 'FAIL';
  const settled = await handleCommand(
    store,
    saleAggregate,
    saleStream(saleId),
    {
      type: 'SettleSalePayment',
      paymentId: payment.payment.paymentId,
      outcome: refused ? 'refused' : 'approved',
      catalogueCode: refused ? (payment.catalogueCode ?? '') : '',
    },
    { ...metadata, commandId: `${metadata.commandId}:settle` },
  );
  return { state: settled.state, position: await writtenPosition(store, saleId, settled) };
}

/**
 * The position to read the sale's answer at: what this command wrote, or, when another writer settled it
 * first (the sale-settlement reactor, a notification), the sale's last event, so the answer waits for that.
 */
async function writtenPosition(
  store: EventStore,
  saleId: string,
  written: { globalPosition: number },
): Promise<number> {
  if (written.globalPosition > 0) return written.globalPosition;
  const events = await store.readStream(saleStream(saleId));
  return events[events.length - 1]?.globalPosition ?? 0;
}
