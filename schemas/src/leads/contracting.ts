import { z } from 'zod';
import type { Country as CountryCode } from '../catalogue/common';
import { PAYMENT_METHODS } from '../payments/lists';
import {
  EmailField,
  NombreField,
  ProductCodeField,
  ProfileField,
  TelefonoField,
  identificationFieldFor,
  liftContactFields,
  optionalInput,
  regionFieldFor,
  requiredInput,
} from './fields';

/**
 * The online purchase (Compra-Online) as the lead aggregate records it: the steps of the purchase form a
 * visitor goes through (rule 002-2.08) and the payment methods a step may name (rule 002-4.10). The purchase
 * flow reports each step with POST /api/compra-online/pasos (services/src/leads/README.md).
 */

/** Purchase form steps, exactly as the seed writes them (rule 002-2.08). */
export const PURCHASE_STEPS = [
  'Datos personales',
  'Pago',
  'Compra exitosa!',
  'Estado de salud',
  'Datos empresa',
  'Datos colaboradores',
  'Asignación ejecutivo',
  'Confirmación',
] as const;
export const PurchaseStep = z.enum(PURCHASE_STEPS);
export type PurchaseStep = z.infer<typeof PurchaseStep>;

/** Payment methods, exactly (rule 002-4.10): the payments' one list. */
export { PAYMENT_METHODS };
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const SESSION_TYPE_MAX_LENGTH = 40;

/** The purchase session of the shared link `Compra-Online/{productCode}?session=&sessionType=`. */
export const PurchaseSession = z.uuid({
  error: 'session es el identificador de la sesión de compra (un UUID)',
});

/** Where a lead's online purchase stands: its session and the last step reported, as it was reported. */
export const ContractingProgress = z.strictObject({
  session: z.uuid(),
  step: PurchaseStep,
  sessionType: z.string().max(SESSION_TYPE_MAX_LENGTH).nullable(),
  paymentMethod: PaymentMethod.nullable(),
  /** Whether the purchase is a subscription (recurring charge); null when the step did not say. */
  subscription: z.boolean().nullable(),
});
export type ContractingProgress = z.infer<typeof ContractingProgress>;

/**
 * A name of one of the seed's lists, checked by the route (a value outside the list is a 422 naming the
 * field and listing the values, like an unknown product): here only its shape.
 */
const listedName = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'campo requerido' : 'debe ser texto') })
    .trim()
    .max(60, `${field} admite a lo más 60 caracteres`);

/**
 * Body of POST /api/compra-online/pasos for an edition (the `country` header, as the request calls). The
 * contact fields are validated exactly as POST /api/solicitarplans validates them; they are required only
 * by the session's first step, which the route knows once it has read the lead (422 `required` then).
 */
export const contractingStepBody = (country: CountryCode) =>
  z.preprocess(
    liftContactFields,
    z.strictObject({
      session: requiredInput(PurchaseSession),
      productCode: requiredInput(ProductCodeField),
      step: requiredInput(listedName('step')),
      sessionType: optionalInput(
        z
          .string({ error: 'debe ser texto' })
          .trim()
          .max(SESSION_TYPE_MAX_LENGTH, `sessionType admite a lo más ${SESSION_TYPE_MAX_LENGTH} caracteres`),
      ),
      paymentMethod: optionalInput(listedName('paymentMethod')),
      subscription: optionalInput(z.boolean({ error: 'subscription es true o false' })),
      nombre: optionalInput(NombreField),
      rut: optionalInput(identificationFieldFor(country)),
      email: optionalInput(EmailField),
      telefono: optionalInput(TelefonoField),
      region: optionalInput(regionFieldFor(country)),
      profile: optionalInput(ProfileField),
    }),
  );
export type ContractingStepBody = z.output<ReturnType<typeof contractingStepBody>>;
export type ContractingStepBodyInput = z.input<ReturnType<typeof contractingStepBody>>;
