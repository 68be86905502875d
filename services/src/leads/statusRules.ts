import type { CatalogueRef, LeadPolicy, LeadStatusRef } from '@cubre/schemas';
import { failureReasonApplies } from '@cubre/schemas/leads/failureReasonRule';
import { CommandRejected } from '@cubre/platform/core/decider';

/** What a status change asks for, by ids, as the console sends it. */
export interface StatusChangeRequest {
  statusId: number;
  subStatusId: number | null;
  failureReasonId: number | null;
}

/** The lead facts a failure reason's applicability depends on. */
export interface LeadFacts {
  status: LeadStatusRef;
  requestType: string;
  country: string;
}

const refuse = (message: string, rule: string, field: string) =>
  new CommandRejected(message, rule, 422, field);

/**
 * Judges a status change against the editable policy (issue 5): the target exists and is active, the
 * move is allowed from the current status (the same status too: only if the policy lists it), a
 * status that needs a sub-status or a failure reason refuses to move without one, and the ones given
 * belong to the target (sub-status under it; failure reason for the lead's request type, country and
 * chosen sub-status, where the reason lists any). Returns the names to record.
 */
export function judgeStatusChange(
  policy: LeadPolicy,
  lead: LeadFacts,
  change: StatusChangeRequest,
): { to: LeadStatusRef; subStatus: CatalogueRef | null; failureReason: CatalogueRef | null } {
  const target = policy.statuses.get(change.statusId);
  if (!target || !target.active) {
    throw refuse(`el estado ${change.statusId} no existe o no está activo`, 'status_unknown', 'statusId');
  }
  // The policy decides everything, staying put included: a status lists itself to let a lead change
  // sub-status or failure reason without leaving it (services/src/leadCatalogue/README.md).
  const from = lead.status.id;
  if (!policy.transitions.get(from)?.has(change.statusId)) {
    const fromName = policy.statuses.get(from)?.name ?? lead.status.name;
    throw refuse(`no se puede pasar de ${fromName} a ${target.name}`, 'transition_not_allowed', 'statusId');
  }

  let subStatus: CatalogueRef | null = null;
  if (change.subStatusId !== null) {
    const found = policy.subStatuses.get(change.subStatusId);
    if (!found || !found.active || !found.parentIds.includes(change.statusId)) {
      throw refuse(`el subestado no pertenece a ${target.name}`, 'sub_status_mismatch', 'subStatusId');
    }
    subStatus = { id: change.subStatusId, name: found.name };
  } else if (target.requiresSubStatus) {
    throw refuse(`${target.name} requiere un subestado`, 'sub_status_required', 'subStatusId');
  }

  let failureReason: CatalogueRef | null = null;
  if (change.failureReasonId !== null) {
    const found = policy.failureReasons.get(change.failureReasonId);
    if (!found || !failureReasonApplies(found, lead, change.subStatusId)) {
      throw refuse(
        'el motivo de fallo no aplica a esta solicitud',
        'failure_reason_not_applicable',
        'failureReasonId',
      );
    }
    failureReason = { id: change.failureReasonId, name: found.name };
  } else if (target.requiresFailureReason) {
    throw refuse(`${target.name} requiere un motivo de fallo`, 'failure_reason_required', 'failureReasonId');
  }

  return { to: { id: change.statusId, name: target.name }, subStatus, failureReason };
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
