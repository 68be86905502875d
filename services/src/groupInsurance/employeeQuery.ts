import type { Filter, SortSpec } from '@cubre/platform/ports/readStore';
import { forbidden } from '@cubre/platform/http/guard';
import { invalidRequest } from '@cubre/platform/http/problem';
import { EMPLOYEE_LIST_ORDER, searchKeyOf } from '@cubre/projections/groupInsurance/documents';
import { EmployeeListFilter } from '@cubre/schemas/groupInsurance/employee';
import { movementOfFilter } from '@cubre/schemas/groupInsurance/statuses';
import { cleanRut, isValidRut } from '@cubre/schemas/identification';
import { scopedFilter, type CompanyScope } from './scope';

/** A prefix as a range (what an ordered index answers, where a regex would read every key). */
const prefix = (text: string) => ({ $gte: text, $lt: `${text}\uffff` });

/**
 * q: a RUT (whole, or the first digits of its body) or the first letters of "paternal maternal name"
 * ("perez so"), accents and case ignored.
 */
export function searchFilter(q: string): Filter | null {
  const trimmed = q.trim();
  if (trimmed === '') return null;
  if (/^[0-9.\-\skK]+$/.test(trimmed) && /[0-9]/.test(trimmed)) {
    const rut = cleanRut(trimmed);
    if (/[-kK]/.test(trimmed) || (rut.length >= 8 && isValidRut(rut))) {
      return isValidRut(rut) ? { legalId: `${rut.slice(0, -1)}-${rut.slice(-1)}` } : { legalId: rut };
    }
    return { legalId: prefix(rut) };
  }
  // One key, one range (an $or of two keys made the count read every candidate: 1.2 s at 300,000).
  return { surnameKey: prefix(searchKeyOf(trimmed)) };
}

/**
 * The employees read-model filter of the console's list query (002-4.09 and the issue's filters), inside
 * the caller's scope; null when it can match nothing (another company's organizationId).
 */
export function employeeFilterOf(
  scope: CompanyScope,
  raw: Record<string, unknown>,
  may: { readUninsured: boolean },
): Filter | null {
  const parsed = EmployeeListFilter.safeParse(raw);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => ({
        field: ['filter', ...issue.path.map(String)].join('.'),
        rule: issue.code,
        message: issue.message,
      })),
    );
  }
  const f = parsed.data;
  if (f.uninsured && !may.readUninsured) {
    throw forbidden('FORBIDDEN', 'requiere el permiso employee:read-uninsured', 'filter.uninsured');
  }
  const base = scopedFilter(scope, f.organizationId);
  if (!base) return null;
  const filter: Filter = { ...base };
  const movement = f.movement ? movementOfFilter(f.movement) : null;
  if (movement) filter.movement = movement;
  if (f.id !== undefined) filter._id = { $in: Array.isArray(f.id) ? f.id : [f.id] };
  if (f.policyId !== undefined)
    filter.policyId = Array.isArray(f.policyId) ? { $in: f.policyId } : f.policyId;
  if (f.coverageGroup) filter.coverageGroup = f.coverageGroup;
  if (f.status !== undefined) filter.status = Array.isArray(f.status) ? { $in: f.status } : f.status;
  if (f.employeeStatus) filter.employeeStatus = f.employeeStatus;
  if (f.uninsured) filter.employeeStatus = 'INACTIVE';
  if (f.insuredType) filter.insuredType = f.insuredType;
  if (f.lastBulkLoadId) filter.lastBulkLoadId = f.lastBulkLoadId;
  if (f.effectiveDateFrom || f.effectiveDateTo) {
    filter.effectiveDate = {
      ...(f.effectiveDateFrom ? { $gte: f.effectiveDateFrom } : {}),
      ...(f.effectiveDateTo ? { $lte: f.effectiveDateTo } : {}),
    };
  }
  const search = f.q ? searchFilter(f.q) : null;
  return search ? { ...filter, ...search } : filter;
}

/** The employees list's read: its filter (null: nothing can match) and its order. */
export interface EmployeeListRead {
  filter: Filter | null;
  sort: SortSpec;
}

/**
 * The list's read as its indexes serve it (projections/src/groupInsurance/documents.ts, EMPLOYEE_INDEXES):
 * - one policy of the caller's (`policyOrganization` says whose it is): the organization condition is
 *   dropped, the policy implies it, so the policy's own indexes answer; another company's policy matches
 *   nothing;
 * - a search (`q`) lists in the order of the key it matched (RUT or "paternal maternal name"), whatever
 *   sort was asked: its matches are a stretch of that key's index;
 * - otherwise last changed first (the console's order), ties by `_id`.
 */
export async function employeeListRead(
  scope: CompanyScope,
  raw: Record<string, unknown>,
  may: { readUninsured: boolean },
  policyOrganization: (policyId: string) => Promise<string | null>,
): Promise<EmployeeListRead> {
  let filter = employeeFilterOf(scope, raw, may);
  if (filter && typeof filter.policyId === 'string' && 'organizationId' in filter) {
    const owner = await policyOrganization(filter.policyId);
    if (owner !== filter.organizationId) return { filter: null, sort: EMPLOYEE_LIST_ORDER };
    const { organizationId: _implied, ...rest } = filter;
    filter = rest;
  }
  if (filter && 'surnameKey' in filter) return { filter, sort: { surnameKey: 1, _id: 1 } };
  // A whole RUT is an equality: its rows (one per policy) in `_id` order, the rest of its index.
  if (filter && typeof filter.legalId === 'string') return { filter, sort: { _id: 1 } };
  if (filter && 'legalId' in filter) return { filter, sort: { legalId: 1, _id: 1 } };
  return { filter, sort: EMPLOYEE_LIST_ORDER };
}
