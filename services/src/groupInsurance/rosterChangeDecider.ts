import type { RetroactiveDays } from '@cubre/schemas/insurers/settings';
import type { InsuredPerson, InsuredState, RosterChange } from '@cubre/schemas/groupInsurance/roster';
import type { BulkKind } from '@cubre/schemas/groupInsurance/statuses';

/**
 * What one request does to one insured person (pure; the handler gives the person's current state from the
 * employees read model, caught up with the roster stream). An outcome is a change, nothing to change (the
 * same row again), or a problem the dry-run report lists beside the rows' own.
 */
export type RowOutcome =
  | { kind: 'change'; change: RosterChange }
  | { kind: 'unchanged' }
  | { kind: 'problem'; column: string; rule: string; message: string };

export type ActivationRequest = { person: InsuredPerson; effectiveDate: string; rowNumber: number | null };
export type CancellationRequest = {
  legalId: string;
  effectiveDate: string;
  reason: string | null;
  rowNumber: number | null;
};

const PERSON_FIELDS: (keyof InsuredPerson)[] = [
  'legalId',
  'name',
  'paternalSurname',
  'maternalSurname',
  'birthDate',
  'gender',
  'email',
  'phone',
  'insuredType',
  'holderLegalId',
  'dependentType',
  'coverageGroup',
  'accountType',
  'accountNumber',
  'bank',
];

export const samePerson = (a: InsuredPerson, b: InsuredPerson) =>
  PERSON_FIELDS.every((field) => (a[field] ?? null) === (b[field] ?? null));

const change = (
  legalId: string,
  rowNumber: number | null,
  before: InsuredState | null,
  after: InsuredState | null,
): RowOutcome => ({ kind: 'change', change: { legalId, rowNumber, before, after } });

/**
 * An activation row (002-1.01): someone not insured (new, canceled or declined) gets an activation
 * requested (PROCESS_ACTIVATION, ALTA). Someone already insured or in a process keeps their state: a row
 * with other values corrects their data (and the requested start while the activation waits); the same
 * values change nothing, so the same file again applies nothing.
 */
export function activationOutcome(current: InsuredState | null, request: ActivationRequest): RowOutcome {
  const { person, effectiveDate, rowNumber } = request;
  const requested: InsuredState = {
    person,
    status: 'PROCESS_ACTIVATION',
    movement: 'ALTA',
    effectiveDate,
    cancellationReason: null,
  };
  if (!current || current.status === 'CANCELED' || current.status === 'DECLINE') {
    return change(person.legalId, rowNumber, current, requested);
  }
  const correctsDate = current.status === 'PROCESS_ACTIVATION' && current.effectiveDate !== effectiveDate;
  if (samePerson(current.person, person) && !correctsDate) return { kind: 'unchanged' };
  return change(person.legalId, rowNumber, current, {
    ...current,
    person,
    effectiveDate: current.status === 'PROCESS_ACTIVATION' ? effectiveDate : current.effectiveDate,
  });
}

/**
 * A cancellation row: an ACTIVE person gets a cancellation requested (PROCESS_CANCELLATION, BAJA). One
 * whose cancellation waits has its date and reason corrected, or nothing when they are the same; one
 * already canceled on that date is unchanged. Nobody else can be canceled: not insured under the policy,
 * declined, or with an activation the insurer has not answered yet.
 */
export function cancellationOutcome(current: InsuredState | null, request: CancellationRequest): RowOutcome {
  const { legalId, effectiveDate, reason, rowNumber } = request;
  if (!current || current.status === 'DECLINE') {
    return {
      kind: 'problem',
      column: 'legalId',
      rule: 'not-insured',
      message: 'La persona no está asegurada en esta póliza',
    };
  }
  if (current.status === 'PROCESS_ACTIVATION') {
    return {
      kind: 'problem',
      column: 'legalId',
      rule: 'activation-pending',
      message: 'La activación de la persona aún espera la respuesta de la aseguradora',
    };
  }
  const same = current.effectiveDate === effectiveDate && (current.cancellationReason ?? null) === reason;
  if (current.status === 'CANCELED') {
    return same && current.movement === 'BAJA'
      ? { kind: 'unchanged' }
      : {
          kind: 'problem',
          column: 'legalId',
          rule: 'already-canceled',
          message: 'La persona ya fue dada de baja',
        };
  }
  if (current.status === 'PROCESS_CANCELLATION' && same) return { kind: 'unchanged' };
  return change(legalId, rowNumber, current, {
    ...current,
    status: 'PROCESS_CANCELLATION',
    movement: 'BAJA',
    effectiveDate,
    cancellationReason: reason,
  });
}

/**
 * The insurer's answer to a person's open process (002-4.08): an activation accepted is ACTIVE, declined
 * DECLINE; a cancellation accepted is CANCELED, declined ACTIVE again. Someone with no open process has
 * nothing to answer.
 */
export function answerOutcome(current: InsuredState | null, answer: 'accept' | 'decline'): RowOutcome {
  if (!current || (current.status !== 'PROCESS_ACTIVATION' && current.status !== 'PROCESS_CANCELLATION')) {
    return {
      kind: 'problem',
      column: 'status',
      rule: 'no-open-process',
      message: 'La persona no tiene una activación ni una baja pendiente',
    };
  }
  const activation = current.status === 'PROCESS_ACTIVATION';
  const status =
    answer === 'accept' ? (activation ? 'ACTIVE' : 'CANCELED') : activation ? 'DECLINE' : 'ACTIVE';
  return change(current.person.legalId, null, current, { ...current, status });
}

/**
 * The undo of a batch: every person back as the batch found them (removed when it put them on the
 * roster). The handler refuses it when a later batch touched any of them.
 */
export function undoChanges(
  batchChanges: RosterChange[],
  current: ReadonlyMap<string, InsuredState>,
): RosterChange[] {
  return batchChanges.map((done) => ({
    legalId: done.legalId,
    rowNumber: done.rowNumber,
    before: current.get(done.legalId) ?? null,
    after: done.before,
  }));
}

/** Whole days from `from` to `to` (calendar dates YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * 002-9.04 / 002-9.05: how far back and forward an effective date may be from today, per insurer
 * (`retroactiveDaysOf`): null when within, else the problem in the report's words.
 */
export function effectiveDateProblem(
  effectiveDate: string,
  today: string,
  kind: BulkKind,
  days: RetroactiveDays,
): { rule: string; message: string } | null {
  const back = kind === 'activation' ? days.activationDaysBack : days.cancellationDaysBack;
  const forward = kind === 'activation' ? days.activationDaysForward : days.cancellationDaysForward;
  const offset = daysBetween(today, effectiveDate);
  const rule = kind === 'activation' ? '002-9.04' : '002-9.05';
  if (offset < -back) return { rule, message: `La fecha puede ser hasta ${back} días atrás` };
  if (offset > forward) return { rule, message: `La fecha puede ser hasta ${forward} días adelante` };
  return null;
}
