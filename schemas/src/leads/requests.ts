import { z } from 'zod';
import { Country, ProductType, type Country as CountryCode } from '../catalogue/common';
import { LeadType } from '../site';
import {
  ComparatorCodeField,
  ContactNombreField,
  EmailField,
  MESSAGE_MAX_LENGTH,
  NombreField,
  OriginPathField,
  PriceField,
  ProductCodeField,
  ProfileField,
  SUBJECT_MAX_LENGTH,
  TelefonoField,
  identificationFieldFor,
  liftContactFields,
  optionalInput,
  productTypeField,
  regionFieldFor,
  requiredInput,
} from './fields';
import { LeadId, LeadKind } from './events';
import { LeadStatusRef } from './statuses';

/**
 * Bodies and answers of the request calls (seed 000 §7, rules 000-7.18 to 000-7.20). The identification
 * rule depends on the edition, given by the `country` header (rule 001-7.15; Chile without it), so the
 * request bodies are built per edition: `planRequestBody('CL')`.
 */

const planRequestShape = (country: CountryCode) => ({
  productCode: requiredInput(ProductCodeField),
  nombre: requiredInput(NombreField),
  rut: requiredInput(identificationFieldFor(country)),
  email: requiredInput(EmailField),
  telefono: requiredInput(TelefonoField),
  region: optionalInput(regionFieldFor(country)),
  profile: optionalInput(ProfileField),
  price: optionalInput(PriceField),
  comparator: optionalInput(ComparatorCodeField),
  originPath: optionalInput(OriginPathField),
  productType: optionalInput(productTypeField),
});

/** Body of POST /api/solicitarplans for an edition. */
export const planRequestBody = (country: CountryCode) =>
  z.preprocess(liftContactFields, z.strictObject(planRequestShape(country)));
export type PlanRequestBody = z.output<ReturnType<typeof planRequestBody>>;
export type PlanRequestBodyInput = z.input<ReturnType<typeof planRequestBody>>;

/** Body of POST /api/seguro-adicional/solicitar: a plan request plus the isapre plan it tops up. */
export const addonRequestBody = (country: CountryCode) =>
  z.preprocess(
    liftContactFields,
    z.strictObject({ ...planRequestShape(country), basePlanCode: optionalInput(ProductCodeField) }),
  );
export type AddonRequestBody = z.output<ReturnType<typeof addonRequestBody>>;

/** Fields an update may change. */
export const LEAD_UPDATE_FIELDS = ['nombre', 'rut', 'email', 'telefono', 'region', 'profile'] as const;

/**
 * Body of POST /api/solicitarplans/update and /api/seguro-adicional/update: the lead's id and the fields
 * that change (at least one). The expected revision goes in `If-Match` (`"0"`), or in `revision`.
 */
export const leadUpdateBody = (country: CountryCode) =>
  z.preprocess(
    liftContactFields,
    z
      .strictObject({
        id: requiredInput(LeadId),
        revision: optionalInput(
          z.number({ error: 'revision es un número entero' }).int('revision es un número entero').min(0),
        ),
        nombre: optionalInput(NombreField),
        rut: optionalInput(identificationFieldFor(country)),
        email: optionalInput(EmailField),
        telefono: optionalInput(TelefonoField),
        region: optionalInput(regionFieldFor(country)),
        profile: optionalInput(ProfileField),
      })
      .refine((body) => LEAD_UPDATE_FIELDS.some((name) => body[name] !== undefined), {
        message: `indique al menos un dato a cambiar: ${LEAD_UPDATE_FIELDS.join(', ')}`,
        params: { rule: 'at_least_one' },
      }),
  );
export type LeadUpdateBody = z.output<ReturnType<typeof leadUpdateBody>>;

/** Body of POST /api/contactos (rule 000-7.20): the contact form. */
export const ContactRequestBody = z.strictObject({
  nombre: requiredInput(ContactNombreField),
  email: requiredInput(EmailField),
  telefono: requiredInput(TelefonoField),
  mensaje: requiredInput(
    z
      .string({ error: (issue) => (issue.input === undefined ? 'campo requerido' : 'debe ser texto') })
      .trim()
      .max(MESSAGE_MAX_LENGTH, `el mensaje admite a lo más ${MESSAGE_MAX_LENGTH} caracteres`),
  ),
  asunto: optionalInput(
    z
      .string({ error: 'debe ser texto' })
      .trim()
      .max(SUBJECT_MAX_LENGTH, `el asunto admite a lo más ${SUBJECT_MAX_LENGTH} caracteres`),
  ),
  originPath: optionalInput(OriginPathField),
});
export type ContactRequestBody = z.output<typeof ContactRequestBody>;
export type ContactRequestBodyInput = z.input<typeof ContactRequestBody>;

export const LeadParams = z.strictObject({ id: z.string() });

/**
 * A lead as the storefront may read it back (GET /api/solicitarplans/{id}): what was requested and where
 * it stands, never who asked (no nombre, rut, email, telefono, profile).
 */
export const LeadView = z.strictObject({
  id: z.uuid(),
  kind: LeadKind,
  requestType: LeadType,
  country: Country,
  productCode: z.string(),
  productName: z.string(),
  productType: ProductType,
  organizationName: z.string().nullable(),
  basePlanCode: z.string().nullable(),
  status: LeadStatusRef,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The stream revision: also the ETag, and what an update's If-Match names. */
  revision: z.number().int().min(0),
});
export type LeadView = z.infer<typeof LeadView>;

/** Answer of POST /api/contactos. */
export const ContactRequestResponse = z.strictObject({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactRequestResponse = z.infer<typeof ContactRequestResponse>;
