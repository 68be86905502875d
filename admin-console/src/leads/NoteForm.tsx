import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLeadCommand } from './useLeadCommand';

/**
 * Adds a note to the lead (POST /api/admin/leads/{id}/notes). Notes only add, so they are not pinned to
 * the lead's revision: a status change by someone else meanwhile does not refuse a note.
 */
export function NoteForm({ leadId }: { leadId: string }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const command = useLeadCommand(
    (dataProvider, note: string) => dataProvider.addLeadNote(leadId, { text: note }),
    'cubre.notes.done',
  );
  const empty = !text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (empty) return;
    command.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setSubmitted(false);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={translate('cubre.notes.title')}>
      <Stack spacing={1}>
        <TextField
          label={translate('cubre.notes.text')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          required
          error={submitted && empty}
          helperText={submitted && empty ? translate('ra.validation.required') : ' '}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button type="submit" variant="contained" disabled={command.isPending} sx={{ alignSelf: 'flex-end' }}>
          {translate('cubre.notes.submit')}
        </Button>
      </Stack>
    </form>
  );
}
