import { z } from 'zod';
import { eventOf } from '../events';
import { POLICY_STATUSES } from './statuses';

/**
 * A company's group policy (issue 16, seed 002 §3, §4): stream `policy-{policyId}`, owned by an
 * organization (the company), with an insurer of the catalogue (its organization code) and coverage groups.
 */
export const POLICY_CATEGORY = 'policy';

export const PolicyId = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'el identificador de una póliza va en minúsculas, cifras y guiones');
export type PolicyId = z.infer<typeof PolicyId>;

export const PolicyStatusSchema = z.enum(POLICY_STATUSES);

const Text = (max: number) => z.string().trim().min(1, 'campo requerido').max(max);
const CalendarDate = z.iso.date({ error: 'una fecha AAAA-MM-DD' });

/** A coverage group of a policy (the bulk rows' coverageGroup names its code) and its plan. */
export const CoverageGroup = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, 'campo requerido')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'un código de letras, cifras, guiones'),
  name: Text(120),
  planName: Text(120),
});
export type CoverageGroup = z.infer<typeof CoverageGroup>;

export const PolicyCreatedData = z.strictObject({
  policyId: PolicyId,
  organizationId: z.string().min(1).max(120),
  insurerCode: z.string().min(1).max(120),
  number: Text(60),
  name: Text(200),
  coverageGroups: z.array(CoverageGroup).min(1).max(50),
  status: PolicyStatusSchema,
  startDate: CalendarDate,
  /**
   * Whether the policy's arrears reminders (issue 15, 002-4.17) also go to each active insured person, not
   * only to the company's administrators. Off unless the policy says so (policies created before the field
   * read as off).
   */
  notifyEmployeesOfArrears: z.boolean().default(false),
});
export const PolicyCreated = eventOf('PolicyCreated', PolicyCreatedData);
export type PolicyCreatedData = z.input<typeof PolicyCreatedData>;

/** The policy's arrears notice to its insured people turned on or off (`policy:update-insurance-notification`). */
export const PolicyArrearsNoticeChangedData = z.strictObject({
  policyId: PolicyId,
  notifyEmployeesOfArrears: z.boolean(),
});
export const PolicyArrearsNoticeChanged = eventOf(
  'PolicyArrearsNoticeChanged',
  PolicyArrearsNoticeChangedData,
);
export type PolicyArrearsNoticeChangedData = z.infer<typeof PolicyArrearsNoticeChangedData>;

export const PolicyEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('PolicyCreated'), data: PolicyCreatedData }),
  z.strictObject({ type: z.literal('PolicyArrearsNoticeChanged'), data: PolicyArrearsNoticeChangedData }),
]);
export type PolicyEvent = z.infer<typeof PolicyEvent>;

/** POST /api/admin/policies (`policy:create`, staff): the id is made from the number when absent. */
export const CreatePolicyBody = z.strictObject({
  id: PolicyId.optional(),
  organizationId: z.string().trim().min(1, 'campo requerido').max(120),
  insurerCode: z.string().trim().min(1, 'campo requerido').max(120),
  number: Text(60),
  name: Text(200),
  coverageGroups: z
    .array(CoverageGroup)
    .min(1, 'al menos un grupo de cobertura')
    .max(50)
    .refine(
      (groups) => new Set(groups.map((group) => group.code)).size === groups.length,
      'cada grupo de cobertura tiene su propio código',
    ),
  startDate: CalendarDate,
  notifyEmployeesOfArrears: z.boolean().optional(),
});
export type CreatePolicyBody = z.infer<typeof CreatePolicyBody>;

/** The console's `policies` record. `counts` are the insured people by employee status (002-4.05). */
export const PolicyRecord = z.object({
  id: PolicyId,
  organizationId: z.string(),
  organizationName: z.string(),
  insurerCode: z.string(),
  insurerName: z.string(),
  number: z.string(),
  name: z.string(),
  status: PolicyStatusSchema,
  startDate: z.string(),
  coverageGroups: z.array(CoverageGroup),
  counts: z.object({
    active: z.number().int(),
    pending: z.number().int(),
    canceled: z.number().int(),
  }),
  /** The policy stream's revision (the ETag). */
  revision: z.number().int(),
  /** The roster stream's revision: what a batch or a single change is pinned to. */
  rosterRevision: z.number().int(),
  createdAt: z.string(),
});
export type PolicyRecord = z.infer<typeof PolicyRecord>;
