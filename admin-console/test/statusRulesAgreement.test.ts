import { judgeStatusChange } from '@cubre/services/leads/statusRules';
import { leadPolicyOf } from '@cubre/schemas/leads/statusRules';
import { INITIAL_LEAD_STATUS } from '@cubre/schemas';
import { leadDecider, type LeadDomainEvent } from '@cubre/services/leads/decider';
import { CommandRejected } from '@cubre/platform/core/decider';
import {
  DEFAULT_LEAD_STATUSES,
  DEFAULT_LEAD_SUB_STATUSES,
  DEFAULT_LEAD_TRANSITIONS,
} from '@cubre/schemas/leadCatalogue/defaults';
import { DEFAULT_FAILURE_REASONS } from '@cubre/services/leadCatalogue/failureReasons';
import { eventCommandOf, validateEventDraft } from '../src/leads/eventRules';
import { allowedTargets, validateStatusChoice, type LeadCatalogues } from '../src/leads/statusRules';

/**
 * Issue 12, "each rule written once": the console's status-change dialog and kanban accept a choice exactly
 * when the server's decider accepts it, and name the same field first, because both judge with
 * schemas/src/leads/statusRules.ts. Checked over the default catalogue every installation starts with and
 * over a small one with inactive entries and restricted reasons.
 */
const withRevision = <T>(records: readonly T[]) => records.map((record) => ({ ...record, revision: 0 }));

const defaults: LeadCatalogues = {
  statuses: withRevision(DEFAULT_LEAD_STATUSES),
  subStatuses: withRevision(DEFAULT_LEAD_SUB_STATUSES),
  failureReasons: withRevision(DEFAULT_FAILURE_REASONS),
  transitions: withRevision(DEFAULT_LEAD_TRANSITIONS),
};
const edited: LeadCatalogues = {
  statuses: withRevision([
    { id: 1, name: 'Sin Estado', colour: '#9E9E9E', requiresSubStatus: false, requiresFailureReason: false },
    { id: 2, name: 'Asignado', colour: '#1976D2', requiresSubStatus: false, requiresFailureReason: false },
    { id: 4, name: 'Fallido', colour: '#C62828', requiresSubStatus: true, requiresFailureReason: true },
    { id: 13, name: 'Agenda', colour: '#0288D1', requiresSubStatus: true, requiresFailureReason: false },
    { id: 14, name: 'Interesa', colour: '#43A047', requiresSubStatus: true, requiresFailureReason: false },
    { id: 99, name: 'Otro', colour: '#607D8B', requiresSubStatus: false, requiresFailureReason: false },
  ]).map((status) => ({ ...status, order: status.id, active: status.id !== 99 })),
  subStatuses: withRevision([
    { id: 201, name: 'En Gestión', parentIds: [2], order: 1, active: true },
    { id: 401, name: 'Sin contacto', parentIds: [4], order: 2, active: true },
    { id: 404, name: 'No avanza', parentIds: [4], order: 3, active: false },
    { id: 1301, name: 'Videollamada', parentIds: [13, 14], order: 4, active: true },
  ]),
  failureReasons: withRevision([
    {
      id: 1,
      name: 'No contesta',
      requestTypes: [],
      subStatusIds: [401],
      countries: [],
      order: 1,
      active: true,
    },
    {
      id: 2,
      name: 'Muy caro',
      requestTypes: ['Planes' as const],
      subStatusIds: [],
      countries: ['PE' as const],
      order: 2,
      active: true,
    },
    { id: 3, name: 'Retirado', requestTypes: [], subStatusIds: [], countries: [], order: 3, active: false },
  ]),
  transitions: withRevision([
    { id: 1, to: [2, 4, 99] },
    { id: 2, to: [2, 4, 13, 14] },
    { id: 13, to: [13, 14] },
    { id: 14, to: [] },
  ]),
};

const FIELDS = ['statusId', 'subStatusId', 'failureReasonId'] as const;
const leads = [
  { requestType: 'Planes', country: 'CL' },
  { requestType: 'Planes', country: 'PE' },
  { requestType: 'Seguros', country: 'CL' },
];

describe('the console and the server judge a status change alike', () => {
  for (const [name, catalogues] of [
    ['the default catalogue', defaults],
    ['an edited catalogue with inactive entries', edited],
  ] as const) {
    test(`${name}: every choice the console accepts the server accepts, and it refuses the same field first`, () => {
      const policy = leadPolicyOf({
        leadStatus: catalogues.statuses,
        leadSubStatus: catalogues.subStatuses,
        failureReason: catalogues.failureReasons,
        leadTransition: catalogues.transitions,
      });
      const reasonChoices = [null, ...catalogues.failureReasons.map((reason) => reason.id).slice(0, 8)];
      const disagreements: unknown[] = [];
      let accepted = 0;
      let refused = 0;
      for (const from of catalogues.statuses) {
        const targets = new Set(allowedTargets(catalogues, from.id).map((status) => status.id));
        for (const to of catalogues.statuses) {
          // No sub-status, each one of the target's (active or not), and one of another status.
          const own = catalogues.subStatuses.filter((sub) => sub.parentIds.includes(to.id));
          const foreign = catalogues.subStatuses.find((sub) => !sub.parentIds.includes(to.id));
          const subStatusChoices = [null, ...[...own, ...(foreign ? [foreign] : [])].map((sub) => sub.id)];
          for (const subStatusId of subStatusChoices) {
            for (const failureReasonId of reasonChoices) {
              for (const facts of leads) {
                const lead = { ...facts, status: { id: from.id, name: from.name } };
                const choice = { statusId: to.id, subStatusId, failureReasonId };
                const errors = validateStatusChoice(catalogues, lead, { ...choice, reason: '' });
                let serverField: string | null = null;
                try {
                  judgeStatusChange(policy, lead, choice);
                } catch (error) {
                  if (!(error instanceof CommandRejected)) throw error;
                  serverField = error.field ?? null;
                }
                const consoleField = FIELDS.find((field) => errors[field] !== undefined) ?? null;
                // The kanban's and the dialog's targets are the moves the server allows.
                const offered = targets.has(to.id);
                if (consoleField !== serverField || (serverField !== 'statusId') !== offered) {
                  disagreements.push({
                    from: from.id,
                    ...choice,
                    ...facts,
                    consoleField,
                    serverField,
                    offered,
                  });
                }
                if (serverField === null) accepted++;
                else refused++;
              }
            }
          }
        }
      }
      expect(disagreements).toEqual([]);
      // Both outcomes were exercised, so the agreement is not vacuous.
      expect(accepted).toBeGreaterThan(10);
      expect(refused).toBeGreaterThan(10);
    });
  }
});

describe('the console and the server judge a reminder alike', () => {
  const leadId = '6f1c2d3e-4a5b-5c6d-8e7f-0123456789ab';
  const requested: LeadDomainEvent = {
    type: 'LeadRequested',
    data: {
      leadId,
      kind: 'plan',
      requestType: 'Seguros',
      country: 'CL',
      product: {
        code: 'COMP-L',
        displayName: 'Complementario Andes',
        productType: '',
        insuranceType: 'SEGURO COMPLEMENTARIO',
        organizationCode: 'Seguros-Andes',
        organizationName: 'Seguros Andes',
      },
      basePlanCode: null,
      contact: {
        nombre: 'Ana Soto',
        rut: '12.345.678-5',
        email: 'ana@example.com',
        telefono: '+56912345678',
      },
      region: null,
      profile: null,
      price: null,
      comparator: null,
      originPath: null,
      status: INITIAL_LEAD_STATUS,
    },
  };
  const state = leadDecider.evolve(leadDecider.initialState(), requested);
  const serverRefuses = (at: string, remindAt: string) => {
    try {
      leadDecider.decide(
        {
          type: 'ScheduleLeadEvent',
          data: {
            leadId,
            eventId: '9e8d7c6b-0000-5000-8000-00000000000b',
            type: 'LLAMADA',
            at,
            remindAt,
            note: null,
          },
        },
        state,
      );
      return false;
    } catch (error) {
      if (error instanceof CommandRejected && error.rule === 'remind_before') return true;
      throw error;
    }
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (date: Date) =>
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

  test('002-3.25 a reminder before the call is accepted; at its time or after it, both refuse it', () => {
    const at = new Date(2026, 10, 24, 10, 0);
    for (const minutes of [-30, -1, 0, 1, 45]) {
      const remind = new Date(at.getTime() + minutes * 60_000);
      const draft = { type: 'LLAMADA' as const, at: local(at), remindAt: local(remind), note: '' };
      const command = eventCommandOf(draft);
      expect({
        minutes,
        console: validateEventDraft(draft).remindAt === 'cubre.events.errors.remind_before',
        server: serverRefuses(command.at, command.remindAt!),
      }).toEqual({ minutes, console: minutes >= 0, server: minutes >= 0 });
    }
  });
});
