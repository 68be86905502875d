import { z } from 'zod';
import { Country, ProductType } from '../catalogue/common';
import { PriceQuote } from '../catalogue/quote';
import { eventOf } from '../events';
import { Profile, Region } from '../profile';
import { LeadType } from '../site';
import { ContractingProgress } from './contracting';
import { ShownPrice } from './fields';
import { LeadStatusRef } from './statuses';
import { CatalogueRef } from './workEvents';

/**
 * Events of the lead aggregate (`lead-{leadId}`) and of contact requests (`contactRequest-{contactId}`).
 * Storefront calls start a lead and change its contact data; the back-office console (issue 5) adds its
 * own events to the same stream: status and sub-status changes, assignment, notes, scheduled events.
 * Personal data (nombre, rut, email, telefono) lives in `contact` only: never in metadata, never logged.
 */

/** Stream category of leads: streams are `lead-{leadId}`, the Kafka topic `cubre.lead`. */
export const LEAD_CATEGORY = 'lead';
/** Stream category of contact-form messages: `contactRequest-{contactId}`. */
export const CONTACT_REQUEST_CATEGORY = 'contactRequest';

/**
 * A plan (or product) request, an add-on insurance requested on top of an isapre plan, or a contact-form
 * message (request type Contactos, issue 5) the back-office works like any other lead.
 */
export const LEAD_KINDS = ['plan', 'addon', 'contact'] as const;
export const LeadKind = z.enum(LEAD_KINDS);
export type LeadKind = z.infer<typeof LeadKind>;

export const LeadId = z.uuid({ error: 'id es el identificador de la solicitud (un UUID)' });

/** Who to call back, as validated and cleaned (RUT formatted, phone as + and digits). */
export const LeadContact = z.strictObject({
  nombre: z.string().min(1).max(200),
  /** The identification of the lead's edition: a formatted RUT in Chile. */
  /** Empty for a contact-form message: that form asks for no identification. */
  rut: z.string().max(40),
  email: z.string().min(3).max(254),
  telefono: z.string().min(8).max(20),
});
export type LeadContact = z.infer<typeof LeadContact>;

/** The product requested, as the catalogue named it when the request was made. */
export const LeadProduct = z.strictObject({
  code: z.string().min(1).max(80),
  displayName: z.string().min(1).max(200),
  productType: ProductType,
  insuranceType: z.string().min(1).max(80),
  organizationCode: z.string().max(120).nullable(),
  organizationName: z.string().max(200).nullable(),
});
export type LeadProduct = z.infer<typeof LeadProduct>;

export const LeadRequestedData = z.strictObject({
  leadId: z.uuid(),
  kind: LeadKind,
  /** Request type of seed 002 §3 (Planes for isapre plans, Colectivos, International Health, Seguros). */
  requestType: LeadType,
  country: Country,
  product: LeadProduct,
  /** Add-ons: the isapre plan the add-on tops up, when the visitor named one. */
  basePlanCode: z.string().max(80).nullable(),
  contact: LeadContact,
  region: Region.nullable(),
  /** The visitor's profile without its contact fields (they are in `contact`). */
  profile: Profile.nullable(),
  /** The price the visitor was shown; null when none was sent (logged, not refused: rule 000-5.27). */
  price: ShownPrice.nullable(),
  /**
   * The product's price for the request's profile, computed by the catalogue when the lead was requested
   * (issue 11): what the executive quotes. Absent on leads requested before quotes were kept.
   */
  quote: PriceQuote.nullable().optional(),
  comparator: z.string().max(120).nullable(),
  originPath: z.string().max(500).nullable(),
  /** The status the lead starts in (INITIAL_LEAD_STATUS; an online purchase's: its first step's). */
  status: LeadStatusRef,
  /** The sub-status it starts in: an online purchase's first step sets one; absent otherwise. */
  subStatus: CatalogueRef.nullable().optional(),
  /** A lead opened by an online purchase (POST /api/compra-online/pasos): its session and first step. */
  contracting: ContractingProgress.optional(),
  /** A contact-form message's subject and text (kind contact); absent otherwise. */
  message: z
    .strictObject({ asunto: z.string().max(150).nullable(), mensaje: z.string().min(1).max(2000) })
    .optional(),
});
export type LeadRequestedData = z.infer<typeof LeadRequestedData>;
export const LeadRequested = eventOf('LeadRequested', LeadRequestedData);
export type LeadRequested = z.infer<typeof LeadRequested>;

/** What an update may change: only the fields that did change are recorded. */
export const LeadContactChanges = z.strictObject({
  nombre: LeadContact.shape.nombre.optional(),
  rut: LeadContact.shape.rut.optional(),
  email: LeadContact.shape.email.optional(),
  telefono: LeadContact.shape.telefono.optional(),
  region: Region.optional(),
  profile: Profile.optional(),
});
export type LeadContactChanges = z.infer<typeof LeadContactChanges>;

export const LeadContactUpdatedData = z.strictObject({
  leadId: z.uuid(),
  changes: LeadContactChanges,
});
export type LeadContactUpdatedData = z.infer<typeof LeadContactUpdatedData>;
export const LeadContactUpdated = eventOf('LeadContactUpdated', LeadContactUpdatedData);
export type LeadContactUpdated = z.infer<typeof LeadContactUpdated>;

export const LeadEvent = z.discriminatedUnion('type', [LeadRequested, LeadContactUpdated]);
export type LeadEvent = z.infer<typeof LeadEvent>;

export const ContactRequestedData = z.strictObject({
  contactId: z.uuid(),
  country: Country,
  nombre: LeadContact.shape.nombre,
  email: LeadContact.shape.email,
  telefono: LeadContact.shape.telefono,
  mensaje: z.string().min(1).max(2000),
  asunto: z.string().max(150).nullable(),
  originPath: z.string().max(500).nullable(),
});
export type ContactRequestedData = z.infer<typeof ContactRequestedData>;
export const ContactRequested = eventOf('ContactRequested', ContactRequestedData);
export type ContactRequested = z.infer<typeof ContactRequested>;
