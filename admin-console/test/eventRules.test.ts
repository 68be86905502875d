import { eventCommandOf, isReminderDue, validateEventDraft } from '../src/leads/eventRules';

describe('scheduling a call or a meeting', () => {
  test('002-3.25 the type (LLAMADA or REUNION) and the time are required', () => {
    expect(validateEventDraft({ type: '', at: '', remindAt: '', note: '' })).toEqual({
      type: 'ra.validation.required',
      at: 'ra.validation.required',
    });
    expect(validateEventDraft({ type: 'REUNION', at: '2026-11-24T10:00', remindAt: '', note: '' })).toEqual(
      {},
    );
  });

  test('the reminder comes before the event', () => {
    const draft = {
      type: 'LLAMADA' as const,
      at: '2026-11-24T10:00',
      remindAt: '2026-11-24T10:00',
      note: '',
    };
    expect(validateEventDraft(draft).remindAt).toBe('cubre.events.errors.remind_before');
    expect(validateEventDraft({ ...draft, remindAt: '2026-11-24T09:45' })).toEqual({});
  });

  test('the command carries ISO instants and leaves out an empty reminder and note', () => {
    expect(eventCommandOf({ type: 'LLAMADA', at: '2026-11-24T10:00', remindAt: '', note: '  ' })).toEqual({
      type: 'LLAMADA',
      at: new Date(2026, 10, 24, 10, 0).toISOString(),
    });
    expect(
      eventCommandOf({
        type: 'REUNION',
        at: '2026-11-24T10:00',
        remindAt: '2026-11-24T09:00',
        note: ' traer nómina ',
      }),
    ).toEqual({
      type: 'REUNION',
      at: new Date(2026, 10, 24, 10, 0).toISOString(),
      remindAt: new Date(2026, 10, 24, 9, 0).toISOString(),
      note: 'traer nómina',
    });
  });
});

describe('reminders on the dashboard', () => {
  const entry = { at: '2026-11-23T15:00:00.000Z', remindAt: '2026-11-23T14:30:00.000Z' };
  test('002-3.25 a reminder is due from its time until the call or meeting starts', () => {
    expect(isReminderDue(entry, new Date('2026-11-23T14:29:59Z'))).toBe(false);
    expect(isReminderDue(entry, new Date('2026-11-23T14:30:00Z'))).toBe(true);
    expect(isReminderDue(entry, new Date('2026-11-23T14:59:59Z'))).toBe(true);
    expect(isReminderDue(entry, new Date('2026-11-23T15:00:00Z'))).toBe(false);
    expect(isReminderDue({ ...entry, remindAt: null }, new Date('2026-11-23T14:45:00Z'))).toBe(false);
  });
});
