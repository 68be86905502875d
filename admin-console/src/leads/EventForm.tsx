import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LeadEventType } from '../types';
import { LEAD_EVENT_TYPES } from '@cubre/schemas/leads/lists';
import { eventCommandOf, validateEventDraft, type EventDraft, type EventDraftErrors } from './eventRules';
import { useLeadCommand } from './useLeadCommand';

const EMPTY: EventDraft = { type: '', at: '', remindAt: '', note: '' };

/** Schedules a call or a meeting with the lead (POST /api/admin/leads/{id}/events), with an optional reminder. */
export function EventForm({ leadId }: { leadId: string }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<EventDraft>(EMPTY);
  const [errors, setErrors] = useState<EventDraftErrors>({});
  const command = useLeadCommand(
    (dataProvider, event: EventDraft) => dataProvider.scheduleLeadEvent(leadId, eventCommandOf(event)),
    'cubre.events.done',
  );
  const change = (next: Partial<EventDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (Object.keys(errors).length) setErrors(validateEventDraft(merged));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEventDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    command.mutate(draft, { onSuccess: () => setDraft(EMPTY) });
  };
  const help = (field: keyof EventDraft) => (errors[field] ? translate(errors[field]) : ' ');
  return (
    <form onSubmit={submit} noValidate aria-label={translate('cubre.events.title')}>
      <Stack spacing={1}>
        <TextField
          select
          label={translate('cubre.events.type')}
          value={draft.type}
          onChange={(event) => change({ type: event.target.value as LeadEventType })}
          required
          error={!!errors.type}
          helperText={help('type')}
        >
          {LEAD_EVENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`cubre.events.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="datetime-local"
          label={translate('cubre.events.at')}
          value={draft.at}
          onChange={(event) => change({ at: event.target.value })}
          required
          error={!!errors.at}
          helperText={help('at')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label={translate('cubre.events.remind_at')}
          value={draft.remindAt}
          onChange={(event) => change({ remindAt: event.target.value })}
          error={!!errors.remindAt}
          helperText={help('remindAt')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={translate('cubre.events.note')}
          value={draft.note}
          onChange={(event) => change({ note: event.target.value })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        <Button type="submit" variant="contained" disabled={command.isPending} sx={{ alignSelf: 'flex-end' }}>
          {translate('cubre.events.submit')}
        </Button>
      </Stack>
    </form>
  );
}
