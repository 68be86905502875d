import { describeHistoryEntry } from '../src/leads/history';
import type { LeadHistoryEntry } from '../src/types';

const entry = (type: string, changes: Record<string, unknown>): LeadHistoryEntry => ({
  id: 'e1',
  revision: 1,
  type,
  occurredAt: '2026-11-23T10:00:00.000Z',
  actor: { kind: 'user', id: 'u1', name: 'Sergio Supervisor' },
  reason: null,
  changes,
});
const date = (iso: string) => `<${iso}>`;

describe('what each line of a lead timeline says', () => {
  test('a status change names both statuses, the sub-status and the failure reason', () => {
    const line = describeHistoryEntry(
      entry('LeadStatusChanged', {
        from: { id: 2, name: 'Asignado' },
        to: { id: 4, name: 'Fallido' },
        subStatus: { id: 401, name: 'Sin contacto' },
        failureReason: { id: 1, name: 'No contesta' },
        duplicateOf: null,
      }),
      date,
    );
    expect(line.title).toEqual({
      key: 'cubre.history.status_changed',
      args: { from: 'Asignado', to: 'Fallido' },
    });
    expect(line.details).toEqual([
      { key: 'cubre.history.sub_status', args: { name: 'Sin contacto' } },
      { key: 'cubre.history.failure_reason', args: { name: 'No contesta' } },
    ]);
  });

  test('an assignment names the executive and who had it before', () => {
    const line = describeHistoryEntry(
      entry('LeadAssigned', {
        executive: { id: 'a', name: 'Elena' },
        previousExecutive: { id: 'b', name: 'Esteban' },
      }),
      date,
    );
    expect(line.title).toEqual({ key: 'cubre.history.assigned', args: { name: 'Elena' } });
    expect(line.details).toEqual([{ key: 'cubre.history.previous_executive', args: { name: 'Esteban' } }]);
  });

  test('notes show their text; scheduled calls and meetings their time and reminder', () => {
    expect(
      describeHistoryEntry(entry('LeadNoteAdded', { noteId: 'n', text: 'Llamar el lunes' }), date).title,
    ).toEqual({
      key: 'cubre.history.note',
      args: { text: 'Llamar el lunes' },
    });
    const meeting = describeHistoryEntry(
      entry('LeadEventScheduled', {
        type: 'REUNION',
        at: '2026-11-24T13:00:00Z',
        remindAt: '2026-11-24T12:00:00Z',
        note: null,
      }),
      date,
    );
    expect(meeting.title).toEqual({ key: 'cubre.history.meeting', args: { at: '<2026-11-24T13:00:00Z>' } });
    expect(meeting.details).toEqual([
      { key: 'cubre.history.remind_at', args: { at: '<2026-11-24T12:00:00Z>' } },
    ]);
    expect(
      describeHistoryEntry(entry('LeadEventScheduled', { type: 'LLAMADA', at: '2026-11-24T13:00:00Z' }), date)
        .title.key,
    ).toBe('cubre.history.call');
  });

  test('the request, contact updates and unknown changes still read as a line', () => {
    expect(
      describeHistoryEntry(entry('LeadRequested', { productName: 'Plan Oro', requestType: 'Planes' }), date),
    ).toEqual({
      title: { key: 'cubre.history.requested', args: { product: 'Plan Oro' } },
      details: [{ key: 'cubre.history.request_type', args: { type: 'Planes' } }],
    });
    expect(
      describeHistoryEntry(entry('LeadContactUpdated', { fields: ['email', 'telefono'] }), date).title.args,
    ).toEqual({
      fields: 'email, telefono',
    });
    expect(describeHistoryEntry(entry('SomethingNew', {}), date).title).toEqual({
      key: 'cubre.history.other',
      args: { type: 'SomethingNew' },
    });
  });

  test('002-2.08 an online purchase: its opening step, a step that moved the lead, one only recorded', () => {
    const opened = describeHistoryEntry(
      entry('LeadRequested', {
        productName: 'Vida Andes',
        requestType: 'Seguros',
        step: 'Datos personales',
        status: { id: 500, name: 'Contratacion Online' },
        subStatus: { id: 5003, name: 'Datos personales' },
      }),
      date,
    );
    expect(opened.details).toEqual([
      { key: 'cubre.history.request_type', args: { type: 'Seguros' } },
      { key: 'cubre.history.contracting_step', args: { step: 'Datos personales' } },
      { key: 'cubre.history.contracting_status', args: { status: 'Contratacion Online' } },
      { key: 'cubre.history.sub_status', args: { name: 'Datos personales' } },
    ]);
    const confirmed = describeHistoryEntry(
      entry('LeadContractingStepRecorded', {
        step: 'Confirmación',
        moved: true,
        status: { id: 501, name: 'Pendiente de confirmación' },
        subStatus: { id: 330, name: 'Recaudación' },
      }),
      date,
    );
    expect(confirmed.title).toEqual({
      key: 'cubre.history.contracting_step',
      args: { step: 'Confirmación' },
    });
    expect(confirmed.details).toEqual([
      { key: 'cubre.history.contracting_status', args: { status: 'Pendiente de confirmación' } },
      { key: 'cubre.history.sub_status', args: { name: 'Recaudación' } },
    ]);
    const kept = describeHistoryEntry(
      entry('LeadContractingStepRecorded', {
        step: 'Pago',
        moved: false,
        status: { id: 4, name: 'Fallido' },
        subStatus: { id: 401, name: 'Sin contacto' },
      }),
      date,
    );
    expect(kept.details).toEqual([{ key: 'cubre.history.contracting_kept', args: { status: 'Fallido' } }]);
  });
});
