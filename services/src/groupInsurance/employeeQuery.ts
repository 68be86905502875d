import type { Filter } from '@cubre/platform/ports/readStore';
import { invalidRequest } from '@cubre/platform/http/problem';
import { searchKeyOf } from '@cubre/projections/groupInsurance/documents';
import { EmployeeListFilter } from '@cubre/schemas/groupInsurance/employee';
import { movementOfFilter } from '@cubre/schemas/groupInsurance/statuses';
import { cleanRut, isValidRut } from '@cubre/schemas/identification';
import { scopedFilter, type CompanyScope } from './scope';

/** A prefix as a range (what an ordered index answers, where a regex would read every key). */
const prefix = (text: string) => ({ $gte: text, $lt: `${text}\uffff` });

/**
 * q: a RUT (whole, or the first digits of its body) or the first letters of a name ("perez j",
 * "juan pe"): surname-first and name-first keys, accents and case ignored.
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
  const key = searchKeyOf(trimmed);
  return { $or: [{ surnameKey: prefix(key) }, { nameKey: prefix(key) }] };
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
    throw invalidRequest([
      {
        field: 'filter.uninsured',
        rule: 'employee:read-uninsured',
        message: 'requiere el permiso employee:read-uninsured',
      },
    ]);
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
