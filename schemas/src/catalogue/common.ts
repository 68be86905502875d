import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';

/** Editions of the marketplace (seed 001 §1); 'INT' is the international edition. */
export const Country = z.enum(COUNTRY_CODES);
export type Country = z.infer<typeof Country>;

/** URL segments and codes: what appears in a product's path (`/Seguros/{organization}/{product}`). */
export const Slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dots, dashes and underscores');

/** Catalogue codes: plan codes of the Superintendencia carry spaces and slashes too ("13-EF0510-24"). */
export const CatalogueCode = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/#+-]*$/, 'a catalogue code is letters, digits and . _ / # + - or spaces');

/** Price units of seed 000 §9 and 001 §9, including the international special units. */
export const PriceUnit = z.enum([
  'CLP',
  'UF',
  'PEN',
  'USD',
  'COP',
  'USD/Año',
  'USD/V',
  'USD/MUNDO',
  'USD/USA',
  'USD/LATAM',
]);
export type PriceUnit = z.infer<typeof PriceUnit>;

/** Product types seen in seed 000 §3; '' is the default (individual health). */
export const ProductType = z.enum([
  '',
  'SEGURO_MASCOTAS',
  'SEGURO COLECTIVO',
  'SCTR',
  'colectivo',
  'SEGURO INTERNACIONAL',
  'SEGURO VIDA',
  'ISAPRES',
  'Medicina Prepagada',
]);
export type ProductType = z.infer<typeof ProductType>;

export const IsoDate = z.iso.date();

export const Faq = z.strictObject({ question: z.string().min(1), answer: z.string().min(1) });
export type Faq = z.infer<typeof Faq>;

export const Seo = z.strictObject({
  title: z.string().min(1).max(200),
  description: z.string().max(400),
  image: z.string().optional(),
});
