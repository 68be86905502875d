import { z } from 'zod';
import { Faq, PriceUnit, ProductType, Slug } from './common';
import { OrganizationType } from './organization';

export const ComparatorFeature = z.strictObject({
  code: z.string().min(1).max(60),
  name: z.string().min(1).max(120),
  description: z.string().max(400).optional(),
  icon: z.string().max(120).optional(),
});

export const BlockZone = z.strictObject({
  id: z.string().min(1).max(60),
  zone: z.enum(['top', 'middle', 'bottom', 'sidebar']),
  title: z.string().max(200).optional(),
  html: z.string().max(20_000),
});

export const WhyUs = z.strictObject({
  title: z.string().min(1).max(120),
  text: z.string().max(1000),
  icon: z.string().max(120).optional(),
});

/** A comparator page: which products it compares and the content around them (seed 000 §7 comparator calls). */
export const ComparatorDefinition = z.strictObject({
  code: Slug,
  name: z.string().min(1).max(120),
  /** Base URL of its page ("Comparar/Seguros-de-Salud"): the comparator resolver matches on it. */
  baseUrl: z.string().min(1).max(200),
  insuranceTypes: z.array(z.string().min(1).max(60)).min(1).max(30),
  organizationTypes: z.array(OrganizationType).min(1).max(7),
  productType: ProductType.default(''),
  /** Page size of the results (20; 15 on landings — seed 000 §9). */
  pageSize: z.number().int().min(1).max(100).default(20),
  features: z.array(ComparatorFeature).max(40).default([]),
  faq: z.array(Faq).max(40).default([]),
  blockZones: z.array(BlockZone).max(20).default([]),
  whyUs: z.array(WhyUs).max(12).default([]),
  benefits: z.array(z.string().max(300)).max(20).default([]),
  showcase: z.boolean().default(false),
});
export type ComparatorDefinition = z.infer<typeof ComparatorDefinition>;

/** A comparator in a list (GET /api/comparator): what a menu or a resolver needs, not its content. */
export const ComparatorSummary = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  /** Its insurance types with their url segments (null: a type the catalogue does not know) and names. */
  insuranceTypes: z.array(
    z.object({ name: z.string(), urlSegment: z.string().nullable(), displayName: z.string() }),
  ),
  organizationTypes: z.array(OrganizationType),
  productType: ProductType,
  pageSize: z.number(),
  showcase: z.boolean(),
});
export type ComparatorSummary = z.infer<typeof ComparatorSummary>;

/**
 * A whole comparator (GET /api/comparator?baseUrl=): its summary and its page content. Built by
 * services/src/catalogue/views/comparators.ts, which returns these types.
 */
export const ComparatorView = ComparatorSummary.extend({
  /** The currency its cards' prices, and so its price filter, are in, in the request's edition (issue 11). */
  priceCurrency: PriceUnit,
  features: z.array(ComparatorFeature),
  benefits: z.array(z.string()),
  faq: z.array(Faq),
  blockZones: z.array(BlockZone),
  whyUs: z.array(WhyUs),
});
export type ComparatorView = z.infer<typeof ComparatorView>;
export type ComparatorFeature = z.infer<typeof ComparatorFeature>;

/**
 * A clinic or hospital a comparator's products list as a care provider, with how many of its cards list it
 * (GET /api/comparator/{code}/coverageOrganizations, issue 11).
 */
export const ComparatorProvider = z.object({
  code: z.string(),
  displayName: z.string(),
  productCount: z.number(),
});
export type ComparatorProvider = z.infer<typeof ComparatorProvider>;
