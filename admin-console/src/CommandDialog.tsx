import type { FormEvent, ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The frame of a dialog that sends one staff command (a void or refund, a payment's outcome, an arrears
 * mail again): its title names the dialog, a line explains what the command does, the fields, then Cancel
 * and the submit button, disabled while the command is on its way.
 */
export function CommandDialog({
  id,
  title,
  explain,
  submitLabel,
  submitColor = 'primary',
  pending,
  onSubmit,
  onClose,
  children,
}: {
  /** Unique on the page: the title's id the dialog is labelled by. */
  id: string;
  title: string;
  explain: string;
  submitLabel: string;
  submitColor?: 'primary' | 'error';
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const titleId = `${id}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{explain}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The reason a staff command keeps with its event: a few lines, at most 500 characters. */
export function ReasonField({
  label,
  value,
  onChange,
  required = false,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** The message shown under the field when the reason is refused (after a submit). */
  error?: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      fullWidth
      multiline
      minRows={2}
      margin="dense"
      error={error !== undefined}
      helperText={error}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}
