import {
  STATUS_ERRORS,
  allowedTargets,
  byOrder,
  dropDecision,
  failureReasonsFor,
  needsDialog,
  openStatusIds,
  reconcileChoice,
  statusCommandOf,
  subStatusesFor,
  validateStatusChoice,
  type LeadCatalogues,
} from '../src/leads/statusRules';
import type { FailureReason, LeadStatus, LeadSubStatus } from '../src/types';

const status = (id: number, name: string, order: number, flags: Partial<LeadStatus> = {}): LeadStatus => ({
  id,
  name,
  colour: '#9E9E9E',
  requiresSubStatus: false,
  requiresFailureReason: false,
  order,
  active: true,
  revision: 0,
  ...flags,
});
const sub = (id: number, name: string, parentIds: number[], active = true): LeadSubStatus => ({
  id,
  name,
  parentIds,
  order: id,
  active,
  revision: 0,
});
const reason = (id: number, name: string, rest: Partial<FailureReason> = {}): FailureReason => ({
  id,
  name,
  requestTypes: [],
  subStatusIds: [],
  countries: [],
  order: id,
  active: true,
  revision: 0,
  ...rest,
});

const catalogues: LeadCatalogues = {
  statuses: byOrder([
    status(3, 'Cerrado', 100),
    status(1, 'Sin Estado', 10),
    status(2, 'Asignado', 30),
    status(4, 'Fallido', 110, { requiresSubStatus: true, requiresFailureReason: true }),
    status(13, 'Agenda', 40, { requiresSubStatus: true }),
    status(500, 'Contratacion Online', 80, { requiresSubStatus: true }),
    status(501, 'Pendiente de confirmación', 90),
    status(99, 'Otro', 200, { active: false }),
  ]),
  subStatuses: [
    sub(201, 'En Gestión', [2]),
    sub(202, 'Contactado', [2]),
    sub(330, 'Recaudación', [500, 501]),
    sub(1301, 'Videollamada', [13]),
    sub(401, 'Sin contacto', [4]),
    sub(402, 'No Contactado', [4]),
    sub(404, 'No avanza', [4], false),
  ],
  failureReasons: [
    reason(1, 'No contesta', { subStatusIds: [401, 402] }),
    reason(2, 'Muy caro', { subStatusIds: [402], requestTypes: ['Planes'] }),
    reason(3, 'Pre Existencias', { countries: ['CL'] }),
    reason(4, 'Datos de contacto erróneos', { countries: ['PE'], subStatusIds: [401] }),
    reason(5, 'Inactivo', { active: false }),
  ],
  transitions: [
    { id: 1, to: [2, 4, 99], revision: 0 },
    { id: 2, to: [2, 13, 3, 4, 500], revision: 0 },
    { id: 3, to: [], revision: 0 },
  ],
};
const lead = { status: { id: 2 }, requestType: 'Seguros', country: 'CL' };

describe('the status-change rules the dialog and the kanban apply', () => {
  test('targets follow the transition policy, in catalogue order, active only, the own status when listed', () => {
    expect(allowedTargets(catalogues, 1).map((s) => s.id)).toEqual([2, 4]);
    expect(allowedTargets(catalogues, 2).map((s) => s.id)).toEqual([2, 13, 500, 3, 4]);
    // A status without a policy moves nowhere (schemas/src/leads/policy.ts), not even to a new sub-status.
    expect(allowedTargets(catalogues, 501).map((s) => s.id)).toEqual([]);
  });

  test('002-3.03 sub-statuses offered are the active ones whose parents include the chosen status', () => {
    expect(subStatusesFor(catalogues, 2).map((s) => s.name)).toEqual(['En Gestión', 'Contactado']);
    expect(subStatusesFor(catalogues, 4).map((s) => s.id)).toEqual([401, 402]);
    expect(subStatusesFor(catalogues, null)).toEqual([]);
  });

  test('002-3.05 Recaudación (330) is offered under both 500 and 501', () => {
    expect(subStatusesFor(catalogues, 500).map((s) => s.id)).toEqual([330]);
    expect(subStatusesFor(catalogues, 501).map((s) => s.id)).toEqual([330]);
  });

  test('002-3.11 failure reasons are filtered by the lead request type, country and chosen sub-status', () => {
    const ids = (subStatusId: number | null, facts = lead) =>
      failureReasonsFor(catalogues, facts, subStatusId).map((r) => r.id);
    expect(ids(401)).toEqual([1, 3]);
    expect(ids(402)).toEqual([1, 3]);
    expect(ids(402, { ...lead, requestType: 'Planes' })).toEqual([1, 2, 3]);
    expect(ids(401, { ...lead, country: 'PE' })).toEqual([1, 4]);
    // Reasons restricted to sub-statuses apply only once one is chosen; unrestricted ones always.
    expect(ids(null)).toEqual([3]);
  });

  test('a reason may name its countries by the seed ids (rule 002-3.14: Chile 1, Peru 2)', () => {
    // The admin API answers codes; the rule also reads the seed's ids, as the server's policy may hold them.
    const seedIds = ['1'] as unknown as FailureReason['countries'];
    const withIds = { ...catalogues, failureReasons: [reason(9, 'Por id', { countries: seedIds })] };
    expect(failureReasonsFor(withIds, lead, null).map((r) => r.id)).toEqual([9]);
    expect(failureReasonsFor(withIds, { ...lead, country: 'PE' }, null)).toEqual([]);
  });

  test('statuses that require a sub-status or a failure reason open the dialog; others move directly', () => {
    expect(needsDialog(catalogues.statuses.find((s) => s.id === 4)!)).toBe(true);
    expect(needsDialog(catalogues.statuses.find((s) => s.id === 3)!)).toBe(false);
    expect(dropDecision(catalogues, lead, 3)).toBe('direct');
    expect(dropDecision(catalogues, lead, 4)).toBe('dialog');
    expect(dropDecision(catalogues, lead, 13)).toBe('dialog');
    expect(dropDecision(catalogues, lead, 2)).toBe('same');
    expect(dropDecision(catalogues, lead, 1)).toBe('forbidden');
    expect(dropDecision(catalogues, { ...lead, status: { id: 1 } }, 99)).toBe('forbidden');
  });

  test('validation: a target is required and must be allowed', () => {
    const empty = { statusId: null, subStatusId: null, failureReasonId: null, reason: '' };
    expect(validateStatusChoice(catalogues, lead, empty)).toEqual({ statusId: STATUS_ERRORS.statusRequired });
    expect(validateStatusChoice(catalogues, lead, { ...empty, statusId: 1 }).statusId).toBe(
      STATUS_ERRORS.notAllowed,
    );
    expect(validateStatusChoice(catalogues, lead, { ...empty, statusId: 3 })).toEqual({});
  });

  test('validation: the required flags of the status, with a hint when the catalogue offers nothing', () => {
    const choice = { statusId: 4, subStatusId: null, failureReasonId: null, reason: '' };
    expect(validateStatusChoice(catalogues, lead, choice)).toEqual({
      subStatusId: STATUS_ERRORS.subStatusRequired,
      failureReasonId: STATUS_ERRORS.failureReasonRequired,
    });
    expect(
      validateStatusChoice(catalogues, lead, { ...choice, subStatusId: 401, failureReasonId: 1 }),
    ).toEqual({});
    expect(
      validateStatusChoice(catalogues, lead, { ...choice, subStatusId: 401, failureReasonId: 2 }),
    ).toEqual({
      failureReasonId: STATUS_ERRORS.failureReasonInvalid,
    });
    expect(
      validateStatusChoice(catalogues, lead, { ...choice, subStatusId: 201, failureReasonId: 3 }),
    ).toEqual({
      subStatusId: STATUS_ERRORS.subStatusInvalid,
    });
    const noSubs = { ...catalogues, subStatuses: [] };
    expect(validateStatusChoice(noSubs, lead, { ...choice, statusId: 13 }).subStatusId).toBe(
      STATUS_ERRORS.noSubStatuses,
    );
    // Reasons that need a sub-status are not "none": the sub-status is still to be chosen.
    const needSub = { ...catalogues, failureReasons: [reason(1, 'No contesta', { subStatusIds: [401] })] };
    expect(validateStatusChoice(needSub, lead, choice).failureReasonId).toBe(
      STATUS_ERRORS.failureReasonRequired,
    );
    const noReasons = { ...catalogues, failureReasons: [] };
    expect(validateStatusChoice(noReasons, lead, { ...choice, subStatusId: 401 }).failureReasonId).toBe(
      STATUS_ERRORS.noFailureReasons,
    );
  });

  test('changing the status or sub-status clears choices that no longer apply', () => {
    const choice = { statusId: 4, subStatusId: 402, failureReasonId: 1, reason: 'x' };
    expect(reconcileChoice(catalogues, lead, choice)).toEqual(choice);
    expect(reconcileChoice(catalogues, lead, { ...choice, statusId: 2 })).toEqual({
      statusId: 2,
      subStatusId: null,
      failureReasonId: null,
      reason: 'x',
    });
    expect(reconcileChoice(catalogues, lead, { ...choice, failureReasonId: 2 }).failureReasonId).toBeNull();
  });

  test('the command body leaves out what was not chosen and trims the comment', () => {
    expect(statusCommandOf({ statusId: 3, subStatusId: null, failureReasonId: null, reason: '  ' })).toEqual({
      statusId: 3,
    });
    expect(
      statusCommandOf({ statusId: 4, subStatusId: 401, failureReasonId: 1, reason: ' sin respuesta ' }),
    ).toEqual({ statusId: 4, subStatusId: 401, failureReasonId: 1, reason: 'sin respuesta' });
    expect(() =>
      statusCommandOf({ statusId: null, subStatusId: null, failureReasonId: null, reason: '' }),
    ).toThrow();
  });

  test('open statuses are all but the outcomes a lead ends in (Cerrado, Fallido, …)', () => {
    expect(openStatusIds(catalogues)).toEqual([1, 2, 13, 500, 501, 99]);
  });
});
