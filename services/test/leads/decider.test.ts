import { INITIAL_LEAD_STATUS, LEAD_STATUSES, LEAD_STATUS_CODES, LeadRequestedData } from '@cubre/schemas';
import { contactRequestDecider, type ContactRequestDomainEvent } from '@cubre/services/leads/contactDecider';
import {
  leadDecider,
  type LeadDomainEvent,
  type LeadRequest,
  type UpdateLeadContact,
} from '@cubre/services/leads/decider';
import { CommandRejected } from '@cubre/platform/core/decider';
import { DeciderSpecification } from '../support/deciderSpecification';

const spec = DeciderSpecification.for(leadDecider);
const LEAD_ID = '6f1c2d3e-4a5b-5c6d-8e7f-0123456789ab';

const request = (extra: Partial<LeadRequest> = {}): LeadRequest => ({
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
  region: { stateCode: 13 },
  profile: { cotizante: [{ sexo: 'Femenino', edad: 41 }] },
  price: { value: 0.85, unit: 'UF' },
  comparator: 'seguros-de-salud',
  originPath: '/Seguros/Seguros-Andes/COMP-L/Solicitar',
  ...extra,
});
const requested = (extra: Partial<LeadRequest> = {}): LeadDomainEvent => ({
  type: 'LeadRequested',
  data: { ...request(extra), status: INITIAL_LEAD_STATUS },
});
const update = (
  changes: UpdateLeadContact['data']['changes'],
  extra: Partial<UpdateLeadContact['data']> = {},
): UpdateLeadContact => ({
  type: 'UpdateLeadContact',
  data: { leadId: LEAD_ID, kind: 'plan', country: 'CL', changes, ...extra },
});
const rejection = (rule: string, status: number, field: string) => (error: unknown) => {
  expect(error).toBeInstanceOf(CommandRejected);
  expect(error).toMatchObject({ rule, status, field });
};

describe('lead decider: requesting', () => {
  test('000-7.18 a plan request starts a lead in the initial status Sin Estado (1)', () => {
    spec.given([]).when({ type: 'RequestLead', data: request() }).then([requested()]);
    expect(INITIAL_LEAD_STATUS).toEqual({ id: 1, name: 'Sin Estado' });
  });

  test('000-7.19 an add-on request is a lead of kind addon on the same aggregate', () => {
    const addon = request({ kind: 'addon', basePlanCode: 'CS-01' });
    spec
      .given([])
      .when({ type: 'RequestLead', data: addon })
      .then([{ type: 'LeadRequested', data: { ...addon, status: INITIAL_LEAD_STATUS } }]);
  });

  test('the recorded event holds to the LeadRequested schema', () => {
    const [event] = leadDecider.decide({ type: 'RequestLead', data: request() }, leadDecider.initialState());
    expect(LeadRequestedData.parse(event!.data)).toEqual(event!.data);
  });

  test('000-5.27 a request without a price is recorded, not refused', () => {
    spec
      .given([])
      .when({ type: 'RequestLead', data: request({ price: null }) })
      .then([requested({ price: null })]);
  });

  test('the same request again (a retry) records nothing, whatever the key order', () => {
    const { contact, ...rest } = request();
    const { nombre, rut, email, telefono } = contact;
    const reordered = { contact: { telefono, email, rut, nombre }, ...rest };
    spec.given([requested()]).when({ type: 'RequestLead', data: reordered }).thenNothingHappens();
  });

  test('another request under a taken lead id is a conflict', () => {
    spec
      .given([requested()])
      .when({ type: 'RequestLead', data: request({ comparator: 'dental' }) })
      .thenThrows(rejection('lead_exists', 409, 'id'));
  });
});

describe('lead decider: updating the contact data', () => {
  test('000-7.18 an update records only the fields that change', () => {
    spec
      .given([requested()])
      .when(update({ email: 'ana.soto@example.com', telefono: '+56912345678', region: { stateCode: 13 } }))
      .then([
        { type: 'LeadContactUpdated', data: { leadId: LEAD_ID, changes: { email: 'ana.soto@example.com' } } },
      ]);
  });

  test('an update that changes nothing records nothing', () => {
    spec
      .given([requested()])
      .when(update({ nombre: 'Ana Soto', profile: { cotizante: [{ sexo: 'Femenino', edad: 41 }] } }))
      .thenNothingHappens();
  });

  test('a later update compares with the data as already updated', () => {
    const first: LeadDomainEvent = {
      type: 'LeadContactUpdated',
      data: { leadId: LEAD_ID, changes: { email: 'nuevo@example.com', region: { stateCode: 5 } } },
    };
    spec
      .given([requested(), first])
      .when(update({ email: 'nuevo@example.com', region: { stateCode: 5 }, nombre: 'Ana María Soto' }))
      .then([
        { type: 'LeadContactUpdated', data: { leadId: LEAD_ID, changes: { nombre: 'Ana María Soto' } } },
      ]);
  });

  test('updating a lead that does not exist is refused as not found', () => {
    spec
      .given([])
      .when(update({ email: 'x@example.com' }))
      .thenThrows(rejection('lead_not_found', 422, 'id'));
  });

  test('000-7.19 the plan update does not reach an add-on, nor the reverse', () => {
    spec
      .given([requested({ kind: 'addon' })])
      .when(update({ email: 'x@example.com' }, { kind: 'plan' }))
      .thenThrows(rejection('lead_not_found', 422, 'id'));
    spec
      .given([requested()])
      .when(update({ email: 'x@example.com' }, { kind: 'addon' }))
      .thenThrows(rejection('lead_not_found', 422, 'id'));
  });

  test('an update validated for another edition than the lead’s is refused naming country', () => {
    spec
      .given([requested()])
      .when(update({ rut: '12345678' }, { country: 'PE' }))
      .thenThrows(rejection('edition', 422, 'country'));
  });

  test('the state follows the updates: contact merged, region and profile replaced', () => {
    const state = [
      requested(),
      {
        type: 'LeadContactUpdated' as const,
        data: { leadId: LEAD_ID, changes: { telefono: '+56987654321', region: { stateCode: 8 } } },
      },
    ].reduce(leadDecider.evolve, leadDecider.initialState());
    expect(state).toMatchObject({
      status: 'Requested',
      contact: { nombre: 'Ana Soto', telefono: '+56987654321', email: 'ana@example.com' },
      region: { stateCode: 8 },
      leadStatus: { id: 1, name: 'Sin Estado' },
    });
  });
});

describe('lead statuses', () => {
  test('002-3.01 the statuses are exactly the seed’s ids and names', () => {
    expect(LEAD_STATUSES.map(({ id, name }) => `${id} ${name}`)).toEqual([
      '1 Sin Estado',
      '2 Asignado',
      '3 Cerrado',
      '4 Fallido',
      '6 Duplicado',
      '7 Por Reasignar',
      '8 Web',
      '9 Por Cerrar',
      '10 Resuelto',
      '11 Cliente Vigente',
      '12 No interesa',
      '13 Agenda',
      '14 Interesa',
      '97 Pruebas QP',
      '98 Cliente Falso',
      '99 Otro',
      '100 Proceso de Devolución',
      '101 Devuelto',
      '500 Contratacion Online',
      '501 Pendiente de confirmación',
    ]);
  });

  test('002-3.02 the second enumeration is exactly the seed’s', () => {
    expect(LEAD_STATUS_CODES).toEqual({
      SIN_ESTADO: 1,
      ASIGNADO: 2,
      CERRADO: 3,
      ELIMINADO: 5,
      DUPLICADO: 6,
      PRUEBA: 97,
      CONTRATACION_ONLINE: 500,
      PENDIENTE_DE_CONFIRMACION: 501,
    });
  });
});

describe('contact request decider', () => {
  const contactSpec = DeciderSpecification.for(contactRequestDecider);
  const data = {
    contactId: '0a1b2c3d-4e5f-5a6b-8c7d-0123456789ab',
    country: 'CL' as const,
    nombre: "Bernardo O'Higgins",
    email: 'bernardo@example.com',
    telefono: '+56912345678',
    mensaje: 'Quisiera cotizar un seguro para mi empresa.',
    asunto: null,
    originPath: '/contacto',
  };
  const received: ContactRequestDomainEvent = { type: 'ContactRequested', data };

  test('000-7.20 a contact message is recorded', () => {
    contactSpec.given([]).when({ type: 'RequestContact', data }).then([received]);
  });

  test('the same message again records nothing; another one under the same id is a conflict', () => {
    contactSpec.given([received]).when({ type: 'RequestContact', data }).thenNothingHappens();
    contactSpec
      .given([received])
      .when({ type: 'RequestContact', data: { ...data, mensaje: 'Otro mensaje' } })
      .thenThrows(rejection('contact_exists', 409, 'id'));
  });
});
