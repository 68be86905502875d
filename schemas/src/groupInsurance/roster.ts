import { z } from 'zod';
import { eventOf } from '../events';
import { BULK_KINDS, GENDERS, INSURED_TYPES, MOVEMENTS, POLICY_EMPLOYEE_STATUSES } from './statuses';

/**
 * The insured people of a policy (issue 16): stream `policyRoster-{policyId}`. Every change of anyone's
 * insurance under the policy is a roster change carrying the person's state before and after it, so a batch
 * can be undone by appending the reverse. A batch (a bulk load's commit, or one person's change) is opened,
 * recorded in chunks of at most ROSTER_CHUNK_SIZE changes (each event well under EventStoreDB's 1 MB), and
 * closed; one batch at a time per policy, every append pinned to the stream's revision.
 */
export const POLICY_ROSTER_CATEGORY = 'policyRoster';
export const ROSTER_CHUNK_SIZE = 500;

/** A RUT as the rows carry it, normalised: digits, a dash, the check digit (`12345678-5`). */
export const LegalId = z.string().regex(/^[1-9][0-9]{5,8}-[0-9K]$/, 'un RUT normalizado 12345678-5');

const Optional = (max: number) => z.string().max(max).nullable();

/** Who is insured: the person's data as the last accepted row (or demo data) gave it. */
export const InsuredPerson = z.strictObject({
  legalId: LegalId,
  name: z.string().min(1).max(100),
  paternalSurname: z.string().min(1).max(100),
  maternalSurname: Optional(100),
  birthDate: z.iso.date().nullable(),
  gender: z.enum(GENDERS).nullable(),
  email: Optional(254),
  phone: Optional(30),
  insuredType: z.enum(INSURED_TYPES),
  /** The holder's RUT for a dependant (CARGA); null for a holder. */
  holderLegalId: LegalId.nullable(),
  /** Normalised parentesco of a dependant (002-3.44); null for a holder. */
  dependentType: Optional(40),
  coverageGroup: z.string().min(1).max(40),
  accountType: Optional(60),
  accountNumber: Optional(60),
  bank: Optional(100),
});
export type InsuredPerson = z.infer<typeof InsuredPerson>;

/** A person's insurance under the policy at one point: who, which process state, since when. */
export const InsuredState = z.strictObject({
  person: InsuredPerson,
  status: z.enum(POLICY_EMPLOYEE_STATUSES),
  /** The last process kind: ALTA (activation) or BAJA (cancellation): 002-4.09's lists. */
  movement: z.enum(MOVEMENTS),
  /** The coverage start of an activation, the exclusion date of a cancellation. */
  effectiveDate: z.iso.date(),
  cancellationReason: Optional(200),
});
export type InsuredState = z.infer<typeof InsuredState>;

/** One person's change: null before means newly on the roster; null after (an undo only) means removed. */
export const RosterChange = z.strictObject({
  legalId: LegalId,
  /** The row of the bulk load's file that asked for it; null for a change made one at a time. */
  rowNumber: z.number().int().positive().nullable(),
  before: InsuredState.nullable(),
  after: InsuredState.nullable(),
});
export type RosterChange = z.infer<typeof RosterChange>;

/**
 * What a batch does: a bulk load's activations or cancellations, one person's cancellation, the insurer's
 * acceptance or refusal (per person or per batch), or the undo of an earlier batch.
 */
export const ROSTER_BATCH_KINDS = [...BULK_KINDS, 'cancel', 'accept', 'decline', 'undo'] as const;
export const RosterBatchKind = z.enum(ROSTER_BATCH_KINDS);
export type RosterBatchKind = z.infer<typeof RosterBatchKind>;

export const BatchId = z.string().min(1).max(80);

export const RosterBatchOpenedData = z.strictObject({
  policyId: z.string().min(1).max(60),
  batchId: BatchId,
  kind: RosterBatchKind,
  /** The bulk load whose commit this batch is; null for a change made one at a time. */
  bulkLoadId: z.string().max(80).nullable(),
  /** The batch an undo or a batch answer (accept/decline) refers to; null otherwise. */
  refersTo: BatchId.nullable(),
  /** The user who asked (an id, never an e-mail). */
  by: z.string().min(1).max(200),
});
export const RosterBatchOpened = eventOf('RosterBatchOpened', RosterBatchOpenedData);

export const RosterChangesRecordedData = z.strictObject({
  policyId: z.string().min(1).max(60),
  batchId: BatchId,
  changes: z.array(RosterChange).min(1).max(ROSTER_CHUNK_SIZE),
});
export const RosterChangesRecorded = eventOf('RosterChangesRecorded', RosterChangesRecordedData);
export type RosterChangesRecordedData = z.infer<typeof RosterChangesRecordedData>;

export const RosterBatchClosedData = z.strictObject({
  policyId: z.string().min(1).max(60),
  batchId: BatchId,
  changeCount: z.number().int().nonnegative(),
});
export const RosterBatchClosed = eventOf('RosterBatchClosed', RosterBatchClosedData);

export const RosterEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('RosterBatchOpened'), data: RosterBatchOpenedData }),
  z.strictObject({ type: z.literal('RosterChangesRecorded'), data: RosterChangesRecordedData }),
  z.strictObject({ type: z.literal('RosterBatchClosed'), data: RosterBatchClosedData }),
]);
export type RosterEvent = z.infer<typeof RosterEvent>;
