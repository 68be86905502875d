import { z } from 'zod';
import { PriceUnit, ProductType, type Country } from '../catalogue/common';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  REQUIRED_MESSAGE,
  checkContactName,
  checkEmail,
  checkIdentification,
  checkName,
  checkPhone,
  type FieldCheck,
} from '../identification';
import { QuoteProfile, Region, numberFromText } from '../profile';

/**
 * Field schemas of the request and contact calls, each refined with the pure checks of identification.ts
 * so the API and the storefront refuse the same input with the same message. A failed check becomes a
 * field error whose rule is the check's code (`invalidRut`, `nominimo`, `email`, …).
 */

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** null and blank text mean "not given": a required field then says 'campo requerido'. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

const text = (maxLength: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED_MESSAGE : 'debe ser texto') })
    .max(maxLength, `admite a lo más ${maxLength} caracteres`);

/** Text checked by one of identification.ts's functions; the value kept is the check's cleaned value. */
const checkedText = (check: (raw: string) => FieldCheck, maxLength: number) =>
  text(maxLength).transform((raw, ctx) => {
    const result = check(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message, params: { rule: result.error } });
    return z.NEVER;
  });

/** A field that must be there (blank counts as missing). */
export const requiredInput = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);
/** A field that may be left out (null or blank count as left out). */
export const optionalInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional()).optional();

export const IDENTIFICATION_MAX_LENGTH = 30;
export const PHONE_MAX_LENGTH = 30;
export const MESSAGE_MAX_LENGTH = 2000;
export const SUBJECT_MAX_LENGTH = 150;
export const ORIGIN_PATH_MAX_LENGTH = 500;
/** Chile has 16 regions (rule 002-3.17); their stateCode is 1 to 16, 13 being Metropolitana. */
export const CHILE_REGION_COUNT = 16;

/** nombre: at least two letters; letters, spaces and hyphens (rule 002-5.08). */
export const NombreField = checkedText(checkName, NAME_MAX_LENGTH);
/** The contact form's nombre also allows apostrophes (rule 002-5.09). */
export const ContactNombreField = checkedText(checkContactName, NAME_MAX_LENGTH);
/** email: local part up to 64 characters, a suffix of 2 or more letters (rule 002-5.07). */
export const EmailField = checkedText(checkEmail, EMAIL_MAX_LENGTH);
/** telefono: + optional, prefix and number (002-5.06); fewer than 11 digits is nominimo (001-5.19). */
export const TelefonoField = checkedText(checkPhone, PHONE_MAX_LENGTH);
/** rut: the identification of the edition (RUT in Chile; rules 002-5.01 to 002-5.03, 001-5.14 to 001-5.17). */
export const identificationFieldFor = (country: Country) =>
  checkedText((raw) => checkIdentification(country, raw), IDENTIFICATION_MAX_LENGTH);

/** A product of the catalogue, or an isapre plan by its plan code (what comparator cards carry as productCode). */
export const ProductCodeField = text(80)
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/#+-]*$/, 'productCode es un código del catálogo');

/** A comparator code ('seguros-de-salud'). */
export const ComparatorCodeField = text(120)
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'comparator es el código de un comparador');

/**
 * The page the request was made from ('/Seguros/Andes/Complementario/Solicitar'). Only the path is kept:
 * a query string may carry a perfil with personal data.
 */
export const OriginPathField = text(ORIGIN_PATH_MAX_LENGTH)
  .trim()
  .regex(/^\/(?!\/)/, 'originPath es la ruta de la página, por ejemplo /Comparar/Seguros-de-Salud')
  .transform((path) => path.split(/[?#]/)[0]!);

export const productTypeField = z.enum(ProductType.options, {
  error: `productType es uno de: ${ProductType.options.map((type) => `'${type}'`).join(', ')}`,
});

/** The price the visitor was shown: a number, or {value, unit}. 0 is allowed (rule 000-5.27: logged, not refused). */
export const ShownPrice = z.strictObject(
  {
    value: z.preprocess(
      numberFromText,
      z
        .number({ error: 'El precio debe ser un monto, por ejemplo 0,85' })
        .min(0, 'El precio no puede ser negativo'),
    ),
    unit: z
      .enum(PriceUnit.options, { error: `la unidad es una de ${PriceUnit.options.join(', ')}` })
      .optional(),
  },
  { error: 'El precio es un monto o {value, unit}' },
);
export type ShownPrice = z.infer<typeof ShownPrice>;
export const PriceField = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'string' ? { value } : value),
  ShownPrice,
);

/**
 * The visitor's region: its stateCode (13) or a region object as the profile carries it
 * ({stateCode, stateName, …}). In Chile the code is one of the 16 regions.
 */
export const regionFieldFor = (country: Country) =>
  z
    .preprocess(
      (value) => (typeof value === 'number' || typeof value === 'string' ? { stateCode: value } : value),
      Region,
    )
    .refine(
      (region) => country !== 'CL' || (region.stateCode >= 1 && region.stateCode <= CHILE_REGION_COUNT),
      {
        message: `La región debe ser una de las ${CHILE_REGION_COUNT} regiones de Chile (stateCode 1 a ${CHILE_REGION_COUNT})`,
        params: { rule: 'region' },
      },
    );

/**
 * The profile that priced the request, lenient as the comparator's (unknown keys dropped: stored profiles
 * carry retired fields) but with human ages, as any profile a quote is made from.
 */
export const ProfileField = QuoteProfile;

/** Contact fields of a profile, which a request takes as its own when it does not name them itself. */
export const CONTACT_FIELD_NAMES = ['nombre', 'rut', 'email', 'telefono'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The original site's profile carried email, rut, telefono and nombre (seed 000 §3): a body that sends them
 * only inside `profile` gets them lifted to the top level (the top level wins), and they are removed from
 * the profile, so a lead keeps personal data in one place.
 */
export function liftContactFields(value: unknown): unknown {
  if (!isPlainObject(value) || !isPlainObject(value.profile)) return value;
  const body: Record<string, unknown> = { ...value };
  const profile: Record<string, unknown> = { ...value.profile };
  for (const name of CONTACT_FIELD_NAMES) {
    if (isBlank(body[name]) && !isBlank(profile[name])) body[name] = profile[name];
    delete profile[name];
  }
  delete profile.idSalesforce;
  body.profile = profile;
  return body;
}
