import { CommandRejected } from '@cubre/platform/core/decider';
import { DEFAULT_RETROACTIVE_DAYS } from '@cubre/schemas/insurers/settings';
import type { InsuredState } from '@cubre/schemas/groupInsurance/roster';
import { employeeStatusOf } from '@cubre/schemas/groupInsurance/statuses';
import {
  activationOutcome,
  answerOutcome,
  cancellationOutcome,
  effectiveDateProblem,
  undoChanges,
} from '@cubre/services/groupInsurance/rosterChangeDecider';
import { rosterDecider } from '@cubre/services/groupInsurance/rosterDecider';
import { insuredPerson } from './rosterFixtures';

/** The roster's pure rules (issue 16): what a row, an answer or an undo does to one person. */
const person = insuredPerson('12345678-5', {
  paternalSurname: 'Soto',
  birthDate: '1985-04-12',
  gender: 'Femenino',
});
const state = (status: InsuredState['status'], extra: Partial<InsuredState> = {}): InsuredState => ({
  person,
  status,
  movement: status === 'PROCESS_CANCELLATION' || status === 'CANCELED' ? 'BAJA' : 'ALTA',
  effectiveDate: '2026-11-01',
  cancellationReason: null,
  ...extra,
});
const request = { person, effectiveDate: '2026-11-01', rowNumber: 2 };

test('002-1.01 an activation asks for PROCESS_ACTIVATION of someone new, canceled or declined; the same row again is no change; other values correct the data', () => {
  for (const current of [null, state('CANCELED'), state('DECLINE')]) {
    const outcome = activationOutcome(current, request);
    expect(outcome).toMatchObject({
      kind: 'change',
      change: { before: current, after: { status: 'PROCESS_ACTIVATION', movement: 'ALTA' } },
    });
  }
  expect(activationOutcome(state('ACTIVE'), request)).toEqual({ kind: 'unchanged' });
  expect(activationOutcome(state('PROCESS_ACTIVATION'), request)).toEqual({ kind: 'unchanged' });
  const corrected = activationOutcome(state('ACTIVE'), {
    ...request,
    person: { ...person, coverageGroup: 'G2' },
  });
  expect(corrected).toMatchObject({
    kind: 'change',
    change: { after: { status: 'ACTIVE', person: { coverageGroup: 'G2' } } },
  });
});

test('002-1.01 a cancellation asks for PROCESS_CANCELLATION of an ACTIVE person; nobody else can be cancelled', () => {
  const cancel = { legalId: person.legalId, effectiveDate: '2026-11-20', reason: 'Renuncia', rowNumber: 3 };
  expect(cancellationOutcome(state('ACTIVE'), cancel)).toMatchObject({
    kind: 'change',
    change: { after: { status: 'PROCESS_CANCELLATION', movement: 'BAJA', cancellationReason: 'Renuncia' } },
  });
  expect(cancellationOutcome(null, cancel)).toMatchObject({
    kind: 'problem',
    rule: 'not-insured',
    column: 'legalId',
  });
  expect(cancellationOutcome(state('PROCESS_ACTIVATION'), cancel)).toMatchObject({
    rule: 'activation-pending',
  });
  const waiting = state('PROCESS_CANCELLATION', {
    effectiveDate: '2026-11-20',
    cancellationReason: 'Renuncia',
  });
  expect(cancellationOutcome(waiting, cancel)).toEqual({ kind: 'unchanged' });
});

test('002-4.08 each process is accepted or declined; a person with none open has nothing to answer', () => {
  const answered = (status: InsuredState['status'], answer: 'accept' | 'decline') => {
    const outcome = answerOutcome(state(status), answer);
    return outcome.kind === 'change' ? outcome.change.after!.status : outcome.kind;
  };
  expect(answered('PROCESS_ACTIVATION', 'accept')).toBe('ACTIVE');
  expect(answered('PROCESS_ACTIVATION', 'decline')).toBe('DECLINE');
  expect(answered('PROCESS_CANCELLATION', 'accept')).toBe('CANCELED');
  expect(answered('PROCESS_CANCELLATION', 'decline')).toBe('ACTIVE');
  expect(answered('ACTIVE', 'accept')).toBe('problem');
});

test('002-4.05 the employee status follows the process: ACTIVE, PENDING, INACTIVE', () => {
  expect(employeeStatusOf('ACTIVE')).toBe('ACTIVE');
  expect(employeeStatusOf('PROCESS_CANCELLATION')).toBe('ACTIVE');
  expect(employeeStatusOf('PROCESS_ACTIVATION')).toBe('PENDING');
  expect(employeeStatusOf('CANCELED')).toBe('INACTIVE');
  expect(employeeStatusOf('DECLINE')).toBe('INACTIVE');
});

test('002-9.04 002-9.05 effective dates: activation 30 days back to 45 forward, cancellation 30 and 30, per insurer', () => {
  const today = '2026-11-26';
  const at = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const days = DEFAULT_RETROACTIVE_DAYS;
  expect(effectiveDateProblem(at(-30), today, 'activation', days)).toBeNull();
  expect(effectiveDateProblem(at(-31), today, 'activation', days)).toMatchObject({ rule: '002-9.04' });
  expect(effectiveDateProblem(at(45), today, 'activation', days)).toBeNull();
  expect(effectiveDateProblem(at(46), today, 'activation', days)).toMatchObject({ rule: '002-9.04' });
  expect(effectiveDateProblem(at(30), today, 'cancellation', days)).toBeNull();
  expect(effectiveDateProblem(at(31), today, 'cancellation', days)).toMatchObject({ rule: '002-9.05' });
  const own = { ...days, cancellationDaysForward: 60 };
  expect(effectiveDateProblem(at(50), today, 'cancellation', own)).toBeNull();
});

test('an undo gives every person back as the batch found them, and one batch at a time per policy', () => {
  const added = { legalId: person.legalId, rowNumber: 2, before: null, after: state('PROCESS_ACTIVATION') };
  expect(undoChanges([added], new Map([[person.legalId, state('PROCESS_ACTIVATION')]]))).toEqual([
    { legalId: person.legalId, rowNumber: 2, before: state('PROCESS_ACTIVATION'), after: null },
  ]);
  const batch = { batchId: 'b1', kind: 'activation' as const, bulkLoadId: null, refersTo: null, by: 'u' };
  const open = { openBatch: { batchId: 'b1', kind: 'activation' as const } };
  expect(rosterDecider.decide({ type: 'OpenBatch', policyId: 'p', batch }, open)).toEqual([]);
  expect(() =>
    rosterDecider.decide({ type: 'OpenBatch', policyId: 'p', batch: { ...batch, batchId: 'b2' } }, open),
  ).toThrow(CommandRejected);
  const chunks = rosterDecider.decide(
    {
      type: 'RecordChanges',
      policyId: 'p',
      batchId: 'b1',
      changes: Array.from({ length: 1001 }, () => added),
    },
    open,
  );
  expect(chunks.map((event) => event.type === 'RosterChangesRecorded' && event.data.changes.length)).toEqual([
    500, 500, 1,
  ]);
});
