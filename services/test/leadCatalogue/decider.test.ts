import {
  FailureReasonEvent,
  LeadStatusEvent,
  LeadSubStatusEvent,
  LeadTransitionsEvent,
  leadCatalogueStream,
  type FailureReasonRecord,
  type LeadStatusRecord,
  type LeadSubStatusRecord,
  type LeadTransitionRecord,
} from '@cubre/schemas';
import {
  failureReasonDecider,
  leadStatusDecider,
  leadSubStatusDecider,
  leadTransitionDecider,
  type CatalogueRecordEvent,
} from '@cubre/services/leadCatalogue/decider';
import { CommandRejected } from '@cubre/platform/core/decider';
import { DeciderSpecification } from '../support/deciderSpecification';

const statuses = DeciderSpecification.for(leadStatusDecider);
const subStatuses = DeciderSpecification.for(leadSubStatusDecider);
const reasons = DeciderSpecification.for(failureReasonDecider);
const transitions = DeciderSpecification.for(leadTransitionDecider);

const fallido: LeadStatusRecord = {
  id: 4,
  name: 'Fallido',
  colour: '#C62828',
  requiresSubStatus: true,
  requiresFailureReason: true,
  order: 110,
  active: true,
};
const sinEstado: LeadStatusRecord = {
  ...fallido,
  id: 1,
  name: 'Sin Estado',
  requiresSubStatus: false,
  requiresFailureReason: false,
};
const recaudacion: LeadSubStatusRecord = {
  id: 330,
  name: 'Recaudación',
  parentIds: [500, 501],
  order: 20,
  active: true,
};
const noContesta: FailureReasonRecord = {
  id: 1,
  name: 'No contesta',
  requestTypes: ['Seguros', 'Planes'],
  subStatusIds: [401, 402],
  order: 10,
  countries: ['CL', 'PE', 'CO', 'INT'],
  active: true,
};
const fromFallido: LeadTransitionRecord = { id: 4, to: [4, 7] };

const defined = <R>(prefix: string, record: R): CatalogueRecordEvent<R> => ({
  type: `${prefix}Defined`,
  data: { record },
});
const statusDefined = (record: LeadStatusRecord = fallido) => defined('LeadStatus', record);
const statusDeleted = (id = fallido.id): CatalogueRecordEvent<LeadStatusRecord> => ({
  type: 'LeadStatusDeleted',
  data: { id },
});
const rejection = (rule: string, status: number, field: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(CommandRejected);
  expect(error).toMatchObject({ rule, status, field });
};

describe('lead-catalogue records: creating and seeding', () => {
  test('002-3.01 creating a status records it whole', () => {
    statuses.given([]).when({ type: 'CreateRecord', record: fallido }).then([statusDefined()]);
  });

  test('creating an id that exists is a 409 exists', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'CreateRecord', record: { ...fallido, name: 'Otro nombre' } })
      .thenThrows(rejection('exists', 409, 'id'));
  });

  test('the same create again (a retry) records nothing', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'CreateRecord', record: { ...fallido } })
      .thenNothingHappens();
  });

  test('creating a deleted id reinstates it', () => {
    statuses
      .given([statusDefined(), statusDeleted()])
      .when({ type: 'CreateRecord', record: fallido })
      .then([statusDefined()]);
  });

  test('the default catalogue seeds a record on a stream that never existed', () => {
    statuses.given([]).when({ type: 'SeedRecord', record: fallido }).then([statusDefined()]);
  });

  test('a second start seeds nothing: an edited record keeps its edit', () => {
    const edited: CatalogueRecordEvent<LeadStatusRecord> = {
      type: 'LeadStatusRevised',
      data: { record: { ...fallido, colour: '#000000' }, changedFields: ['colour'] },
    };
    statuses.given([statusDefined()]).when({ type: 'SeedRecord', record: fallido }).thenNothingHappens();
    statuses
      .given([statusDefined(), edited])
      .when({ type: 'SeedRecord', record: fallido })
      .thenNothingHappens();
  });

  test('a record deleted in the console is not seeded again', () => {
    statuses
      .given([statusDefined(), statusDeleted()])
      .when({ type: 'SeedRecord', record: fallido })
      .thenNothingHappens();
  });
});

describe('lead-catalogue records: revising', () => {
  test('the fields that change are recorded with the whole new record', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'ReviseRecord', changes: { colour: '#B71C1C', name: 'Fallido', order: 115 } })
      .then([
        {
          type: 'LeadStatusRevised',
          data: { record: { ...fallido, colour: '#B71C1C', order: 115 }, changedFields: ['colour', 'order'] },
        },
      ]);
  });

  test('a revision that changes nothing records nothing', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'ReviseRecord', changes: { ...fallido } })
      .thenNothingHappens();
  });

  test('the id never changes', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'ReviseRecord', changes: { id: 99 } as never })
      .thenNothingHappens();
  });

  test('revising a record that does not exist, or was deleted, is not_found', () => {
    statuses
      .given([])
      .when({ type: 'ReviseRecord', changes: { order: 1 } })
      .thenThrows(rejection('not_found', 422, 'id'));
    statuses
      .given([statusDefined(), statusDeleted()])
      .when({ type: 'ReviseRecord', changes: { order: 1 } })
      .thenThrows(rejection('not_found', 422, 'id'));
  });

  test('002-3.05 a sub-status may belong to several statuses: Recaudación (330) under 500 and 501', () => {
    subStatuses
      .given([defined('LeadSubStatus', { ...recaudacion, parentIds: [500] })])
      .when({ type: 'ReviseRecord', changes: { parentIds: [500, 501] } })
      .then([{ type: 'LeadSubStatusRevised', data: { record: recaudacion, changedFields: ['parentIds'] } }]);
  });

  test('002-3.11 a failure reason revises its request types, sub-statuses and countries', () => {
    reasons
      .given([defined('FailureReason', noContesta)])
      .when({ type: 'ReviseRecord', changes: { countries: ['CL'], subStatusIds: [401, 402] } })
      .then([
        {
          type: 'FailureReasonRevised',
          data: { record: { ...noContesta, countries: ['CL'] }, changedFields: ['countries'] },
        },
      ]);
  });

  test('a transition policy is revised by its list of targets', () => {
    transitions
      .given([defined('LeadTransitions', fromFallido)])
      .when({ type: 'ReviseRecord', changes: { to: [7] } })
      .then([
        { type: 'LeadTransitionsRevised', data: { record: { id: 4, to: [7] }, changedFields: ['to'] } },
      ]);
  });
});

describe('lead-catalogue records: deleting', () => {
  test('a record nothing refers to is deleted', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'DeleteRecord', referencedBy: [{ resource: 'leads', count: 0, ids: [] }] })
      .then([statusDeleted()]);
  });

  test('a record something refers to is a 409 in_use naming what refers to it', () => {
    statuses
      .given([statusDefined()])
      .when({
        type: 'DeleteRecord',
        referencedBy: [
          { resource: 'lead-sub-statuses', count: 4, ids: [401, 402, 403, 404] },
          { resource: 'leads', count: 0, ids: [] },
        ],
      })
      .thenThrows((error) => {
        rejection('in_use', 409, 'id')(error);
        expect((error as Error).message).toContain('4 en lead-sub-statuses (401, 402, 403, 404)');
        expect((error as Error).message).not.toContain('leads');
      });
  });

  test('a sub-status a failure reason is offered under is in use', () => {
    subStatuses
      .given([defined('LeadSubStatus', recaudacion)])
      .when({ type: 'DeleteRecord', referencedBy: [{ resource: 'failure-reasons', count: 1, ids: [7] }] })
      .thenThrows(rejection('in_use', 409, 'id'));
  });

  test('deleting what does not exist, or twice, is not_found', () => {
    reasons
      .given([])
      .when({ type: 'DeleteRecord', referencedBy: [] })
      .thenThrows(rejection('not_found', 422, 'id'));
    reasons
      .given([defined('FailureReason', noContesta), { type: 'FailureReasonDeleted', data: { id: 1 } }])
      .when({ type: 'DeleteRecord', referencedBy: [] })
      .thenThrows(rejection('not_found', 422, 'id'));
  });

  test('a transition policy is deleted (its status then moves nowhere)', () => {
    transitions
      .given([defined('LeadTransitions', fromFallido)])
      .when({ type: 'DeleteRecord', referencedBy: [] })
      .then([{ type: 'LeadTransitionsDeleted', data: { id: 4 } }]);
  });
});

describe('the initial status Sin Estado (1)', () => {
  const given = statuses.given([statusDefined(sinEstado)]);

  test('002-3.01 can be renamed and recoloured', () => {
    given.when({ type: 'ReviseRecord', changes: { colour: '#AAAAAA' } }).then([
      {
        type: 'LeadStatusRevised',
        data: { record: { ...sinEstado, colour: '#AAAAAA' }, changedFields: ['colour'] },
      },
    ]);
  });

  test('cannot be deleted', () => {
    given.when({ type: 'DeleteRecord', referencedBy: [] }).thenThrows(rejection('initial_status', 422, 'id'));
  });

  test('cannot be deactivated', () => {
    given
      .when({ type: 'ReviseRecord', changes: { active: false } })
      .thenThrows(rejection('initial_status', 422, 'active'));
  });

  test('cannot require a sub-status or a failure reason, which a new lead could not give', () => {
    given
      .when({ type: 'ReviseRecord', changes: { requiresSubStatus: true } })
      .thenThrows(rejection('initial_status', 422, 'requiresSubStatus'));
    given
      .when({ type: 'ReviseRecord', changes: { requiresFailureReason: true } })
      .thenThrows(rejection('initial_status', 422, 'requiresFailureReason'));
    statuses
      .given([])
      .when({ type: 'CreateRecord', record: { ...sinEstado, requiresSubStatus: true } })
      .thenThrows(rejection('initial_status', 422, 'requiresSubStatus'));
  });

  test('other statuses may be deactivated', () => {
    statuses
      .given([statusDefined()])
      .when({ type: 'ReviseRecord', changes: { active: false } })
      .then([
        {
          type: 'LeadStatusRevised',
          data: { record: { ...fallido, active: false }, changedFields: ['active'] },
        },
      ]);
  });
});

describe('lead-catalogue events', () => {
  test('every event a decider records holds to its schema, and streams are named by category and id', () => {
    const cases = [
      [
        LeadStatusEvent,
        leadStatusDecider.decide({ type: 'CreateRecord', record: fallido }, { status: 'Empty' }),
      ],
      [
        LeadSubStatusEvent,
        leadSubStatusDecider.decide({ type: 'CreateRecord', record: recaudacion }, { status: 'Empty' }),
      ],
      [
        FailureReasonEvent,
        failureReasonDecider.decide({ type: 'CreateRecord', record: noContesta }, { status: 'Empty' }),
      ],
      [
        LeadTransitionsEvent,
        leadTransitionDecider.decide(
          { type: 'DeleteRecord', referencedBy: [] },
          { status: 'Defined', record: fromFallido },
        ),
      ],
    ] as const;
    for (const [schema, events] of cases) {
      for (const event of events) expect(schema.parse(event)).toEqual(event);
    }
    expect(leadCatalogueStream('leadStatus', 2)).toBe('leadStatus-2');
    expect(leadCatalogueStream('leadSubStatus', 330)).toBe('leadSubStatus-330');
    expect(leadCatalogueStream('failureReason', 7)).toBe('failureReason-7');
    expect(leadCatalogueStream('leadTransition', 2)).toBe('leadTransition-2');
  });
});
