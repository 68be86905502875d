import { failureReasonApplies } from '@cubre/schemas/leads/failureReasonRule';
import type { LeadPolicy } from '@cubre/schemas';
import { failureReasonsFor, type LeadCatalogues } from '../src/leads/statusRules';
import type { FailureReason } from '../src/types';
import { judgeStatusChange } from '@cubre/services/leads/statusRules';

/**
 * Issue 12, "each rule written once": the console offers a failure reason exactly when the server accepts
 * it, because both ask schemas/src/leads/failureReasonRule.ts.
 */
const reasons: Omit<FailureReason, 'order' | 'revision'>[] = [
  { id: 1, name: 'Sin restricción', requestTypes: [], subStatusIds: [], countries: [], active: true },
  { id: 2, name: 'Solo Planes', requestTypes: ['Planes'], subStatusIds: [], countries: [], active: true },
  { id: 3, name: 'Solo Perú', requestTypes: [], subStatusIds: [], countries: ['PE'], active: true },
  { id: 4, name: 'Solo subestado 40', requestTypes: [], subStatusIds: [40], countries: [], active: true },
  { id: 5, name: 'Inactivo', requestTypes: [], subStatusIds: [], countries: [], active: false },
];
const FAILED = 4;
const policy: LeadPolicy = {
  statuses: new Map([
    [2, { name: 'Asignado', requiresSubStatus: false, requiresFailureReason: false, active: true }],
    [FAILED, { name: 'Fallido', requiresSubStatus: false, requiresFailureReason: true, active: true }],
  ]),
  subStatuses: new Map([[40, { name: 'No contesta', parentIds: [FAILED], active: true }]]),
  failureReasons: new Map(reasons.map(({ id, ...reason }) => [id, reason])),
  transitions: new Map([[2, new Set([FAILED])]]),
};
const catalogues: LeadCatalogues = {
  statuses: [],
  subStatuses: [],
  failureReasons: reasons.map((reason) => ({ ...reason, order: reason.id, revision: 0 })),
  transitions: [],
};

describe('failure reasons: one rule for the console and the server', () => {
  const leads = [
    { requestType: 'Planes', country: 'CL' },
    { requestType: 'Seguros', country: 'PE' },
    { requestType: 'Seguros', country: '2' },
  ];
  for (const lead of leads) {
    for (const subStatusId of [null, 40]) {
      test(`${lead.requestType} in ${lead.country}, sub-status ${subStatusId}`, () => {
        const offered = failureReasonsFor(catalogues, lead, subStatusId).map((reason) => reason.id);
        const accepted = reasons
          .filter((reason) => {
            try {
              judgeStatusChange(
                policy,
                { status: { id: 2, name: 'Asignado' }, ...lead },
                { statusId: FAILED, subStatusId, failureReasonId: reason.id },
              );
              return true;
            } catch {
              return false;
            }
          })
          .map((reason) => reason.id);
        expect(offered).toEqual(accepted);
        expect(offered).toContain(1);
        expect(offered).not.toContain(5);
      });
    }
  }

  test('002-3.14 a country named by its numeric id matches its code', () => {
    expect(failureReasonApplies(reasons[2]!, { requestType: 'Seguros', country: '2' }, null)).toBe(true);
    expect(failureReasonApplies(reasons[2]!, { requestType: 'Seguros', country: 1 }, null)).toBe(false);
  });
});
