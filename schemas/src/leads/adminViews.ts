import { z } from 'zod';
import { Country, ProductType } from '../catalogue/common';
import { PriceQuote } from '../catalogue/quote';
import { Profile, Region } from '../profile';
import { LeadType } from '../site';
import { ContractingProgress } from './contracting';
import { LeadContact, LeadKind } from './events';
import { ShownPrice } from './fields';
import { LeadEventType } from './policy';
import { LeadStatusRef } from './statuses';

/**
 * What the admin API answers about leads (admin-console/API.md), built by services/src/leads (adminView.ts,
 * history.ts, adminRoutes.ts), which return these types; the console reads them with `import type`. Not
 * used to validate: the server builds these answers itself.
 */

const Instant = z.string();

/** A lead as the console shows it: the read model's lead, or the lead as it stood at a past moment. */
export const AdminLeadView = z.object({
  id: z.string(),
  kind: LeadKind,
  requestType: LeadType,
  country: Country,
  productCode: z.string(),
  productName: z.string(),
  productType: ProductType,
  insuranceType: z.string(),
  organizationCode: z.string().nullable(),
  organizationName: z.string().nullable(),
  basePlanCode: z.string().nullable(),
  status: LeadStatusRef,
  subStatus: LeadStatusRef.nullable(),
  failureReason: LeadStatusRef.nullable(),
  executiveId: z.string().nullable(),
  /** The executive's name when assigned (copied by the assignment, so it reads the same after a rename). */
  executiveName: z.string().nullable(),
  /** Set when the lead was marked Duplicado: the earlier lead it repeats. */
  duplicateOf: z.string().nullable(),
  notesCount: z.number(),
  contact: LeadContact,
  region: Region.nullable(),
  /** The visitor's profile that priced the request (contact fields left out). */
  profile: Profile.nullable(),
  /** The price the visitor's page sent, as it was shown. */
  price: ShownPrice.nullable(),
  /** The catalogue's price for that profile when the lead was requested: what the executive quotes. */
  quote: PriceQuote.nullable(),
  comparator: z.string().nullable(),
  originPath: z.string().nullable(),
  /** A contact-form lead's subject and text. */
  message: z.object({ asunto: z.string().nullable(), mensaje: z.string() }).nullable(),
  /** A lead opened by an online purchase: its session and the last step reported; null otherwise. */
  contracting: ContractingProgress.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  /** The stream revision it was read at: the console sends it back as `If-Match` on writes. */
  revision: z.number(),
  /** Only on an "as of" answer (GET /api/admin/leads/{id}?asOf=): the moment it was rebuilt at. */
  asOf: Instant.optional(),
});
export type AdminLeadView = z.infer<typeof AdminLeadView>;

/** One call or meeting of an executive's agenda (GET /api/admin/agenda). */
export const AgendaEntry = z.object({
  id: z.string(),
  leadId: z.string(),
  executiveId: z.string().nullable(),
  type: LeadEventType,
  at: Instant,
  remindAt: Instant.nullable(),
  note: z.string().nullable(),
  /** Who and what, copied from the lead when scheduled. */
  leadName: z.string(),
  productName: z.string(),
  createdAt: Instant,
  revision: z.number(),
});
export type AgendaEntry = z.infer<typeof AgendaEntry>;

/** One change of a lead's history: what happened, who did it, when and why (GET …/leads/{id}/history). */
export const LeadHistoryEntry = z.object({
  id: z.string(),
  revision: z.number(),
  type: z.string(),
  occurredAt: Instant,
  actor: z.object({ kind: z.string(), id: z.string(), name: z.string() }),
  reason: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
});
export type LeadHistoryEntry = z.infer<typeof LeadHistoryEntry>;

/** GET /api/admin/lead-counts: the dashboard's leads by status and by executive. */
export const LeadCounts = z.object({
  byStatus: z.array(z.object({ statusId: z.number(), name: z.string(), count: z.number() })),
  byExecutive: z.array(z.object({ executiveId: z.string(), name: z.string(), count: z.number() })),
  /** Leads nobody is assigned to; 0 for a caller who sees only their own. */
  unassigned: z.number(),
});
export type LeadCounts = z.infer<typeof LeadCounts>;

/** What POST /api/admin/leads/assign answers: the ids reassigned, and each lead's outcome. */
export const BulkAssignResult = z.object({
  data: z.array(z.string()),
  results: z.array(
    z.union([
      z.object({ id: z.string(), ok: z.literal(true), revision: z.number() }),
      z.object({ id: z.string(), ok: z.literal(false), status: z.number(), message: z.string() }),
    ]),
  ),
});
export type BulkAssignResult = z.infer<typeof BulkAssignResult>;
