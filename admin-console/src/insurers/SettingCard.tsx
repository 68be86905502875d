import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Form, HttpError, SaveButton, useNotify, useTranslate } from 'react-admin';
import { API_URL } from '../dataProvider';
import { httpClient } from '../httpClient';

/**
 * One setting of an insurer: its values, and for whoever may change it an "Editar" button that turns the
 * card into its form. Saving PUTs the values with the revision read (a stale one is 409: the console's
 * conflict message); the server's field errors show on their inputs.
 */
export function SettingCard({
  title,
  code,
  path,
  canEdit,
  values,
  view,
  inputs,
  onSaved,
}: {
  title: string;
  code: string;
  path: 'dia-de-corte' | 'dias-retroactivos';
  canEdit: boolean;
  values: Record<string, number>;
  view: ReactNode;
  inputs: ReactNode;
  /** Reads the insurer again: the card leaves its form once the page shows what was saved. */
  onSaved(): Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [editing, setEditing] = useState(false);
  const save = async (data: Record<string, unknown>) => {
    try {
      await httpClient(`${API_URL}/insurers/${encodeURIComponent(code)}/${path}`, {
        method: 'PUT',
        body: JSON.stringify(data),
      });
      await onSaved();
      notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
      setEditing(false);
      return undefined;
    } catch (error) {
      if (error instanceof HttpError) {
        const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors;
        if (errors) return errors;
        notify(error.message, { type: 'warning' });
        return undefined;
      }
      throw error;
    }
  };
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {editing ? (
          <Form record={values} onSubmit={save}>
            {inputs}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <SaveButton />
              <Button onClick={() => setEditing(false)}>{translate('ra.action.cancel')}</Button>
            </Box>
          </Form>
        ) : (
          <>
            {view}
            {canEdit ? (
              <Button
                size="small"
                startIcon={<EditIcon />}
                aria-label={translate('cubre.insurers.edit', { what: title })}
                onClick={() => setEditing(true)}
                sx={{ mt: 1 }}
              >
                {translate('ra.action.edit')}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
