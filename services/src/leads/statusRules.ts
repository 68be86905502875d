import type { CatalogueRef, LeadPolicy, LeadStatusRef } from '@cubre/schemas';
import {
  statusChangeProblems,
  type StatusChangeChoice,
  type StatusChangeProblem,
} from '@cubre/schemas/leads/statusRules';
import { CommandRejected } from '@cubre/platform/core/decider';

/** What a status change asks for, by ids, as the console sends it. */
export type StatusChangeRequest = StatusChangeChoice;

/** The lead facts a failure reason's applicability depends on. */
export interface LeadFacts {
  status: LeadStatusRef;
  requestType: string;
  country: string;
}

/** The refusal's words for each rule of schemas/src/leads/statusRules.ts. */
function messageOf(problem: StatusChangeProblem, policy: LeadPolicy, lead: LeadFacts, statusId: number) {
  const target = policy.statuses.get(statusId)?.name ?? String(statusId);
  switch (problem.rule) {
    case 'status_unknown':
      return `el estado ${statusId} no existe o no está activo`;
    case 'transition_not_allowed':
      return `no se puede pasar de ${policy.statuses.get(lead.status.id)?.name ?? lead.status.name} a ${target}`;
    case 'sub_status_mismatch':
      return `el subestado no pertenece a ${target}`;
    case 'sub_status_required':
      return `${target} requiere un subestado`;
    case 'failure_reason_not_applicable':
      return 'el motivo de fallo no aplica a esta solicitud';
    case 'failure_reason_required':
      return `${target} requiere un motivo de fallo`;
  }
}

/**
 * Judges a status change against the editable policy (issue 5) by the rules the console checks a choice
 * with (schemas/src/leads/statusRules.ts): the first problem is the refusal. Returns the names to record.
 */
export function judgeStatusChange(
  policy: LeadPolicy,
  lead: LeadFacts,
  change: StatusChangeRequest,
): { to: LeadStatusRef; subStatus: CatalogueRef | null; failureReason: CatalogueRef | null } {
  const [problem] = statusChangeProblems(policy, lead, change);
  if (problem) {
    throw new CommandRejected(
      messageOf(problem, policy, lead, change.statusId),
      problem.rule,
      422,
      problem.field,
    );
  }
  // No problem: the target, and the sub-status and failure reason given, are in the policy.
  const nameIn = (entries: ReadonlyMap<number, { name: string }>, id: number) => entries.get(id)?.name ?? '';
  const ref = (entries: ReadonlyMap<number, { name: string }>, id: number | null) =>
    id === null ? null : { id, name: nameIn(entries, id) };
  return {
    to: { id: change.statusId, name: nameIn(policy.statuses, change.statusId) },
    subStatus: ref(policy.subStatuses, change.subStatusId),
    failureReason: ref(policy.failureReasons, change.failureReasonId),
  };
}

/** Statuses a new assignment moves a lead out of: nobody was working it. */
export const UNWORKED_STATUS_IDS: readonly number[] = [1, 7];
/** The status an assignment moves an unworked lead to, and the sub-status it starts in. */
export const ASSIGNED_STATUS_ID = 2;
export const ASSIGNED_START_SUB_STATUS = 'En Gestión';
export const DUPLICATE_STATUS_ID = 6;

/** The start sub-status of Asignado in the current policy, by name; null when the policy has none. */
export function assignedStartSubStatus(policy: LeadPolicy): number | null {
  for (const [id, subStatus] of policy.subStatuses) {
    if (
      subStatus.active &&
      subStatus.parentIds.includes(ASSIGNED_STATUS_ID) &&
      subStatus.name === ASSIGNED_START_SUB_STATUS
    ) {
      return id;
    }
  }
  return null;
}
