import { INITIAL_LEAD_STATUS, type LeadPolicy } from '@cubre/schemas';
import { leadDecider, type LeadDomainEvent, type LeadRequest } from '@cubre/services/leads/decider';
import { CommandRejected } from '@cubre/platform/core/decider';
import { DeciderSpecification } from '../support/deciderSpecification';

/**
 * Given/when/then for every rule of a lead's status change, assignment, notes, scheduled events and
 * duplicates (issue 5). The policy is built here, as the lead catalogues hand it to the decider.
 */
const spec = DeciderSpecification.for(leadDecider);
const LEAD_ID = '6f1c2d3e-4a5b-5c6d-8e7f-0123456789ab';
const EARLIER = '1a2b3c4d-0000-5000-8000-000000000001';
const ELENA = { id: '0d9c8b7a-1111-5111-8111-000000000001', name: 'Elena Ejecutiva' };
const ESTEBAN = { id: '0d9c8b7a-2222-5222-8222-000000000002', name: 'Esteban Ejecutivo' };

const status = (
  name: string,
  extra: Partial<{ requiresSubStatus: boolean; requiresFailureReason: boolean; active: boolean }> = {},
) => ({
  name,
  requiresSubStatus: false,
  requiresFailureReason: false,
  active: true,
  ...extra,
});
const policy: LeadPolicy = {
  statuses: new Map([
    [1, status('Sin Estado')],
    [2, status('Asignado')],
    [3, status('Cerrado')],
    [4, status('Fallido', { requiresSubStatus: true, requiresFailureReason: true })],
    [6, status('Duplicado')],
    [7, status('Por Reasignar')],
    [13, status('Agenda', { requiresSubStatus: true })],
    [99, status('Otro', { active: false })],
  ]),
  subStatuses: new Map([
    [201, { name: 'En Gestión', parentIds: [2], active: true }],
    [202, { name: 'Contactado', parentIds: [2], active: true }],
    [401, { name: 'Sin contacto', parentIds: [4], active: true }],
    [404, { name: 'No avanza', parentIds: [4], active: true }],
    [1301, { name: 'Videollamada', parentIds: [13], active: true }],
    [1302, { name: 'Retirado', parentIds: [13], active: false }],
  ]),
  failureReasons: new Map([
    [1, { name: 'No contesta', requestTypes: [], subStatusIds: [], countries: [], active: true }],
    [
      2,
      {
        name: 'Pre Existencias',
        requestTypes: ['Planes'],
        subStatusIds: [404],
        countries: ['CL'],
        active: true,
      },
    ],
    [3, { name: 'Muy caro', requestTypes: ['Seguros'], subStatusIds: [], countries: ['PE'], active: true }],
    [4, { name: 'Retirado', requestTypes: [], subStatusIds: [], countries: [], active: false }],
  ]),
  transitions: new Map([
    [1, new Set([2, 6, 7])],
    [2, new Set([2, 3, 4, 7, 13])],
    [7, new Set([2])],
    [4, new Set([7])],
  ]),
};

const request: LeadRequest = {
  leadId: LEAD_ID,
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
  contact: { nombre: 'Ana Soto', rut: '12.345.678-5', email: 'ana@example.com', telefono: '+56912345678' },
  region: null,
  profile: null,
  price: null,
  comparator: null,
  originPath: null,
};
const requested: LeadDomainEvent = {
  type: 'LeadRequested',
  data: { ...request, status: INITIAL_LEAD_STATUS },
};
const moved = (
  from: [number, string],
  to: [number, string],
  extra: Partial<{
    subStatus: { id: number; name: string };
    failureReason: { id: number; name: string };
    reason: string;
  }> = {},
): LeadDomainEvent => ({
  type: 'LeadStatusChanged',
  data: {
    leadId: LEAD_ID,
    from: { id: from[0], name: from[1] },
    to: { id: to[0], name: to[1] },
    subStatus: extra.subStatus ?? null,
    failureReason: extra.failureReason ?? null,
    reason: extra.reason ?? null,
    duplicateOf: null,
  },
});
const assigned = (executive = ELENA, previous: typeof ELENA | null = null): LeadDomainEvent => ({
  type: 'LeadAssigned',
  data: { leadId: LEAD_ID, executive, previousExecutive: previous, reason: null },
});
const change = (
  statusId: number,
  subStatusId: number | null = null,
  failureReasonId: number | null = null,
  reason: string | null = null,
) => ({
  type: 'ChangeLeadStatus' as const,
  data: { leadId: LEAD_ID, statusId, subStatusId, failureReasonId, reason },
  policy,
});
const rejected = (rule: string, field: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(CommandRejected);
  expect(error).toMatchObject({ rule, field, status: 422 });
};
const ASIGNADO = [2, 'Asignado'] as [number, string];
const SIN_ESTADO = [1, 'Sin Estado'] as [number, string];

describe('status change rules (the editable transition policy)', () => {
  test('an allowed move is recorded with from, to and the reason', () => {
    spec
      .given([requested, assigned(), moved(SIN_ESTADO, ASIGNADO)])
      .when(change(3, null, null, 'firmó el contrato'))
      .then([moved(ASIGNADO, [3, 'Cerrado'], { reason: 'firmó el contrato' })]);
  });

  test('a move the policy does not list is refused (transition_not_allowed)', () => {
    spec.given([requested]).when(change(3)).thenThrows(rejected('transition_not_allowed', 'statusId'));
  });

  test('a status with no transitions moves nowhere', () => {
    spec
      .given([requested, moved(SIN_ESTADO, [6, 'Duplicado'])])
      .when(change(2))
      .thenThrows(rejected('transition_not_allowed', 'statusId'));
  });

  test('an unknown or inactive target status is refused (status_unknown)', () => {
    spec.given([requested]).when(change(555)).thenThrows(rejected('status_unknown', 'statusId'));
    spec.given([requested]).when(change(99)).thenThrows(rejected('status_unknown', 'statusId'));
  });

  test('a status that needs a sub-status refuses to move without one', () => {
    spec
      .given([requested, moved(SIN_ESTADO, ASIGNADO)])
      .when(change(13))
      .thenThrows(rejected('sub_status_required', 'subStatusId'));
  });

  test('a sub-status of another status, or an inactive one, is refused (sub_status_mismatch)', () => {
    const given = [requested, moved(SIN_ESTADO, ASIGNADO)];
    spec.given(given).when(change(13, 201)).thenThrows(rejected('sub_status_mismatch', 'subStatusId'));
    spec.given(given).when(change(13, 1302)).thenThrows(rejected('sub_status_mismatch', 'subStatusId'));
  });

  test('002-3.10 Fallido needs a sub-status and a failure reason', () => {
    const given = [requested, moved(SIN_ESTADO, ASIGNADO)];
    spec
      .given(given)
      .when(change(4, null, 1))
      .thenThrows(rejected('sub_status_required', 'subStatusId'));
    spec.given(given).when(change(4, 401)).thenThrows(rejected('failure_reason_required', 'failureReasonId'));
    spec
      .given(given)
      .when(change(4, 401, 1, 'tres llamadas sin respuesta'))
      .then([
        moved(ASIGNADO, [4, 'Fallido'], {
          subStatus: { id: 401, name: 'Sin contacto' },
          failureReason: { id: 1, name: 'No contesta' },
          reason: 'tres llamadas sin respuesta',
        }),
      ]);
  });

  test('002-3.11 a failure reason applies only to its request types, countries and sub-statuses', () => {
    const given = [requested, moved(SIN_ESTADO, ASIGNADO)];
    // Pre Existencias: Planes only (this lead is Seguros).
    spec
      .given(given)
      .when(change(4, 404, 2))
      .thenThrows(rejected('failure_reason_not_applicable', 'failureReasonId'));
    // Muy caro: Peru only (this lead is Chilean).
    spec
      .given(given)
      .when(change(4, 401, 3))
      .thenThrows(rejected('failure_reason_not_applicable', 'failureReasonId'));
    // Inactive or unknown.
    spec
      .given(given)
      .when(change(4, 401, 4))
      .thenThrows(rejected('failure_reason_not_applicable', 'failureReasonId'));
    spec
      .given(given)
      .when(change(4, 401, 77))
      .thenThrows(rejected('failure_reason_not_applicable', 'failureReasonId'));
  });

  test('a failure reason limited to sub-statuses applies only with one of them', () => {
    const planes: LeadDomainEvent = {
      type: 'LeadRequested',
      data: { ...request, requestType: 'Planes', status: INITIAL_LEAD_STATUS },
    };
    const given = [planes, moved(SIN_ESTADO, ASIGNADO)];
    spec
      .given(given)
      .when(change(4, 401, 2))
      .thenThrows(rejected('failure_reason_not_applicable', 'failureReasonId'));
    spec
      .given(given)
      .when(change(4, 404, 2))
      .then([
        moved(ASIGNADO, [4, 'Fallido'], {
          subStatus: { id: 404, name: 'No avanza' },
          failureReason: { id: 2, name: 'Pre Existencias' },
        }),
      ]);
  });

  test('a status the policy lets stay put takes a new sub-status; one that does not refuses it', () => {
    spec
      .given([requested, moved(SIN_ESTADO, [7, 'Por Reasignar'])])
      .when(change(7))
      .thenThrows(rejected('transition_not_allowed', 'statusId'));
  });

  test('a new sub-status within a status listing itself is allowed; the same one again records nothing', () => {
    const given = [requested, moved(SIN_ESTADO, ASIGNADO, { subStatus: { id: 201, name: 'En Gestión' } })];
    spec
      .given(given)
      .when(change(2, 202))
      .then(
        [moved(ASIGNADO, ASIGNADO, { subStatus: { id: 202, name: 'Contactado' } })].map((event) => ({
          ...event,
          data: { ...event.data, from: { id: 2, name: 'Asignado' } },
        })) as LeadDomainEvent[],
      );
    spec.given(given).when(change(2, 201)).thenNothingHappens();
  });

  test('a change to a lead that does not exist is refused', () => {
    spec
      .given([])
      .when(change(2))
      .thenThrows((error) => expect(error).toMatchObject({ rule: 'lead_not_found' }));
  });
});

describe('assignment', () => {
  test('assigning an unworked lead (Sin Estado) moves it to Asignado in its start sub-status', () => {
    spec
      .given([requested])
      .when({ type: 'AssignLead', data: { leadId: LEAD_ID, executive: ELENA, reason: null }, policy })
      .then([
        assigned(),
        moved(SIN_ESTADO, ASIGNADO, { subStatus: { id: 201, name: 'En Gestión' }, reason: 'asignación' }),
      ]);
  });

  test('reassigning (Por Reasignar) names the previous executive and returns the lead to Asignado', () => {
    spec
      .given([requested, assigned(), moved(SIN_ESTADO, ASIGNADO), moved(ASIGNADO, [7, 'Por Reasignar'])])
      .when({
        type: 'AssignLead',
        data: { leadId: LEAD_ID, executive: ESTEBAN, reason: 'vacaciones' },
        policy,
      })
      .then([
        {
          type: 'LeadAssigned',
          data: { leadId: LEAD_ID, executive: ESTEBAN, previousExecutive: ELENA, reason: 'vacaciones' },
        },
        moved([7, 'Por Reasignar'], ASIGNADO, {
          subStatus: { id: 201, name: 'En Gestión' },
          reason: 'asignación',
        }),
      ]);
  });

  test('reassigning a lead being worked keeps its status; the same executive again records nothing', () => {
    const given = [requested, assigned(), moved(SIN_ESTADO, ASIGNADO)];
    spec
      .given(given)
      .when({ type: 'AssignLead', data: { leadId: LEAD_ID, executive: ESTEBAN, reason: null }, policy })
      .then([assigned(ESTEBAN, ELENA)]);
    spec
      .given(given)
      .when({ type: 'AssignLead', data: { leadId: LEAD_ID, executive: ELENA, reason: null }, policy })
      .thenNothingHappens();
  });
});

describe('notes, scheduled events and duplicates', () => {
  const NOTE_ID = '9e8d7c6b-0000-5000-8000-00000000000a';
  test('a note is recorded once, whatever the retries', () => {
    const note: LeadDomainEvent = {
      type: 'LeadNoteAdded',
      data: { leadId: LEAD_ID, noteId: NOTE_ID, text: 'Llamar después de las 18' },
    };
    spec
      .given([requested])
      .when({ type: 'AddLeadNote', data: note.data as never })
      .then([note]);
    spec
      .given([requested, note])
      .when({ type: 'AddLeadNote', data: note.data as never })
      .thenNothingHappens();
  });

  test("002-3.25 a LLAMADA or REUNION goes to the lead's executive's agenda; its reminder comes before it", () => {
    const data = {
      leadId: LEAD_ID,
      eventId: '9e8d7c6b-0000-5000-8000-00000000000b',
      type: 'REUNION' as const,
      at: '2026-11-24T15:00:00.000Z',
      remindAt: '2026-11-24T14:30:00.000Z',
      note: 'Zoom',
    };
    spec
      .given([requested, assigned()])
      .when({ type: 'ScheduleLeadEvent', data })
      .then([{ type: 'LeadEventScheduled', data: { ...data, executiveId: ELENA.id } }]);
    spec
      .given([requested])
      .when({ type: 'ScheduleLeadEvent', data: { ...data, remindAt: '2026-11-24T16:00:00.000Z' } })
      .thenThrows((error) => expect(error).toMatchObject({ rule: 'remind_before', field: 'remindAt' }));
    // At the event's own time it would never be due: strictly before (schemas/src/leads/reminderRule.ts).
    spec
      .given([requested])
      .when({ type: 'ScheduleLeadEvent', data: { ...data, remindAt: data.at } })
      .thenThrows((error) => expect(error).toMatchObject({ rule: 'remind_before', field: 'remindAt' }));
  });

  test('a request repeating an earlier lead of the same person and product starts as Duplicado', () => {
    spec
      .given([])
      .when({ type: 'RequestLead', data: request, duplicateOf: EARLIER })
      .then([
        requested,
        {
          type: 'LeadStatusChanged',
          data: {
            leadId: LEAD_ID,
            from: INITIAL_LEAD_STATUS,
            to: { id: 6, name: 'Duplicado' },
            subStatus: null,
            failureReason: null,
            reason: 'misma persona y producto dentro de la ventana de duplicados',
            duplicateOf: EARLIER,
          },
        },
      ]);
  });
});
