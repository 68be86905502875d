import type { LeadPolicy } from '@cubre/schemas/leads/policy';
import { failureReasonApplies } from '@cubre/schemas/leads/failureReasonRule';
import {
  leadPolicyOf,
  mayMove,
  statusChangeProblems,
  subStatusBelongs,
  type StatusChangeProblem,
} from '@cubre/schemas/leads/statusRules';
import type { FailureReason, LeadStatus, LeadSubStatus, LeadTransition, StatusChange } from '../types';

/**
 * A lead's status change as the console offers and checks it before asking the server, by the rules the
 * server judges it with (schemas/src/leads/statusRules.ts): where a status may move, which sub-statuses
 * and failure reasons a choice offers, and what a status requires. What is the console's own here is how
 * it words a refusal and what it offers in which order.
 */
export interface LeadCatalogues {
  statuses: LeadStatus[];
  subStatuses: LeadSubStatus[];
  failureReasons: FailureReason[];
  transitions: LeadTransition[];
}

const policies = new WeakMap<LeadCatalogues, LeadPolicy>();
/** The catalogues as the server's policy (built once per catalogues object: they change as a whole). */
function policyOf(catalogues: LeadCatalogues): LeadPolicy {
  let policy = policies.get(catalogues);
  if (!policy) {
    policy = leadPolicyOf({
      leadStatus: catalogues.statuses,
      leadSubStatus: catalogues.subStatuses,
      failureReason: catalogues.failureReasons,
      leadTransition: catalogues.transitions,
    });
    policies.set(catalogues, policy);
  }
  return policy;
}

/** What the lead being moved contributes to the choice. */
export interface LeadFacts {
  status: { id: number };
  requestType: string;
  country: string;
}

export interface StatusChoice {
  statusId: number | null;
  subStatusId: number | null;
  failureReasonId: number | null;
  reason: string;
}

/** Translation keys of the dialog's refusals. */
export const STATUS_ERRORS = {
  statusRequired: 'cubre.status_change.errors.status_required',
  notAllowed: 'cubre.status_change.errors.not_allowed',
  subStatusRequired: 'cubre.status_change.errors.sub_status_required',
  noSubStatuses: 'cubre.status_change.errors.no_sub_statuses',
  subStatusInvalid: 'cubre.status_change.errors.sub_status_invalid',
  failureReasonRequired: 'cubre.status_change.errors.failure_reason_required',
  noFailureReasons: 'cubre.status_change.errors.no_failure_reasons',
  failureReasonInvalid: 'cubre.status_change.errors.failure_reason_invalid',
} as const;

export type StatusChoiceErrors = Partial<Record<'statusId' | 'subStatusId' | 'failureReasonId', string>>;

/** Catalogue order: `order`, then id, so equal orders never swap between renders. */
export function byOrder<T extends { order: number; id: number | string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order || String(a.id).localeCompare(String(b.id), 'es'));
}

/**
 * The statuses a lead in `fromStatusId` may be set to under the transition policy, in catalogue order,
 * active ones only. Its own status is one of them when the policy lists it (that is how a policy lets a
 * lead change only its sub-status or failure reason), as the server judges it (services/src/leads).
 */
export function allowedTargets(catalogues: LeadCatalogues, fromStatusId: number): LeadStatus[] {
  const policy = policyOf(catalogues);
  return catalogues.statuses.filter((status) => mayMove(policy, fromStatusId, status.id));
}

export const canMove = (catalogues: LeadCatalogues, fromStatusId: number, toStatusId: number): boolean =>
  mayMove(policyOf(catalogues), fromStatusId, toStatusId);

/**
 * The outcomes a lead ends in (seed 002 §3 names them; the catalogue has no "closed" flag): Cerrado,
 * Fallido, Duplicado, Resuelto, Cliente Vigente, Pruebas QP, Cliente Falso, Devuelto. The default policy
 * reopens them only through Por Reasignar (schemas/src/leadCatalogue/defaults.ts). No interesa stays
 * open: the policy lets it resume as Agenda or Interesa.
 */
export const CLOSED_STATUS_IDS: readonly number[] = [3, 4, 6, 10, 11, 97, 98, 101];

/** Statuses whose leads are still being worked: the dashboard's "my open leads". */
export function openStatusIds(catalogues: LeadCatalogues): number[] {
  return catalogues.statuses
    .filter((status) => !CLOSED_STATUS_IDS.includes(status.id))
    .map((status) => status.id);
}

/** Active sub-statuses whose parents include the status (a sub-status may belong to several, 002-3.05). */
export function subStatusesFor(catalogues: LeadCatalogues, statusId: number | null): LeadSubStatus[] {
  if (statusId == null) return [];
  const policy = policyOf(catalogues);
  return catalogues.subStatuses.filter((sub) => subStatusBelongs(policy, sub.id, statusId));
}

/**
 * Active failure reasons that apply to the lead's request type and country and to the chosen sub-status,
 * by the rule the server judges with (schemas/src/leads/failureReasonRule.ts).
 */
export function failureReasonsFor(
  catalogues: LeadCatalogues,
  lead: Pick<LeadFacts, 'requestType' | 'country'>,
  subStatusId: number | null,
): FailureReason[] {
  return catalogues.failureReasons.filter((reason) => failureReasonApplies(reason, lead, subStatusId));
}

export const statusById = (catalogues: LeadCatalogues, id: number | null): LeadStatus | undefined =>
  id == null ? undefined : catalogues.statuses.find((status) => status.id === id);

/** A move straight to this status is complete without asking anything more. */
export const needsDialog = (status: Pick<LeadStatus, 'requiresSubStatus' | 'requiresFailureReason'>) =>
  status.requiresSubStatus || status.requiresFailureReason;

/** What dropping a lead's card on a status column does. */
export type DropDecision = 'same' | 'forbidden' | 'dialog' | 'direct';

export function dropDecision(catalogues: LeadCatalogues, lead: LeadFacts, toStatusId: number): DropDecision {
  if (lead.status.id === toStatusId) return 'same';
  if (!canMove(catalogues, lead.status.id, toStatusId)) return 'forbidden';
  const target = statusById(catalogues, toStatusId);
  if (!target) return 'forbidden';
  return needsDialog(target) ? 'dialog' : 'direct';
}

/**
 * The dialog's checks, the server's rules worded for the dialog: a target the policy allows; a sub-status
 * when the status requires one (or when one is chosen, that it belongs to the status); a failure reason
 * when required, among those that apply. A requirement no catalogue entry can meet says so.
 */
export function validateStatusChoice(
  catalogues: LeadCatalogues,
  lead: LeadFacts,
  choice: StatusChoice,
): StatusChoiceErrors {
  if (choice.statusId == null) return { statusId: STATUS_ERRORS.statusRequired };
  const statusId = choice.statusId;
  const problems = statusChangeProblems(policyOf(catalogues), lead, {
    statusId,
    subStatusId: choice.subStatusId,
    failureReasonId: choice.failureReasonId,
  });
  const errorOf = (problem: StatusChangeProblem): string => {
    switch (problem.rule) {
      case 'status_unknown':
        return STATUS_ERRORS.statusRequired;
      case 'transition_not_allowed':
        return STATUS_ERRORS.notAllowed;
      case 'sub_status_mismatch':
        return STATUS_ERRORS.subStatusInvalid;
      case 'sub_status_required':
        return subStatusesFor(catalogues, statusId).length
          ? STATUS_ERRORS.subStatusRequired
          : STATUS_ERRORS.noSubStatuses;
      case 'failure_reason_not_applicable':
        return STATUS_ERRORS.failureReasonInvalid;
      case 'failure_reason_required': {
        // Before a sub-status is chosen the reasons restricted to sub-statuses are not offered yet: that
        // is a missing choice, not a catalogue without reasons.
        const waitsForSubStatus =
          choice.subStatusId == null && subStatusesFor(catalogues, statusId).length > 0;
        return failureReasonsFor(catalogues, lead, choice.subStatusId).length || waitsForSubStatus
          ? STATUS_ERRORS.failureReasonRequired
          : STATUS_ERRORS.noFailureReasons;
      }
    }
  };
  const errors: StatusChoiceErrors = {};
  for (const problem of problems) errors[problem.field] = errorOf(problem);
  return errors;
}

/** A choice after the status or sub-status changed: what no longer applies is cleared. */
export function reconcileChoice(
  catalogues: LeadCatalogues,
  lead: LeadFacts,
  choice: StatusChoice,
): StatusChoice {
  const subStatusId =
    choice.subStatusId != null &&
    subStatusesFor(catalogues, choice.statusId).some((sub) => sub.id === choice.subStatusId)
      ? choice.subStatusId
      : null;
  const failureReasonId =
    choice.failureReasonId != null &&
    failureReasonsFor(catalogues, lead, subStatusId).some((reason) => reason.id === choice.failureReasonId)
      ? choice.failureReasonId
      : null;
  return { ...choice, subStatusId, failureReasonId };
}

/** The body of POST /api/admin/leads/{id}/status for a valid choice: absent fields are left out. */
export function statusCommandOf(choice: StatusChoice): StatusChange {
  if (choice.statusId == null) throw new Error('statusCommandOf needs a status');
  const command: StatusChange = { statusId: choice.statusId };
  if (choice.subStatusId != null) command.subStatusId = choice.subStatusId;
  if (choice.failureReasonId != null) command.failureReasonId = choice.failureReasonId;
  const reason = choice.reason.trim();
  if (reason) command.reason = reason;
  return command;
}
