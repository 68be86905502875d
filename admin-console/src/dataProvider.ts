import type { SaleHistoryEntry } from '@cubre/schemas/payments/adminRecords';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, Identifier } from 'react-admin';
import { httpClient } from './httpClient';
import { ifMatchOfRevision } from './httpLogic';
import { amountFilterToMinor } from './payments/amounts';
import type {
  BulkAssignResult,
  Lead,
  LeadCounts,
  LeadHistoryEntry,
  ScheduledEvent,
  StatusChange,
} from './types';

export const API_URL = '/api/admin';

/** A lead command's body plus the revision the console decided it on (sent as If-Match, not in the body). */
export interface Revisioned {
  revision?: number | null;
}

/**
 * The console's data provider: react-admin's own ra-data-simple-rest for the resources (admin-console/API.md
 * follows its conventions), plus the lead commands and queries that are not CRUD. Commands answer the
 * lead as it is after the change (the server waits for its projections), so the console can show it at once.
 */
export interface CubreDataProvider extends DataProvider {
  changeLeadStatus(id: Identifier, change: StatusChange & Revisioned): Promise<{ data: Lead }>;
  assignLead(
    id: Identifier,
    body: { executiveId: string; reason?: string } & Revisioned,
  ): Promise<{ data: Lead }>;
  assignLeads(body: {
    ids: Identifier[];
    executiveId: string;
    reason?: string;
  }): Promise<{ data: BulkAssignResult }>;
  addLeadNote(id: Identifier, body: { text: string } & Revisioned): Promise<{ data: Lead }>;
  scheduleLeadEvent(id: Identifier, body: ScheduledEvent & Revisioned): Promise<{ data: Lead }>;
  getLeadHistory(id: Identifier): Promise<{ data: LeadHistoryEntry[] }>;
  /** A sale's events and its payments' (GET /api/admin/sales/{id}/history), oldest first. */
  getSaleHistory(id: Identifier): Promise<{ data: SaleHistoryEntry[] }>;
  getLeadAsOf(id: Identifier, asOf: string): Promise<{ data: Lead }>;
  getLeadCounts(): Promise<{ data: LeadCounts }>;
  /**
   * A console command under /api/admin (issue 15: a manual arrears mail, a forced charge, a cancellation):
   * the Idempotency-Key made when its dialog opened, If-Match from the record's revision.
   */
  adminCommand<T>(
    path: string,
    body: object,
    options: { idempotencyKey?: string; revision?: number | null; method?: 'POST' | 'PUT' },
  ): Promise<{ data: T }>;
}

const leadPath = (id: Identifier, suffix = '') =>
  `${API_URL}/leads/${encodeURIComponent(String(id))}${suffix}`;

async function command<T>(url: string, body: object, revision?: number | null): Promise<{ data: T }> {
  const headers = new Headers({ Accept: 'application/json' });
  const ifMatch = ifMatchOfRevision(revision);
  if (ifMatch) headers.set('If-Match', ifMatch);
  const { json } = await httpClient(url, { method: 'POST', body: JSON.stringify(body), headers });
  return { data: json as T };
}

/** Drops the revision from a command body: it travels as If-Match. */
function split<T extends Revisioned>(body: T): [Omit<T, 'revision'>, number | null | undefined] {
  const { revision, ...rest } = body;
  return [rest, revision];
}

export function createDataProvider(): CubreDataProvider {
  const rest = simpleRestProvider(API_URL, httpClient);
  return {
    ...rest,
    // Sales and payments are filtered by an amount typed in pesos or dollars: the API takes minor units.
    getList(resource, params) {
      if (resource !== 'sales' && resource !== 'payments') return rest.getList(resource, params);
      return rest.getList(resource, { ...params, filter: amountFilterToMinor(params.filter ?? {}) });
    },
    changeLeadStatus(id, change) {
      const [body, revision] = split(change);
      return command<Lead>(leadPath(id, '/status'), body, revision);
    },
    assignLead(id, assignment) {
      const [body, revision] = split(assignment);
      return command<Lead>(leadPath(id, '/assign'), body, revision);
    },
    assignLeads(body) {
      return command<BulkAssignResult>(`${API_URL}/leads/assign`, body);
    },
    addLeadNote(id, note) {
      const [body, revision] = split(note);
      return command<Lead>(leadPath(id, '/notes'), body, revision);
    },
    scheduleLeadEvent(id, event) {
      const [body, revision] = split(event);
      return command<Lead>(leadPath(id, '/events'), body, revision);
    },
    async getLeadHistory(id) {
      const { json } = await httpClient(leadPath(id, '/history'));
      return { data: (Array.isArray(json) ? json : (json?.data ?? [])) as LeadHistoryEntry[] };
    },
    async getSaleHistory(id) {
      const { json } = await httpClient(`${API_URL}/sales/${encodeURIComponent(String(id))}/history`);
      return { data: json as SaleHistoryEntry[] };
    },
    async getLeadAsOf(id, asOf) {
      const { json } = await httpClient(`${leadPath(id)}?asOf=${encodeURIComponent(asOf)}`);
      return { data: json as Lead };
    },
    async getLeadCounts() {
      const { json } = await httpClient(`${API_URL}/lead-counts`);
      return { data: json as LeadCounts };
    },
    async adminCommand<T>(
      path: string,
      body: object,
      options: { idempotencyKey?: string; revision?: number | null; method?: 'POST' | 'PUT' },
    ) {
      const headers = new Headers({ Accept: 'application/json' });
      if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
      const ifMatch = ifMatchOfRevision(options.revision);
      if (ifMatch) headers.set('If-Match', ifMatch);
      const { json } = await httpClient(`${API_URL}${path}`, {
        // PUT for a setting that is a state (a policy's arrears notice), POST for an action.
        method: options.method ?? 'POST',
        body: JSON.stringify(body),
        headers,
      });
      return { data: json as T };
    },
  };
}

export const dataProvider = createDataProvider();
