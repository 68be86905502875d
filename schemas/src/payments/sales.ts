import { z } from 'zod';
import { Country, type Country as CountryCode } from '../catalogue/common';
import { PriceQuote } from '../catalogue/quote';
import { eventOf } from '../events';
import {
  EmailField,
  NombreField,
  ProductCodeField,
  ProfileField,
  TelefonoField,
  identificationFieldFor,
  liftContactFields,
  optionalInput,
  requiredInput,
} from '../leads/fields';
import { PurchaseSession } from '../leads/contracting';
import {
  INSTALLMENT_OPTIONS,
  SUBSCRIPTION_METHODS,
  paymentMethodSchema,
  periodicitySchema,
  paymentProviderSchema,
  paymentStateSchema,
  saleStateSchema,
} from './catalogues';
import { billingChoiceSchema } from '../subscriptions/events';
import { TransferInstructions } from './bankTransfer';
import { ChargeFee } from './fees';
import { moneySchema, ufConversionSchema } from './money';
import { HEALTH_LIMITS, ageOn, asksPregnancy, chileToday, insuredOf } from './familyPurchase';
import { SaleCollaborator, SaleCompany, collaboratorsInput, companyInput } from './companySale';

/**
 * The online purchase as events (issue 14): a `Sale` (what is bought, by whom, for how much) and the
 * `Payment`s that try to pay it. Streams `sale-{saleId}` and `payment-{paymentId}`; ids are derived from
 * the purchase session and the payment's Idempotency-Key, so a retried call lands on the same stream.
 */
export const SALE_CATEGORY = 'sale';
export const PAYMENT_CATEGORY = 'payment';
export const SALES_CATEGORIES = [SALE_CATEGORY, PAYMENT_CATEGORY] as const;

export const SaleId = z.uuid({ error: 'el identificador de una venta es un UUID' });
export const PaymentId = z.uuid({ error: 'el identificador de un pago es un UUID' });

/** The one-time methods a visitor pays a purchase with online today (card and debit through kushki_ad). */
export const ONLINE_CARD_METHODS = ['tdc', 'tdd'] as const;
export const OnlineCardMethod = z.enum(ONLINE_CARD_METHODS, {
  error: `paymentMethod es uno de: ${ONLINE_CARD_METHODS.join(', ')}`,
});

/** 002-4.12: the methods a monthly subscription is paid with (t one-click is tdc-token). */
export const SubscriptionCardMethod = z.enum(SUBSCRIPTION_METHODS, {
  error: `paymentMethod es uno de: ${SUBSCRIPTION_METHODS.join(', ')}`,
});

export const SaleBuyer = z.strictObject({
  nombre: z.string(),
  rut: z.string(),
  email: z.string(),
  telefono: z.string(),
});

/**
 * A dependant (carga) of the purchase as stored: what the buyer gave (name, identification, birth date) and
 * what the profile priced (sex, age, kinship). Personal data: never logged, shown to staff only.
 */
export const SaleDependant = z.strictObject({
  nombre: z.string(),
  rut: z.string(),
  fechaNacimiento: z.string(),
  sexo: z.string().nullable(),
  edad: z.number().int().nullable(),
  parentesco: z.string().nullable(),
});
export type SaleDependant = z.infer<typeof SaleDependant>;

/** One insured person's answers to the health declaration ('Estado de salud', 002-2.08). */
export const HealthAnswers = z.strictObject({
  preexisting: z.boolean(),
  preexistingDetail: z.string().nullable(),
  /** Asked of women of child-bearing age only; null for everyone else. */
  pregnant: z.boolean().nullable(),
  weightKg: z.number(),
  heightCm: z.number().int(),
});
export type HealthAnswers = z.infer<typeof HealthAnswers>;

export const SaleStartedData = z.strictObject({
  saleId: SaleId,
  session: z.uuid(),
  country: Country,
  product: z.strictObject({
    code: z.string(),
    name: z.string(),
    organization: z.strictObject({ code: z.string(), name: z.string() }),
  }),
  buyer: SaleBuyer,
  profile: ProfileField.nullable(),
  /** The price the card showed for this profile, kept as seen. */
  quote: PriceQuote,
  /** What is charged, in the currency's minor unit (a UF price in pesos of the day: `uf` says how). */
  amount: moneySchema,
  uf: ufConversionSchema.nullable(),
  paymentMethod: paymentMethodSchema,
  provider: paymentProviderSchema,
  /** Once or monthly (issue 15); sales stored before subscriptions existed were one-time. */
  billing: billingChoiceSchema.default('one_time'),
  /**
   * A subscription's periodicity in months (002-9.03): the quote's own period (a yearly price is charged
   * every 12 months, never monthly); absent on one-time sales and on sales stored before it (monthly).
   */
  periodicity: periodicitySchema.optional(),
  /** The family's dependants, in the profile's order (sales stored before families had none). */
  dependants: z.array(SaleDependant).default([]),
  /** The health declaration, one entry per insured person (holder first); null where not asked. */
  health: z.array(HealthAnswers).nullable().default(null),
  /** A company's purchase: the company ('Datos empresa'); null for a person's or a family's. */
  company: SaleCompany.nullable().default(null),
  /** A company's collaborators ('Datos colaboradores'), judged as bulk-load activation rows. */
  collaborators: z.array(SaleCollaborator).default([]),
});
export const SaleStarted = eventOf('SaleStarted', SaleStartedData);

export const SalePaymentStartedData = z.strictObject({
  saleId: SaleId,
  paymentId: PaymentId,
  /**
   * How this payment pays (a card's tdc or tdd, a transfer): the sale is paid the way its last payment
   * tried, which the lead's sub-status follows (002-3.06). Absent on events stored before it was kept.
   */
  method: paymentMethodSchema.optional(),
});
export const SalePaymentStarted = eventOf('SalePaymentStarted', SalePaymentStartedData);

export const SaleCompletedData = z.strictObject({ saleId: SaleId, paymentId: PaymentId });
export const SaleCompleted = eventOf('SaleCompleted', SaleCompletedData);

export const SaleFailedData = z.strictObject({
  saleId: SaleId,
  paymentId: PaymentId,
  /** The 002 §8 catalogue code whose message the buyer saw. */
  catalogueCode: z.string().max(40),
});
export const SaleFailed = eventOf('SaleFailed', SaleFailedData);

export const PaymentRequestedData = z.strictObject({
  paymentId: PaymentId,
  saleId: SaleId,
  amount: moneySchema,
  method: paymentMethodSchema,
  provider: paymentProviderSchema,
  /** The gateway adapter that charged (sandbox, kushki, …). */
  gateway: z.string().max(40),
  /** A hash of what was asked (token, amount): the same key with another request is refused. */
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The instalments a credit card's charge is deferred in (002-4.13); absent: one. */
  installments: z.number().int().min(2).max(48).optional(),
});
export const PaymentRequested = eventOf('PaymentRequested', PaymentRequestedData);

/**
 * A monthly sale's payment: the provider kept the card as a subscription (its id) before the first period
 * was charged (issue 15). Recorded before the charge, so reconciliation of a payment left PENDING can record
 * the Subscription once the charge turns out approved (the card token is spent by then).
 */
export const PaymentSubscriptionOpenedData = z.strictObject({
  paymentId: PaymentId,
  gatewaySubscriptionId: z.string().min(1).max(120),
});
export const PaymentSubscriptionOpened = eventOf('PaymentSubscriptionOpened', PaymentSubscriptionOpenedData);

/**
 * A Webpay Plus payment (a redirect flow): the transaction Transbank created for it, kept before the buyer is
 * sent to Webpay's page. A retry of the pay call answers the same transaction, the return page checks the
 * token the buyer brings back against it, and reconciliation asks Webpay by it (Webpay Plus reports a
 * transaction by its token only). The token names a transaction, never a card.
 */
export const PaymentRedirectStartedData = z.strictObject({
  paymentId: PaymentId,
  gatewayToken: z.string().min(1).max(120),
  /** Webpay's form, where the browser POSTs `token_ws`. */
  url: z.url({ protocol: /^https?$/ }).max(300),
});
export const PaymentRedirectStarted = eventOf('PaymentRedirectStarted', PaymentRedirectStartedData);

/**
 * Why staff recorded a payment's outcome by hand (`POST /api/admin/payments/{id}/resultado`): the provider
 * cannot be asked by our key (Kushki), so a payment left PENDING is settled from the provider's console.
 * Absent when the provider's own answer settled it. The event's metadata says who.
 */
const StaffReason = z.string().max(500).optional();

export const PaymentApprovedData = z.strictObject({
  paymentId: PaymentId,
  chargeId: z.string().max(120),
  authorizationCode: z.string().max(40).nullable(),
  staffReason: StaffReason,
  fee: ChargeFee.optional(),
});
export const PaymentApproved = eventOf('PaymentApproved', PaymentApprovedData);

export const PaymentDeclinedData = z.strictObject({
  paymentId: PaymentId,
  providerCode: z.string().max(40),
  catalogueCode: z.string().max(40),
  chargeId: z.string().max(120).nullable(),
});
export const PaymentDeclined = eventOf('PaymentDeclined', PaymentDeclinedData);

/** The provider could not be asked or did not answer sensibly, and surely did not charge. */
export const PaymentFailedData = z.strictObject({
  paymentId: PaymentId,
  kind: z.string().max(40),
  catalogueCode: z.string().max(40),
  staffReason: StaffReason,
});
export const PaymentFailed = eventOf('PaymentFailed', PaymentFailedData);

/**
 * Staff reverse a paid payment (issue 14, 002-3.31's VOID, REQUEST_REFUND and REFUND): a void cancels it
 * the day it was approved, before the provider settles it; a refund gives the whole amount back after.
 * The request is recorded before the provider is asked (as a charge is), so an uncertain answer leaves it
 * requested and the same Idempotency-Key asks again; the provider's refusal puts the payment back to OK.
 */
export const REVERSAL_KINDS = ['void', 'refund'] as const;
export const ReversalKind = z.enum(REVERSAL_KINDS);
export type ReversalKind = z.infer<typeof ReversalKind>;
export const ReversalId = z.uuid();

export const PaymentReversalRequestedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  kind: ReversalKind,
  amount: moneySchema,
  /** Why staff reversed it, as they wrote it (the audit shows it). */
  reason: z.string().max(500),
});
export const PaymentReversalRequested = eventOf('PaymentReversalRequested', PaymentReversalRequestedData);

export const PaymentVoidedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  providerReversalId: z.string().max(120).nullable(),
});
export const PaymentVoided = eventOf('PaymentVoided', PaymentVoidedData);

export const PaymentRefundedData = PaymentVoidedData.extend({ amount: moneySchema });
export const PaymentRefunded = eventOf('PaymentRefunded', PaymentRefundedData);

/** The provider refused the reversal, or surely could not be asked: the payment is OK again. */
export const PaymentReversalRefusedData = z.strictObject({
  paymentId: PaymentId,
  reversalId: ReversalId,
  kind: ReversalKind,
  providerCode: z.string().max(40).nullable(),
  catalogueCode: z.string().max(40),
});
export const PaymentReversalRefused = eventOf('PaymentReversalRefused', PaymentReversalRefusedData);

/** Body of POST /api/admin/payments/{id}/anulaciones and …/devoluciones (with an Idempotency-Key header). */
export const ReversalBody = z.strictObject({
  reason: z
    .string({ error: 'reason es el motivo de la anulación o devolución' })
    .trim()
    .min(3, 'reason necesita al menos 3 caracteres')
    .max(500, 'reason admite a lo más 500 caracteres'),
});
export type ReversalBody = z.infer<typeof ReversalBody>;

/**
 * Body of POST /api/admin/payments/{id}/resultado: staff record what the provider's console shows for a
 * payment left PENDING that the provider cannot be asked about by our key. `approved` names the provider's
 * charge (Kushki's ticket number: what a refund later names); `not_charged` fails the payment (the buyer
 * may pay again).
 */
export const ManualOutcomeBody = z
  .strictObject({
    outcome: z.enum(['approved', 'not_charged'], {
      error: 'outcome es approved (el proveedor cobró) o not_charged (no cobró)',
    }),
    chargeId: z
      .string({ error: 'chargeId es el número del cobro en el proveedor' })
      .trim()
      .min(1, 'chargeId es el número del cobro en el proveedor')
      .max(120, 'chargeId admite a lo más 120 caracteres')
      .optional(),
    reason: z
      .string({ error: 'reason es el motivo del registro manual' })
      .trim()
      .min(10, 'reason necesita al menos 10 caracteres: qué muestra el proveedor')
      .max(500, 'reason admite a lo más 500 caracteres'),
  })
  .superRefine((body, context) => {
    if (body.outcome === 'approved' && !body.chargeId)
      context.addIssue({
        code: 'custom',
        path: ['chargeId'],
        message: 'un cobro aprobado necesita chargeId, el número del cobro en el proveedor',
      });
    if (body.outcome === 'not_charged' && body.chargeId)
      context.addIssue({
        code: 'custom',
        path: ['chargeId'],
        message: 'un pago no cobrado no tiene chargeId',
      });
  });
export type ManualOutcomeBody = z.infer<typeof ManualOutcomeBody>;

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A dependant as the buyer gives it: kinship, sex and age are the profile's (`profile.cargas[i]`). */
const dependantInput = (country: CountryCode) =>
  z.strictObject({
    nombre: requiredInput(NombreField),
    rut: requiredInput(identificationFieldFor(country)),
    fechaNacimiento: requiredInput(
      z
        .string({ error: 'fechaNacimiento es la fecha de nacimiento (AAAA-MM-DD)' })
        .trim()
        .regex(BIRTH_DATE, 'fechaNacimiento es la fecha de nacimiento (AAAA-MM-DD)'),
    ),
  });

const { weightKg, heightCm, detail } = HEALTH_LIMITS;
/** One insured person's answers as the buyer gives them (`health[0]` is the holder). */
const HealthAnswersInput = z.strictObject({
  preexisting: z.boolean({
    error: 'preexisting es sí o no: ¿tiene enfermedades o condiciones preexistentes?',
  }),
  preexistingDetail: optionalInput(
    z
      .string()
      .trim()
      .min(detail.min, `preexistingDetail necesita al menos ${detail.min} caracteres`)
      .max(detail.max, `preexistingDetail admite a lo más ${detail.max} caracteres`),
  ),
  pregnant: optionalInput(z.boolean({ error: 'pregnant es sí o no' })),
  weightKg: z
    .number({ error: 'weightKg es el peso en kilos' })
    .min(weightKg.min, `weightKg va de ${weightKg.min} a ${weightKg.max} kilos`)
    .max(weightKg.max, `weightKg va de ${weightKg.min} a ${weightKg.max} kilos`)
    .multipleOf(0.1, 'weightKg admite un decimal'),
  heightCm: z
    .number({ error: 'heightCm es la estatura en centímetros' })
    .int('heightCm es un número entero de centímetros')
    .min(heightCm.min, `heightCm va de ${heightCm.min} a ${heightCm.max} centímetros`)
    .max(heightCm.max, `heightCm va de ${heightCm.min} a ${heightCm.max} centímetros`),
});

type FamilyBody = {
  rut: string;
  profile?: z.output<typeof ProfileField> | undefined;
  dependants?: { rut: string; fechaNacimiento: string }[] | undefined;
  health?: z.output<typeof HealthAnswersInput>[] | undefined;
};

/**
 * The family's data against its profile (issue 14): one dependant per carga, each born the age the profile
 * priced (002-5.15), no identification twice; one health answer per insured person, the detail when a
 * condition is declared and pregnancy asked of women of child-bearing age only. Each issue names its field
 * (`dependants.1.fechaNacimiento`) and rule. Kinship rules (one Cónyuge, two adults at most: 002-5.21) are
 * the profile's own.
 */
export function familyIssues(body: FamilyBody, today: string): z.core.$ZodRawIssue[] {
  const issues: z.core.$ZodRawIssue[] = [];
  const issue = (path: (string | number)[], rule: string, message: string) =>
    issues.push({ code: 'custom', path, message, params: { rule }, input: undefined });
  const insured = insuredOf(body.profile);
  const cargas = insured.slice(1);
  const dependants = body.dependants ?? [];
  if (dependants.length !== cargas.length)
    issue(
      ['dependants'],
      'dependants_count',
      `dependants lleva una persona por cada carga del perfil (${cargas.length})`,
    );
  const seen = new Set([body.rut.replace(/[^0-9kK]/g, '').toUpperCase()]);
  dependants.forEach((dependant, index) => {
    const carga = cargas[index];
    const age = ageOn(dependant.fechaNacimiento, today);
    if (age === null)
      issue(['dependants', index, 'fechaNacimiento'], 'birth_date', 'fechaNacimiento no es una fecha válida');
    else if (carga && carga.edad !== undefined && age !== carga.edad)
      issue(
        ['dependants', index, 'fechaNacimiento'],
        'age_mismatch',
        `según su fecha de nacimiento tiene ${age} años; el perfil cotizó ${carga.edad}`,
      );
    const id = dependant.rut.replace(/[^0-9kK]/g, '').toUpperCase();
    if (seen.has(id))
      issue(['dependants', index, 'rut'], 'duplicate', 'esta identificación ya es de otro asegurado');
    seen.add(id);
  });
  if (body.health === undefined) return issues;
  if (body.health.length !== insured.length)
    issue(['health'], 'health_count', `health lleva una declaración por asegurado (${insured.length})`);
  body.health.forEach((answers, index) => {
    const person = insured[index];
    if (answers.preexisting && !answers.preexistingDetail)
      issue(['health', index, 'preexistingDetail'], 'required', 'describa la condición preexistente');
    if (!answers.preexisting && answers.preexistingDetail)
      issue(['health', index, 'preexistingDetail'], 'not_asked', 'sin condición preexistente no hay detalle');
    const asked = person ? asksPregnancy(person.sexo, person.edad) : false;
    if (asked && answers.pregnant === undefined)
      issue(['health', index, 'pregnant'], 'required', 'pregnant es sí o no: ¿está embarazada?');
    if (!asked && answers.pregnant !== undefined)
      issue(['health', index, 'pregnant'], 'not_asked', 'el embarazo no se pregunta a esta persona');
  });
  return issues;
}

/** Body of POST /api/compra-online/ventas for an edition (the `country` header, as the request calls). */
export const startSaleBody = (country: CountryCode, today: () => string = () => chileToday()) =>
  z.preprocess(
    liftContactFields,
    z
      .strictObject({
        session: requiredInput(PurchaseSession),
        productCode: requiredInput(ProductCodeField),
        nombre: requiredInput(NombreField),
        rut: requiredInput(identificationFieldFor(country)),
        email: requiredInput(EmailField),
        telefono: requiredInput(TelefonoField),
        profile: optionalInput(ProfileField),
        /** tdc or tdd for a one-time payment; a subscription also takes t and tdc-token (002-4.12). */
        paymentMethod: optionalInput(SubscriptionCardMethod),
        billing: optionalInput(billingChoiceSchema),
        /** The profile's cargas, named (a family product); none for a person's. */
        dependants: optionalInput(z.array(dependantInput(country)).max(20, 'a lo más 20 cargas')),
        /** The health declaration where the product asks it (002-2.08), holder first. */
        health: optionalInput(z.array(HealthAnswersInput).max(21, 'a lo más 21 asegurados')),
        /** 'Datos empresa' of a company product (the contact is nombre, rut, email, telefono above). */
        company: optionalInput(companyInput(country)),
        /** 'Datos colaboradores' of a company product: the workers the card priced, one row each. */
        collaborators: optionalInput(collaboratorsInput),
      })
      .superRefine((body, ctx) => {
        for (const issue of familyIssues(body, today())) ctx.addIssue(issue);
      }),
  );
export type StartSaleBody = z.output<ReturnType<typeof startSaleBody>>;
export type StartSaleBodyInput = z.input<ReturnType<typeof startSaleBody>>;

export const SaleParams = z.strictObject({ saleId: SaleId });
export const PaymentParams = z.strictObject({ paymentId: PaymentId });
/** GET /api/compra-online/sesiones/{session}: the purchase session of the seeds' shared link. */
export const SessionParams = z.strictObject({ session: PurchaseSession });

/** Body of POST /api/compra-online/ventas/{saleId}/pagos (with an Idempotency-Key header). */
export const PayBody = z.strictObject({
  /** The card token the provider's browser library (or the sandbox tokenizer) made: never a card number. */
  token: z
    .string({ error: 'token es el token de la tarjeta que entregó el proveedor' })
    .trim()
    .min(8, 'token es el token de la tarjeta que entregó el proveedor')
    .max(200, 'token admite a lo más 200 caracteres'),
  paymentMethod: optionalInput(SubscriptionCardMethod),
  /** 002-4.13's deferred options: the instalments of a one-time credit-card charge (1: none). */
  installments: optionalInput(
    z.union(
      INSTALLMENT_OPTIONS.map((months) => z.literal(months)),
      { error: `installments es uno de: ${INSTALLMENT_OPTIONS.join(', ')} (cuotas)` },
    ),
  ),
  /**
   * Mercado Pago's card brand for the token (`payment_method_id`: visa, master, debvisa, amex…), as its
   * installments endpoint answered the browser for the card's BIN. Required by a one-time Mercado Pago
   * charge (purchase.ts); other gateways ignore it.
   */
  paymentMethodId: optionalInput(
    z
      .string({ error: 'paymentMethodId es el medio de pago que Mercado Pago informó para la tarjeta' })
      .trim()
      .regex(/^[a-z0-9_]{2,40}$/, 'paymentMethodId admite de 2 a 40 letras minúsculas, dígitos o _'),
  ),
  /** Mercado Pago's issuer of the card (`issuer_id`), a number as its installments endpoint answered it. */
  issuerId: optionalInput(
    z
      .string({ error: 'issuerId es el emisor que Mercado Pago informó para la tarjeta' })
      .trim()
      .regex(/^\d{1,20}$/, 'issuerId admite de 1 a 20 dígitos'),
  ),
});
export type PayBody = z.infer<typeof PayBody>;

/** What a buyer sees of a payment: its state and, when refused, the catalogue's message in Spanish. */
export const PaymentView = z.strictObject({
  id: PaymentId,
  state: paymentStateSchema,
  amount: moneySchema,
  method: paymentMethodSchema,
  /** The instalments the charge is deferred in (1: none). */
  installments: z.number().int().positive().optional(),
  catalogueCode: z.string().nullable(),
  header: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/** The buyer's view of a sale: never the buyer's personal data (the id is the only key to it). */
export const SaleView = z.strictObject({
  id: SaleId,
  state: saleStateSchema,
  productCode: z.string(),
  productName: z.string(),
  organizationName: z.string(),
  amount: moneySchema,
  /** The price as the card wrote it ('$152.722', 'UF 3,2'). */
  formatted: z.string(),
  paymentMethod: paymentMethodSchema,
  billing: billingChoiceSchema,
  /** The last payment tried, or null before the first. */
  lastPayment: PaymentView.nullable(),
  /**
   * Where the buyer goes after a refused or failed payment on the plans of 002-2.11: the insurer's site,
   * which finishes the contract; null otherwise (and while the last payment was not refused).
   */
  failureRedirectUrl: z.string().nullable(),
  createdAt: z.string(),
  /**
   * The gateway that takes the payment, where the payment step needs to know it: `webpay_plus` sends the
   * buyer to Webpay's own page instead of a card form.
   */
  gateway: z.string().max(40).optional(),
  /** Whether the buyer may pay by bank transfer (a one-time sale, an account configured). */
  transferOffered: z.boolean().optional(),
  /** The last payment is a transfer awaited: where to transfer, how much, the reference. */
  transfer: TransferInstructions.nullable().optional(),
  /** Whether the buyer may leave the payment to an executive (002-4.11's no_payment, a one-time sale). */
  executiveOffered: z.boolean().optional(),
  /** The last payment awaits an executive ('Asignación ejecutivo'): its reference and amount. */
  executive: z.strictObject({ reference: z.string(), amount: moneySchema }).nullable().optional(),
});
export type SaleView = z.infer<typeof SaleView>;
