import { failureReasonApplies } from './failureReasonRule';
import type { LeadPolicy } from './policy';

/**
 * The rules of a lead's status change, written once (issue 12): the server judges a change with them
 * (services/src/leads/statusRules.ts) and the console offers and checks a choice with them
 * (admin-console/src/leads/statusRules.ts), so the console never offers a move the server refuses. Pure and
 * without zod (only types are imported): the console bundles it at no cost.
 */

/**
 * The catalogue records a policy is built from: the read model's (server) or the admin API's (console),
 * each read for the fields the policy keeps (`LeadStatusRecord`… of schemas/src/leadCatalogue/records.ts).
 */
export interface LeadPolicyRecords {
  leadStatus: readonly ({ id: number } & ValueOf<LeadPolicy['statuses']>)[];
  leadSubStatus: readonly ({ id: number } & ValueOf<LeadPolicy['subStatuses']>)[];
  failureReason: readonly ({ id: number } & ValueOf<LeadPolicy['failureReasons']>)[];
  leadTransition: readonly { id: number; to: readonly number[] }[];
}
type ValueOf<M> = M extends ReadonlyMap<number, infer V> ? V : never;

/** The policy a set of catalogue records gives (names, flags, links): what a status change is judged by. */
export function leadPolicyOf(records: LeadPolicyRecords): LeadPolicy {
  const { leadStatus, leadSubStatus, failureReason, leadTransition } = records;
  return {
    statuses: new Map(
      leadStatus.map(({ id, name, requiresSubStatus, requiresFailureReason, active }) => [
        id,
        { name, requiresSubStatus, requiresFailureReason, active },
      ]),
    ),
    subStatuses: new Map(
      leadSubStatus.map(({ id, name, parentIds, active }) => [
        id,
        { name, parentIds: [...parentIds], active },
      ]),
    ),
    failureReasons: new Map(
      failureReason.map(({ id, name, requestTypes, subStatusIds, countries, active }) => [
        id,
        {
          name,
          requestTypes: [...requestTypes],
          subStatusIds: [...subStatusIds],
          countries: [...countries],
          active,
        },
      ]),
    ),
    transitions: new Map(leadTransition.map(({ id, to }) => [id, new Set(to)])),
  };
}

/**
 * A lead in `fromStatusId` may move to `toStatusId`: the target is active and the policy lists it among the
 * moves from there. The policy decides staying put too: a status lists itself to let a lead change
 * sub-status or failure reason without leaving it (services/src/leadCatalogue/README.md).
 */
export const mayMove = (policy: LeadPolicy, fromStatusId: number, toStatusId: number): boolean =>
  policy.statuses.get(toStatusId)?.active === true &&
  policy.transitions.get(fromStatusId)?.has(toStatusId) === true;

/** A sub-status may be chosen under a status: active, and the status is one of its parents (002-3.05). */
export const subStatusBelongs = (policy: LeadPolicy, subStatusId: number, statusId: number): boolean => {
  const subStatus = policy.subStatuses.get(subStatusId);
  return subStatus !== undefined && subStatus.active && subStatus.parentIds.includes(statusId);
};

/** A failure reason may close this lead with this sub-status (schemas/src/leads/failureReasonRule.ts). */
export const failureReasonFits = (
  policy: LeadPolicy,
  failureReasonId: number,
  lead: { requestType: string; country: string | number },
  subStatusId: number | null,
): boolean => {
  const reason = policy.failureReasons.get(failureReasonId);
  return reason !== undefined && failureReasonApplies(reason, lead, subStatusId);
};

/** What a status change asks for, by ids, as the console sends it. */
export interface StatusChangeChoice {
  statusId: number;
  subStatusId: number | null;
  failureReasonId: number | null;
}

/** The lead facts a status change depends on. */
export interface StatusChangeLead {
  status: { id: number };
  requestType: string;
  country: string | number;
}

/** The server's problem rules, one per way a status change is refused. */
export type StatusChangeRule =
  | 'status_unknown'
  | 'transition_not_allowed'
  | 'sub_status_mismatch'
  | 'sub_status_required'
  | 'failure_reason_not_applicable'
  | 'failure_reason_required';

export interface StatusChangeProblem {
  field: 'statusId' | 'subStatusId' | 'failureReasonId';
  rule: StatusChangeRule;
}

/**
 * Everything wrong with a status change, at most one problem per field, in the order the fields are
 * judged (status, sub-status, failure reason); empty when the policy accepts it. The target exists and is
 * active (nothing else can be judged otherwise), the move is allowed; a sub-status given belongs to the
 * target, or none is given and the target does not require one; a failure reason given applies to the lead
 * and the chosen sub-status, or none is given and the target does not require one.
 */
export function statusChangeProblems(
  policy: LeadPolicy,
  lead: StatusChangeLead,
  change: StatusChangeChoice,
): StatusChangeProblem[] {
  const target = policy.statuses.get(change.statusId);
  if (!target || !target.active) return [{ field: 'statusId', rule: 'status_unknown' }];
  const problems: StatusChangeProblem[] = [];
  if (!mayMove(policy, lead.status.id, change.statusId)) {
    problems.push({ field: 'statusId', rule: 'transition_not_allowed' });
  }
  if (change.subStatusId !== null) {
    if (!subStatusBelongs(policy, change.subStatusId, change.statusId)) {
      problems.push({ field: 'subStatusId', rule: 'sub_status_mismatch' });
    }
  } else if (target.requiresSubStatus) {
    problems.push({ field: 'subStatusId', rule: 'sub_status_required' });
  }
  if (change.failureReasonId !== null) {
    if (!failureReasonFits(policy, change.failureReasonId, lead, change.subStatusId)) {
      problems.push({ field: 'failureReasonId', rule: 'failure_reason_not_applicable' });
    }
  } else if (target.requiresFailureReason) {
    problems.push({ field: 'failureReasonId', rule: 'failure_reason_required' });
  }
  return problems;
}
