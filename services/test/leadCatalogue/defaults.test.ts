import {
  COUNTRIES,
  FailureReasonRecord,
  LEAD_STATUSES,
  LEAD_STATUS_CODES,
  LeadStatusRecord,
  LeadSubStatusRecord,
  LeadTransitionRecord,
  REQUEST_TYPES,
} from '@cubre/schemas';
import {
  DEFAULT_LEAD_STATUSES,
  DEFAULT_LEAD_SUB_STATUSES,
  DEFAULT_LEAD_TRANSITIONS,
} from '@cubre/schemas/leadCatalogue/defaults';
import { DEFAULT_FAILURE_REASONS } from '@cubre/services/leadCatalogue/failureReasons';

const namesUnder = (parentId: number) =>
  DEFAULT_LEAD_SUB_STATUSES.filter((sub) => sub.parentIds.includes(parentId))
    .sort((a, b) => a.order - b.order)
    .map((sub) => sub.name);
const status = (id: number) => DEFAULT_LEAD_STATUSES.find((record) => record.id === id)!;
const targets = (id: number) => DEFAULT_LEAD_TRANSITIONS.find((record) => record.id === id)!.to;

describe('the default lead statuses', () => {
  test('002-3.01 are exactly the 20 statuses of the seed, each with a colour', () => {
    expect(DEFAULT_LEAD_STATUSES.map(({ id, name }) => ({ id, name }))).toEqual(
      LEAD_STATUSES.map(({ id, name }) => ({ id, name })),
    );
    expect(DEFAULT_LEAD_STATUSES.map(({ id }) => id)).toEqual([
      1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 97, 98, 99, 100, 101, 500, 501,
    ]);
    for (const record of DEFAULT_LEAD_STATUSES) {
      expect(LeadStatusRecord.parse(record)).toEqual(record);
      expect(record.colour).toMatch(/^#[0-9A-F]{6}$/);
      expect(record.active).toBe(true);
    }
    expect(new Set(DEFAULT_LEAD_STATUSES.map(({ colour }) => colour)).size).toBe(20);
    expect(new Set(DEFAULT_LEAD_STATUSES.map(({ order }) => order)).size).toBe(20);
  });

  test('002-3.02 every code of the second enumeration but ELIMINADO (5) names a catalogue status', () => {
    const ids = new Set(DEFAULT_LEAD_STATUSES.map(({ id }) => id));
    for (const [code, id] of Object.entries(LEAD_STATUS_CODES)) {
      expect([code, ids.has(id)]).toEqual([code, code !== 'ELIMINADO']);
    }
  });

  test('Fallido (4) requires a sub-status and a failure reason; No interesa, Agenda, Interesa and 500 a sub-status', () => {
    const requiring = DEFAULT_LEAD_STATUSES.filter((record) => record.requiresSubStatus).map(({ id }) => id);
    expect(requiring).toEqual([4, 12, 13, 14, 500]);
    expect(
      DEFAULT_LEAD_STATUSES.filter((record) => record.requiresFailureReason).map(({ id }) => id),
    ).toEqual([4]);
    // Asignado and Cerrado have sub-statuses but do not require one (README.md).
    expect(status(2).requiresSubStatus).toBe(false);
    expect(status(3).requiresSubStatus).toBe(false);
    for (const id of requiring) expect(namesUnder(id).length).toBeGreaterThan(0);
    expect(status(1)).toMatchObject({ requiresSubStatus: false, requiresFailureReason: false, active: true });
  });
});

describe('the default sub-statuses', () => {
  test('002-3.03 of Asignado (2): En Gestión, Contactado, Interesado, Retomar Prospecto, Reunión Concretada', () => {
    expect(namesUnder(2)).toEqual([
      'En Gestión',
      'Contactado',
      'Interesado',
      'Retomar Prospecto',
      'Reunión Concretada',
    ]);
  });

  test('002-3.04 of Contratación Online (500): the eight steps of the online purchase', () => {
    expect(namesUnder(500)).toEqual([
      'Con cliente',
      'Recaudación',
      'Datos personales',
      'Estado de salud',
      'Firma contratante',
      'Pago',
      'Datos empresa',
      'Datos empleados',
    ]);
  });

  test('002-3.05 Recaudación (330) belongs to both 500 and 501', () => {
    const recaudacion = DEFAULT_LEAD_SUB_STATUSES.find((sub) => sub.id === 330);
    expect(recaudacion).toMatchObject({ name: 'Recaudación', parentIds: [500, 501] });
    expect(namesUnder(501)).toEqual(['Recaudación']);
  });

  test("002-3.06 of Cerrado (3): 'Web - Suscripción activa', 'Web - Pago único', 'Web - Transferencia no automática'", () => {
    expect(namesUnder(3)).toEqual([
      'Web - Suscripción activa',
      'Web - Pago único',
      'Web - Transferencia no automática',
    ]);
  });

  test('002-3.07 of No interesa (12): the eight reasons of the seed, in Spanish', () => {
    expect(namesUnder(12)).toEqual([
      'Término de giro',
      'Empresa en venta',
      'Problemas económicos',
      'Problemas con la empresa',
      'Ya tiene seguro complementario',
      'Otro',
      'Seguro individual',
      'Seguro de vida',
    ]);
  });

  test('002-3.08 of Agenda (13): video call, phone contact, email contact', () => {
    expect(namesUnder(13)).toEqual(['Videollamada', 'Contacto telefónico', 'Contacto por correo']);
  });

  test('002-3.09 of Interesa (14): pending member list sending, pending signature sending', () => {
    expect(namesUnder(14)).toEqual(['Pendiente envío de nómina', 'Pendiente envío de firma']);
  });

  test('002-3.10 of Fallido (4): Sin contacto, No Contactado, No le interesa, No avanza', () => {
    expect(namesUnder(4)).toEqual(['Sin contacto', 'No Contactado', 'No le interesa', 'No avanza']);
  });

  test('ids are unique and stable, parents exist, and every record holds to its schema', () => {
    const ids = DEFAULT_LEAD_SUB_STATUSES.map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(33);
    const statusIds = new Set(DEFAULT_LEAD_STATUSES.map(({ id }) => id));
    for (const record of DEFAULT_LEAD_SUB_STATUSES) {
      expect(LeadSubStatusRecord.parse(record)).toEqual(record);
      for (const parentId of record.parentIds) expect(statusIds.has(parentId)).toBe(true);
    }
    expect(DEFAULT_LEAD_SUB_STATUSES.find((sub) => sub.id === 201)?.name).toBe('En Gestión');
    expect(DEFAULT_LEAD_SUB_STATUSES.find((sub) => sub.id === 404)?.name).toBe('No avanza');
  });
});

describe('the default failure reasons', () => {
  test('002-3.11 there are 49, each with id, name, request types, sub-statuses, order and countries', () => {
    expect(DEFAULT_FAILURE_REASONS).toHaveLength(49);
    expect(DEFAULT_FAILURE_REASONS.map(({ id }) => id)).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    const names = DEFAULT_FAILURE_REASONS.map(({ name }) => name);
    expect(new Set(names).size).toBe(49);
    expect(names).toEqual(
      expect.arrayContaining(['Pre Existencias', 'No contesta', 'Muy caro', 'Datos de contacto erróneos']),
    );
    for (const reason of DEFAULT_FAILURE_REASONS) {
      expect(FailureReasonRecord.parse(reason)).toEqual(reason);
      expect(Object.keys(reason)).toEqual([
        'id',
        'name',
        'requestTypes',
        'subStatusIds',
        'order',
        'countries',
        'active',
      ]);
    }
  });

  test('002-3.11 every reason is offered under sub-statuses of Fallido (4), for known request types and countries', () => {
    const fallido = new Set(
      DEFAULT_LEAD_SUB_STATUSES.filter((sub) => sub.parentIds.includes(4)).map(({ id }) => id),
    );
    const codes = COUNTRIES.map(({ code }) => code as string);
    for (const reason of DEFAULT_FAILURE_REASONS) {
      for (const id of reason.subStatusIds) expect(fallido.has(id)).toBe(true);
      for (const type of reason.requestTypes) expect(REQUEST_TYPES).toContain(type);
      for (const country of reason.countries) expect(codes).toContain(country);
    }
    // Every sub-status of Fallido, and every request type, has reasons to choose from.
    for (const id of fallido)
      expect(DEFAULT_FAILURE_REASONS.some((r) => r.subStatusIds.includes(id))).toBe(true);
    for (const type of REQUEST_TYPES) {
      expect(DEFAULT_FAILURE_REASONS.some((r) => r.requestTypes.includes(type))).toBe(true);
    }
  });

  test('002-3.11 isapre reasons are Chile’s; No contesta applies everywhere', () => {
    const byName = (name: string) => DEFAULT_FAILURE_REASONS.find((reason) => reason.name === name)!;
    expect(byName('Se cambia a Fonasa')).toMatchObject({ requestTypes: ['Planes'], countries: ['CL'] });
    expect(byName('No contesta')).toMatchObject({
      requestTypes: [...REQUEST_TYPES],
      countries: ['CL', 'PE', 'CO', 'INT'],
      subStatusIds: [401, 402],
    });
    expect(byName('Pre Existencias').subStatusIds).toEqual([404]);
  });
});

describe('the default transition policy', () => {
  test('every status has a policy naming existing statuses only', () => {
    const ids = DEFAULT_LEAD_STATUSES.map(({ id }) => id);
    expect(DEFAULT_LEAD_TRANSITIONS.map(({ id }) => id)).toEqual(ids);
    for (const record of DEFAULT_LEAD_TRANSITIONS) {
      expect(LeadTransitionRecord.parse(record)).toEqual(record);
      for (const to of record.to) expect(ids).toContain(to);
    }
  });

  test('a new lead (Sin Estado 1) is assigned, set aside or recognised as no real request', () => {
    expect(targets(1)).toEqual(expect.arrayContaining([2, 6, 7, 97, 98]));
    expect(targets(1)).not.toContain(3);
    expect(targets(1)).not.toContain(4);
  });

  test('Asignado (2) moves to Agenda, Interesa, No interesa, Por Cerrar, Cerrado, Fallido, Por Reasignar', () => {
    expect(targets(2)).toEqual(expect.arrayContaining([13, 14, 12, 9, 3, 4, 7]));
  });

  test('Fallido (4) and Cerrado (3) reopen only to Por Reasignar (7); a sale may go to refund (100)', () => {
    expect(targets(4)).toEqual([4, 7]);
    expect(targets(3)).toEqual([3, 100, 7]);
  });

  test('a status whose sub-statuses a lead may change without leaving it lists itself', () => {
    for (const id of [2, 3, 4, 12, 13, 14, 500, 501]) expect(targets(id)).toContain(id);
  });

  test('every status is reachable from Sin Estado, and every status but the final ones moves somewhere', () => {
    const reached = new Set([1]);
    for (let frontier = [1]; frontier.length > 0;) {
      frontier = frontier.flatMap((id) => targets(id).filter((to) => !reached.has(to) && reached.add(to)));
    }
    expect([...reached].sort((a, b) => a - b)).toEqual(
      DEFAULT_LEAD_STATUSES.map(({ id }) => id).filter((id) => id !== 8),
    );
    const final = DEFAULT_LEAD_TRANSITIONS.filter(({ to }) => to.length === 0).map(({ id }) => id);
    expect(final).toEqual([97, 101]);
  });
});
