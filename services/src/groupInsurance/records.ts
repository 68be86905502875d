import type { ReadStore } from '@cubre/platform/ports/readStore';
import type {
  BulkLoadDocument,
  BulkLoadProblemDocument,
  GroupEmployeeDocument,
  GroupPolicyDocument,
} from '@cubre/projections/groupInsurance/documents';
import type { BulkLoadProblemRecord, BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { EmployeeHistoryEntry, EmployeeRecord } from '@cubre/schemas/groupInsurance/employee';
import type { PolicyRecord } from '@cubre/schemas/groupInsurance/policy';
import { ORGANIZATIONS_COLLECTION, type OrganizationDocument } from '@cubre/schemas/identity/documents';
import { organizationsOfTypes } from '../catalogue';
import { daysBetween } from './rosterChangeDecider';

/** Today's calendar date in Chile (the rows' dates and the retroactive days are Chilean days). */
export const chileToday = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(now);

/** Whole years from a birth date to today (002-5.15); null without a valid date. */
export function ageOn(birthDate: string | null, today: string): number | null {
  if (!birthDate || Number.isNaN(Date.parse(birthDate))) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 && daysBetween(birthDate, today) >= 0 ? age : null;
}

export function employeeRecordOf(doc: GroupEmployeeDocument, today: string): EmployeeRecord {
  const { person } = doc;
  return {
    id: doc._id,
    organizationId: doc.organizationId,
    policyId: doc.policyId,
    policyNumber: doc.policyNumber,
    legalId: person.legalId,
    name: person.name,
    paternalSurname: person.paternalSurname,
    maternalSurname: person.maternalSurname,
    birthDate: person.birthDate,
    age: ageOn(person.birthDate, today),
    gender: person.gender,
    email: person.email,
    phone: person.phone,
    insuredType: person.insuredType,
    holderLegalId: person.holderLegalId,
    dependentType: person.dependentType,
    coverageGroup: person.coverageGroup,
    status: doc.status,
    employeeStatus: doc.employeeStatus,
    movement: doc.movement,
    effectiveDate: doc.effectiveDate,
    cancellationReason: doc.cancellationReason,
    lastBulkLoadId: doc.lastBulkLoadId,
    lastBatchId: doc.lastBatchId,
    updatedAt: doc.updatedAt,
    revision: doc.revision,
  };
}

/** The person's history, newest first. */
export const historyOf = (doc: GroupEmployeeDocument): EmployeeHistoryEntry[] =>
  doc.history.map((item) => ({ id: `${doc._id}.${item.revision}`, employeeId: doc._id, ...item })).reverse();

/**
 * Organization and insurer names for a page of policies (two small reads): the page's organizations by
 * id (never every organization), the catalogue's insurers (read whole, as the catalogue is).
 */
export async function policyNames(readStore: ReadStore, organizationIds: readonly string[]) {
  const ids = [...new Set(organizationIds)];
  const found = ids.length
    ? await readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).find({ _id: { $in: ids } })
    : [];
  const organizations = new Map(found.map((doc) => [doc._id, doc.name]));
  const insurers = new Map(
    (await organizationsOfTypes(readStore)(['ASEGURADORA', 'ISAPRE', 'EPS', 'MEDICINA_PREPAGADA'])).map(
      (definition) => [definition.code, definition.displayName],
    ),
  );
  return {
    organization: (id: string) => organizations.get(id) ?? id,
    insurer: (code: string) => insurers.get(code) ?? code,
  };
}

export function policyRecordOf(
  doc: GroupPolicyDocument,
  names: { organization(id: string): string; insurer(code: string): string },
): PolicyRecord {
  return {
    id: doc._id,
    organizationId: doc.organizationId,
    organizationName: names.organization(doc.organizationId),
    insurerCode: doc.insurerCode,
    insurerName: names.insurer(doc.insurerCode),
    number: doc.number,
    name: doc.name,
    status: doc.status,
    startDate: doc.startDate,
    coverageGroups: doc.coverageGroups,
    counts: doc.counts,
    revision: doc.revision,
    rosterRevision: doc.rosterRevision,
    createdAt: doc.createdAt,
  };
}

export function bulkLoadRecordOf(doc: BulkLoadDocument, policyNumber: string): BulkLoadRecord {
  return {
    id: doc._id,
    organizationId: doc.organizationId,
    policyId: doc.policyId,
    policyNumber,
    kind: doc.kind,
    fileName: doc.fileName,
    size: doc.size,
    status: doc.status,
    progress: doc.progress,
    counts: doc.counts,
    batchId: doc.batchId,
    failure: doc.failure,
    createdAt: doc.createdAt,
    createdBy: doc.createdBy,
    updatedAt: doc.updatedAt,
    revision: doc.revision,
  };
}

export const bulkLoadProblemRecordOf = (doc: BulkLoadProblemDocument): BulkLoadProblemRecord => ({
  id: doc._id,
  bulkLoadId: doc.bulkLoadId,
  organizationId: doc.organizationId,
  rowNumber: doc.rowNumber,
  column: doc.column,
  rule: doc.rule,
  message: doc.message,
});
