/**
 * Records of the admin API as the console reads them (admin-console/API.md). Each carries `revision`, the
 * stream revision it was read at: the console sends it back as `If-Match` on writes.
 */
import type { PriceQuote } from '@cubre/schemas/catalogue/quote';

export interface StatusRef {
  id: number;
  name: string;
}

export interface LeadContact {
  nombre: string;
  rut: string;
  email: string;
  telefono: string;
}

/** What the console reads of a lead's profile (schemas/src/profile.ts). */
export interface LeadProfile {
  cotizante?: { sexo?: string; edad?: number; ingreso?: number }[];
  cargas?: { sexo?: string; edad?: number; parentesco?: string }[];
  mascota?: { especie?: string; raza?: string; edad?: number }[];
  prevision?: string;
  region?: { stateCode: number; stateName?: string };
  colectivo?: { cantidadempleados?: number };
  cantidadEmpleados?: number;
}

export interface Lead {
  id: string;
  kind: string;
  requestType: string;
  country: string;
  productCode: string;
  productName: string;
  productType?: string;
  insuranceType?: string;
  organizationName?: string | null;
  status: StatusRef;
  subStatus: StatusRef | null;
  failureReason?: StatusRef | null;
  executiveId: string | null;
  /** The executive's name when assigned (copied by the assignment, so it reads the same after a rename). */
  executiveName?: string | null;
  /** Set when the lead was marked Duplicado: the earlier lead it repeats. */
  duplicateOf?: string | null;
  notesCount?: number;
  contact: LeadContact;
  originPath?: string | null;
  /** The visitor's profile that priced the request (contact fields left out). */
  profile?: LeadProfile | null;
  /** The price the visitor's page sent, as it was shown. */
  price?: { value: number; unit?: string } | null;
  /** The catalogue's price for that profile when the lead was requested: what the executive quotes. */
  quote?: PriceQuote | null;
  /** A contact-form lead's subject and text. */
  message?: { asunto: string | null; mensaje: string } | null;
  createdAt: string;
  updatedAt: string;
  revision: number;
  /** Only on an "as of" answer: the moment it was rebuilt at. */
  asOf?: string;
}

export interface LeadStatus {
  id: number;
  name: string;
  colour: string;
  requiresSubStatus: boolean;
  requiresFailureReason: boolean;
  order: number;
  active: boolean;
  revision: number;
}

export interface LeadSubStatus {
  id: number;
  name: string;
  parentIds: number[];
  order: number;
  active: boolean;
  revision: number;
}

export interface FailureReason {
  id: number;
  name: string;
  requestTypes: string[];
  subStatusIds: number[];
  order: number;
  countries: string[];
  active: boolean;
  revision: number;
}

/** The transition policy: from a status (`id`) to the statuses it may move to. */
export interface LeadTransition {
  id: number;
  to: number[];
  revision: number;
}

export type LeadEventType = 'LLAMADA' | 'REUNION';

export interface AgendaEntry {
  id: string;
  leadId: string;
  executiveId: string | null;
  type: LeadEventType;
  at: string;
  remindAt: string | null;
  note: string | null;
  /** Who and what, copied from the lead when scheduled. */
  leadName?: string;
  productName?: string;
  done?: boolean;
}

/** One change of a lead's history: what happened, who did it, when and why (services/src/leads/history.ts). */
export interface LeadHistoryEntry {
  id: string;
  revision: number;
  type: string;
  occurredAt: string;
  actor: { kind: string; id: string; name: string } | null;
  reason: string | null;
  changes: Record<string, unknown>;
}

export interface LeadCounts {
  byStatus: { statusId: number; name: string; count: number }[];
  byExecutive: { executiveId: string; name?: string; count: number }[];
  unassigned?: number;
}

/** What POST /api/admin/leads/assign answers: the ids reassigned, and each lead's outcome. */
export interface BulkAssignResult {
  data: string[];
  results: { id: string; ok: boolean; revision?: number; status?: number; message?: string }[];
}

export interface StatusChange {
  statusId: number;
  subStatusId?: number | null;
  failureReasonId?: number | null;
  reason?: string;
}

export interface ScheduledEvent {
  type: LeadEventType;
  at: string;
  remindAt?: string | null;
  note?: string;
}
