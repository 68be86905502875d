import type { ReadStore } from '@cubre/platform/ports/readStore';
import {
  GROUP_EMPLOYEES_COLLECTION,
  GROUP_POLICIES_COLLECTION,
} from '@cubre/projections/groupInsurance/documents';
import type { InsuredPerson, InsuredState } from '@cubre/schemas/groupInsurance/roster';

/**
 * The roster's events as the projection and domain tests write them by hand: a person with only what a
 * TITULAR of coverage group G1 needs, that person's state in the roster, acme's policy P1, and the read
 * model they make. Shared by the projection's own tests and the runtime's (Kafka) ones.
 */

/** A TITULAR of G1 with every optional field empty; `overrides` names, dates, anything a test looks at. */
export const insuredPerson = (legalId: string, overrides: Partial<InsuredPerson> = {}): InsuredPerson => ({
  legalId,
  name: 'Ana',
  paternalSurname: 'Rojas',
  maternalSurname: null,
  birthDate: '1990-01-01',
  gender: null,
  email: null,
  phone: null,
  insuredType: 'TITULAR',
  holderLegalId: null,
  dependentType: null,
  coverageGroup: 'G1',
  accountType: null,
  accountNumber: null,
  bank: null,
  ...overrides,
});

/** The person's state in the roster, effective 2026-11-01. */
export const insuredState = (
  person: InsuredPerson,
  status: InsuredState['status'],
  movement: InsuredState['movement'],
): InsuredState => ({ person, status, movement, effectiveDate: '2026-11-01', cancellationReason: null });

/** PolicyCreated's data for acme's active policy P1 (Cordillera Seguros, one coverage group G1). */
export const acmePolicyCreated = (policyId: string) => ({
  policyId,
  organizationId: 'acme',
  insurerCode: 'Cordillera-Seguros',
  number: 'P1',
  name: 'Vida colectivo',
  coverageGroups: [{ code: 'G1', name: 'Todos' }],
  status: 'ACTIVE',
  startDate: '2026-01-01',
});

/** The group-insurance read model: its policies and its employees, each by id. */
export const groupReadModelOf = async (store: ReadStore) => ({
  policies: await store.collection(GROUP_POLICIES_COLLECTION).find({}, { sort: { _id: 1 } }),
  employees: await store.collection(GROUP_EMPLOYEES_COLLECTION).find({}, { sort: { _id: 1 } }),
});
