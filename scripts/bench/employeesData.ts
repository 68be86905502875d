import {
  searchKeyOf,
  type GroupEmployeeDocument,
  type GroupPolicyDocument,
} from '../../projections/src/groupInsurance/documents';
import { employeeStatusOf, type PolicyEmployeeStatus } from '../../schemas/src/groupInsurance/statuses';
import { rutCheckDigit } from '../../schemas/src/identification';

/**
 * Employees as the group-insurance projection writes them, made up by number, for the employee list's
 * benchmark (1,000,000 of them) and its plan test (a few thousand): four companies, two policies each,
 * every status, 1,499 surnames, a change time per person (the list's order).
 */
export const EMPLOYEE_ORGANIZATIONS = ['constructora-andes', 'transportes-sur', 'bench-3', 'bench-4'];
export const POLICIES_PER_ORGANIZATION = 2;
const STATUSES: PolicyEmployeeStatus[] = [
  'ACTIVE',
  'ACTIVE',
  'ACTIVE',
  'PROCESS_ACTIVATION',
  'PROCESS_CANCELLATION',
  'CANCELED',
  'DECLINE',
];

/** The policy of organization `o`'s `p`-th policy. */
export const benchPolicyId = (o: number, p: number) => `bench-policy-${o}-${p}`;
const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

export function benchPolicy(o: number, p: number, now: string): GroupPolicyDocument {
  return {
    _id: benchPolicyId(o, p),
    organizationId: EMPLOYEE_ORGANIZATIONS[o]!,
    insurerCode: 'Cordillera-Seguros',
    number: `BENCH-${o}-${p}`,
    name: `Salud ${o}-${p}`,
    status: 'ACTIVE',
    startDate: '2026-01-01',
    coverageGroups: [
      { code: 'G1', name: 'Grupo 1', planName: 'Plan 1' },
      { code: 'G2', name: 'Grupo 2', planName: 'Plan 2' },
    ],
    counts: { active: 0, pending: 0, canceled: 0 },
    createdAt: now,
    revision: 0,
    rosterRevision: -1,
    openBatch: null,
  };
}

/** Person `i`: RUT 50,000,000 + i, its company and policy by `i`, changed `i` seconds after `since`. */
export function benchEmployee(i: number, since: number): GroupEmployeeDocument {
  const o = i % EMPLOYEE_ORGANIZATIONS.length;
  const policyId = benchPolicyId(
    o,
    Math.floor(i / EMPLOYEE_ORGANIZATIONS.length) % POLICIES_PER_ORGANIZATION,
  );
  const status = STATUSES[i % STATUSES.length]!;
  const legalId = rut(50_000_000 + i);
  const person = {
    legalId,
    name: `Nombre${i % 997}`,
    paternalSurname: `Apellido${i % 1499}`,
    maternalSurname: 'Soto',
    birthDate: '1980-01-01',
    gender: 'Femenino' as const,
    email: null,
    phone: null,
    insuredType: 'TITULAR' as const,
    holderLegalId: null,
    dependentType: null,
    coverageGroup: i % 2 ? 'G1' : 'G2',
    accountType: null,
    accountNumber: null,
    bank: null,
  };
  return {
    _id: `${policyId}.${legalId}`,
    organizationId: EMPLOYEE_ORGANIZATIONS[o]!,
    policyId,
    policyNumber: policyId,
    person,
    legalId,
    paternalSurname: person.paternalSurname,
    coverageGroup: person.coverageGroup,
    insuredType: 'TITULAR',
    status,
    employeeStatus: employeeStatusOf(status),
    movement: status === 'PROCESS_CANCELLATION' || status === 'CANCELED' ? 'BAJA' : 'ALTA',
    effectiveDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`,
    cancellationReason: null,
    lastBulkLoadId: null,
    lastBatchId: 'bench',
    surnameKey: searchKeyOf(`${person.paternalSurname} soto ${person.name}`),
    nameKey: searchKeyOf(`${person.name} ${person.paternalSurname}`),
    history: [],
    batches: [{ batchId: 'bench', bulkLoadId: null }],
    updatedAt: new Date(since + i * 1000).toISOString(),
    revision: 0,
  };
}
