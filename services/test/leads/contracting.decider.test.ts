import type { LeadPolicy, PaymentMethod, PurchaseStep } from '@cubre/schemas';
import {
  DEFAULT_LEAD_STATUSES,
  DEFAULT_LEAD_SUB_STATUSES,
  DEFAULT_LEAD_TRANSITIONS,
} from '@cubre/schemas/leadCatalogue/defaults';
import { leadDecider, type LeadDomainEvent, type RecordContractingStep } from '@cubre/services/leads/decider';
import { CommandRejected } from '@cubre/platform/core/decider';
import { DeciderSpecification } from '../support/deciderSpecification';

/**
 * Given/when/then for an online purchase's steps on the lead aggregate (rules 002-2.08, 002-3.04 to
 * 002-3.06, 002-4.10; services/src/leads/README.md "Online contracting"). The policy is the seeded
 * catalogue, as the lead catalogues hand it to the decider.
 */
const spec = DeciderSpecification.for(leadDecider);
const LEAD_ID = '7a1c2d3e-4a5b-5c6d-8e7f-0123456789ab';
const SESSION = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';

const policy: LeadPolicy = {
  statuses: new Map(
    DEFAULT_LEAD_STATUSES.map(({ id, name, requiresSubStatus, requiresFailureReason, active }) => [
      id,
      { name, requiresSubStatus, requiresFailureReason, active },
    ]),
  ),
  subStatuses: new Map(
    DEFAULT_LEAD_SUB_STATUSES.map(({ id, name, parentIds, active }) => [id, { name, parentIds, active }]),
  ),
  failureReasons: new Map([
    [1, { name: 'No contesta', requestTypes: [], subStatusIds: [], countries: [], active: true }],
  ]),
  transitions: new Map(DEFAULT_LEAD_TRANSITIONS.map(({ id, to }) => [id, new Set(to)])),
};

const CONTACT = {
  nombre: 'Ana Soto',
  rut: '12.345.678-5',
  email: 'ana@example.com',
  telefono: '+56912345678',
};
const PRODUCT = {
  code: 'VIDA-L',
  displayName: 'Seguro VIDA-L',
  productType: 'SEGURO VIDA' as const,
  insuranceType: 'SEGURO VIDA',
  organizationCode: 'Seguros-Andes',
  organizationName: 'Seguros Andes',
};
const REQUEST = {
  leadId: LEAD_ID,
  kind: 'plan' as const,
  requestType: 'Seguros' as const,
  country: 'CL' as const,
  product: PRODUCT,
  basePlanCode: null,
  region: null,
  profile: null,
  price: null,
  comparator: null,
  originPath: '/Compra-Online/VIDA-L',
};

type StepExtra = Partial<{
  sessionType: string | null;
  paymentMethod: PaymentMethod | null;
  subscription: boolean | null;
  contact: Partial<typeof CONTACT>;
  productCode: string;
  country: 'CL' | 'PE';
  policy: LeadPolicy;
}>;
const stepOf = (step: PurchaseStep, extra: StepExtra = {}): RecordContractingStep => ({
  type: 'RecordContractingStep',
  data: {
    leadId: LEAD_ID,
    session: SESSION,
    step,
    sessionType: extra.sessionType ?? null,
    paymentMethod: extra.paymentMethod ?? null,
    subscription: extra.subscription ?? null,
  },
  request: {
    ...REQUEST,
    country: extra.country ?? 'CL',
    product: { ...PRODUCT, code: extra.productCode ?? PRODUCT.code },
    contact: extra.contact ?? CONTACT,
  },
  policy: extra.policy ?? policy,
});

const progress = (step: PurchaseStep, extra: StepExtra = {}) => ({
  session: SESSION,
  step,
  sessionType: extra.sessionType ?? null,
  paymentMethod: extra.paymentMethod ?? null,
  subscription: extra.subscription ?? null,
});
type Ref = [number, string];
const ONLINE: Ref = [500, 'Contratacion Online'];
const PENDING: Ref = [501, 'Pendiente de confirmación'];
const CLOSED: Ref = [3, 'Cerrado'];
const ref = ([id, name]: Ref) => ({ id, name });

/** The lead a session's first step opened. */
const opened = (step: PurchaseStep, status: Ref, subStatus: Ref, extra: StepExtra = {}): LeadDomainEvent => ({
  type: 'LeadRequested',
  data: {
    ...REQUEST,
    contact: CONTACT,
    status: ref(status),
    subStatus: ref(subStatus),
    contracting: progress(step, extra),
  },
});
const recorded = (
  step: PurchaseStep,
  status: Ref,
  subStatus: Ref | null,
  moved = true,
  extra: StepExtra = {},
): LeadDomainEvent => ({
  type: 'LeadContractingStepRecorded',
  data: {
    leadId: LEAD_ID,
    ...progress(step, extra),
    status: ref(status),
    subStatus: subStatus ? ref(subStatus) : null,
    moved,
  },
});
const consoleMoved = (
  from: Ref,
  to: Ref,
  subStatus: Ref | null,
  failureReason: Ref | null,
): LeadDomainEvent => ({
  type: 'LeadStatusChanged',
  data: {
    leadId: LEAD_ID,
    from: ref(from),
    to: ref(to),
    subStatus: subStatus ? ref(subStatus) : null,
    failureReason: failureReason ? ref(failureReason) : null,
    reason: null,
    duplicateOf: null,
  },
});

const DATOS_PERSONALES: Ref = [5003, 'Datos personales'];
const ESTADO_DE_SALUD: Ref = [5004, 'Estado de salud'];
const PAGO: Ref = [5006, 'Pago'];
const RECAUDACION: Ref = [330, 'Recaudación'];
const FALLIDO: Ref = [4, 'Fallido'];
const SIN_CONTACTO: Ref = [401, 'Sin contacto'];
const NO_CONTESTA: Ref = [1, 'No contesta'];
const started = opened('Datos personales', ONLINE, DATOS_PERSONALES);

const rejected =
  (rule: string, field: string, status = 422) =>
  (error: unknown) => {
    expect(error).toBeInstanceOf(CommandRejected);
    expect(error).toMatchObject({ rule, field, status });
  };

describe('the first step of a purchase session', () => {
  test('002-2.08 002-3.04 opens the lead in Contratación Online at the step’s sub-status, with the session', () => {
    spec
      .given([])
      .when(stepOf('Datos personales', { sessionType: 'shared' }))
      .then([opened('Datos personales', ONLINE, DATOS_PERSONALES, { sessionType: 'shared' })]);
  });

  test('whatever the step, it opens the lead where that step takes it', () => {
    spec
      .given([])
      .when(stepOf('Pago'))
      .then([opened('Pago', ONLINE, PAGO)]);
    spec
      .given([])
      .when(stepOf('Confirmación'))
      .then([opened('Confirmación', PENDING, RECAUDACION)]);
    spec
      .given([])
      .when(stepOf('Compra exitosa!', { subscription: true }))
      .then([opened('Compra exitosa!', CLOSED, [301, 'Web - Suscripción activa'], { subscription: true })]);
  });

  test('002-5.12 needs the contact data: a missing field is refused as required', () => {
    spec
      .given([])
      .when(stepOf('Datos personales', { contact: { nombre: 'Ana Soto', rut: CONTACT.rut } }))
      .thenThrows(rejected('required', 'email'));
    spec
      .given([])
      .when(stepOf('Pago', { contact: {} }))
      .thenThrows(rejected('required', 'nombre'));
  });

  test('the same first step again (a retry) records nothing', () => {
    spec.given([started]).when(stepOf('Datos personales')).thenNothingHappens();
  });

  test('the names come from the catalogue (renamed), the seed’s where the catalogue lacks the entry', () => {
    const renamed: LeadPolicy = {
      ...policy,
      statuses: new Map([...policy.statuses].filter(([id]) => id !== 500)),
      subStatuses: new Map([
        ...policy.subStatuses,
        [5003, { name: 'Datos del contratante', parentIds: [500], active: true }],
      ]),
    };
    spec
      .given([])
      .when(stepOf('Datos personales', { policy: renamed }))
      .then([opened('Datos personales', ONLINE, [5003, 'Datos del contratante'])]);
  });
});

describe('later steps', () => {
  test.each<[PurchaseStep, Ref]>([
    ['Datos personales', DATOS_PERSONALES],
    ['Estado de salud', ESTADO_DE_SALUD],
    ['Datos empresa', [5007, 'Datos empresa']],
    ['Datos colaboradores', [5008, 'Datos empleados']],
    ['Pago', PAGO],
    ['Asignación ejecutivo', [5001, 'Con cliente']],
  ])('002-3.04 %s moves the lead to Contratación Online / %p', (step, subStatus) => {
    const previous =
      step === 'Pago' ? opened('Estado de salud', ONLINE, ESTADO_DE_SALUD) : opened('Pago', ONLINE, PAGO);
    spec
      .given([previous])
      .when(stepOf(step))
      .then([recorded(step, ONLINE, subStatus)]);
  });

  test('002-3.05 Confirmación leaves the lead awaiting confirmation: Pendiente de confirmación / Recaudación', () => {
    spec
      .given([started, recorded('Pago', ONLINE, PAGO, true, { paymentMethod: 'tdc' })])
      .when(stepOf('Confirmación', { paymentMethod: 'tdc' }))
      .then([recorded('Confirmación', PENDING, RECAUDACION, true, { paymentMethod: 'tdc' })]);
  });

  test("000-2.22 a shared link's sessionType is kept by later steps that do not say it (the sale's own events)", () => {
    spec
      .given([started, recorded('Pago', ONLINE, PAGO, true, { sessionType: 'resume', paymentMethod: 'tdc' })])
      .when(stepOf('Confirmación', { paymentMethod: 'tdc' }))
      .then([
        recorded('Confirmación', PENDING, RECAUDACION, true, { sessionType: 'resume', paymentMethod: 'tdc' }),
      ]);
    // The same step again, the type unsaid: nothing new.
    spec
      .given([started, recorded('Pago', ONLINE, PAGO, true, { sessionType: 'resume' })])
      .when(stepOf('Pago'))
      .then([]);
  });

  test('a step after Confirmación (a new payment attempt) takes the lead back into Contratación Online', () => {
    spec
      .given([started, recorded('Confirmación', PENDING, RECAUDACION)])
      .when(stepOf('Pago', { paymentMethod: 'tdd' }))
      .then([recorded('Pago', ONLINE, PAGO, true, { paymentMethod: 'tdd' })]);
  });

  test.each<[string, PaymentMethod | null, boolean | null, Ref]>([
    ['a subscription', 'tdc-token', true, [301, 'Web - Suscripción activa']],
    ['a non-automated transfer', 'transfer_non_automated', null, [303, 'Web - Transferencia no automática']],
    ['a one-time card payment', 'tdc', false, [302, 'Web - Pago único']],
    ['no payment method named', null, null, [302, 'Web - Pago único']],
  ])(
    '002-3.06 002-4.10 Compra exitosa! of %s closes the lead as %p',
    (_case, paymentMethod, subscription, sub) => {
      spec
        .given([started, recorded('Confirmación', PENDING, RECAUDACION)])
        .when(stepOf('Compra exitosa!', { paymentMethod, subscription }))
        .then([recorded('Compra exitosa!', CLOSED, sub, true, { paymentMethod, subscription })]);
    },
  );

  test('002-3.06 a subscription paid by non-automated transfer is a subscription', () => {
    spec
      .given([started])
      .when(stepOf('Compra exitosa!', { paymentMethod: 'transfer_non_automated', subscription: true }))
      .then([
        recorded('Compra exitosa!', CLOSED, [301, 'Web - Suscripción activa'], true, {
          paymentMethod: 'transfer_non_automated',
          subscription: true,
        }),
      ]);
  });
});

describe('a lead the back-office took elsewhere', () => {
  const failed = [started, consoleMoved(ONLINE, FALLIDO, SIN_CONTACTO, NO_CONTESTA)];

  test('a step is recorded but the lead keeps its status (Fallido)', () => {
    spec
      .given(failed)
      .when(stepOf('Pago', { paymentMethod: 'tdc' }))
      .then([recorded('Pago', FALLIDO, SIN_CONTACTO, false, { paymentMethod: 'tdc' })]);
  });

  test('002-3.06 Compra exitosa! closes it anyway (a sale is a sale) and drops its failure reason', () => {
    spec
      .given(failed)
      .when(stepOf('Compra exitosa!', { paymentMethod: 'tdc' }))
      .then([recorded('Compra exitosa!', CLOSED, [302, 'Web - Pago único'], true, { paymentMethod: 'tdc' })]);
    const state = [
      ...failed,
      recorded('Compra exitosa!', CLOSED, [302, 'Web - Pago único'], true, { paymentMethod: 'tdc' }),
    ].reduce(leadDecider.evolve, leadDecider.initialState());
    expect(state).toMatchObject({ leadStatus: ref(CLOSED), failureReason: null });
  });

  test('an unmoved step keeps the failure reason', () => {
    const state = [...failed, recorded('Pago', FALLIDO, SIN_CONTACTO, false)].reduce(
      leadDecider.evolve,
      leadDecider.initialState(),
    );
    expect(state).toMatchObject({
      leadStatus: ref(FALLIDO),
      subStatus: ref(SIN_CONTACTO),
      failureReason: ref(NO_CONTESTA),
      contracting: progress('Pago'),
    });
  });
});

describe('after the sale', () => {
  const sold = recorded('Compra exitosa!', CLOSED, [302, 'Web - Pago único'], true, { paymentMethod: 'tdc' });

  test('a step after Cerrado is recorded and changes nothing', () => {
    spec
      .given([started, sold])
      .when(stepOf('Pago'))
      .then([recorded('Pago', CLOSED, [302, 'Web - Pago único'], false)]);
  });

  test('another Compra exitosa! with other data is recorded without reclosing', () => {
    spec
      .given([started, sold])
      .when(stepOf('Compra exitosa!', { subscription: true }))
      .then([recorded('Compra exitosa!', CLOSED, [302, 'Web - Pago único'], false, { subscription: true })]);
  });

  test('a lead the console closed is not moved by a step either', () => {
    spec
      .given([started, consoleMoved(ONLINE, CLOSED, null, null)])
      .when(stepOf('Compra exitosa!', { subscription: true }))
      .then([recorded('Compra exitosa!', CLOSED, null, false, { subscription: true })]);
  });
});

describe('repeats and mismatches', () => {
  test('the step just recorded, again with the same data, records nothing', () => {
    const paid = recorded('Pago', ONLINE, PAGO, true, { paymentMethod: 'tdc', sessionType: 'shared' });
    spec
      .given([started, paid])
      .when(stepOf('Pago', { paymentMethod: 'tdc', sessionType: 'shared' }))
      .thenNothingHappens();
    spec
      .given([started, paid])
      .when(stepOf('Pago', { paymentMethod: 'tdd', sessionType: 'shared' }))
      .then([recorded('Pago', ONLINE, PAGO, true, { paymentMethod: 'tdd', sessionType: 'shared' })]);
  });

  test('going back to an earlier step is a new step', () => {
    spec
      .given([started, recorded('Estado de salud', ONLINE, ESTADO_DE_SALUD)])
      .when(stepOf('Datos personales'))
      .then([recorded('Datos personales', ONLINE, DATOS_PERSONALES)]);
  });

  test('a later step naming another product, or sent for another edition, is refused', () => {
    spec
      .given([started])
      .when(stepOf('Pago', { productCode: 'COMP-L' }))
      .thenThrows(rejected('session_product', 'productCode'));
    spec
      .given([started])
      .when(stepOf('Pago', { country: 'PE' }))
      .thenThrows(rejected('edition', 'country'));
  });

  test('a lead that is not this session’s (a plain request) is not taken over', () => {
    const { contracting: _contracting, subStatus: _subStatus, ...plain } = (started as { data: any }).data;
    spec
      .given([{ type: 'LeadRequested', data: { ...plain, status: { id: 1, name: 'Sin Estado' } } }])
      .when(stepOf('Pago'))
      .thenThrows(rejected('lead_exists', 'session', 409));
  });
});
