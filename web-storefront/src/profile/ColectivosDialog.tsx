import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SITE } from '../app/config';
import {
  addRow,
  collectiveProfileOf,
  colectivosProblems,
  groupsOf,
  MAX_GROUPS,
  removeRow,
  rowsOf,
  totals,
  type ColectivoRow,
  type ColectivosProblem,
} from '../domain/profile/colectivos';
import { loadColectivos, saveColectivos, type ColectivoGroup } from '../domain/profile/storage';
import { useI18n } from '../i18n/I18nProvider';
import type { ApiProfile } from './ProfileContext';

function storedGroups(): ColectivoGroup[] {
  try {
    return loadColectivos(window.localStorage);
  } catch {
    return [];
  }
}

/**
 * The colectivos modal (001-2.10): forced (no backdrop click, no Escape: the company comparator prices
 * nothing without it), static (no animation) and centred. The employer lists groups of workers with the
 * dependants they bring; the groups are kept under the key colectivos (000-3.19) and become the profile.
 */
export default function ColectivosDialog({ onSubmit }: { onSubmit(profile: ApiProfile): void }) {
  const { t } = useI18n();
  const [rows, setRows] = useState<ColectivoRow[]>(() => rowsOf(storedGroups()));
  const [problems, setProblems] = useState<ColectivosProblem[]>([]);
  const rowError = (index: number, field: keyof ColectivoRow) =>
    problems.some((p) => p.kind === 'row' && p.index === index && p.field === field)
      ? t(field === 'trabajadores' ? 'colectivos.errorWorkers' : 'colectivos.errorDependants')
      : undefined;
  const minimum = problems.find((p) => p.kind === 'minimum');
  const sum = totals(groupsOf(rows));
  const setRow = (index: number, patch: Partial<ColectivoRow>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setProblems([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = colectivosProblems(rows, SITE.country);
    setProblems(found);
    if (found.length > 0) return;
    const groups = groupsOf(rows);
    try {
      saveColectivos(window.localStorage, groups);
    } catch {
      // Storage refused (private mode): the profile still holds the groups for this visit.
    }
    onSubmit(collectiveProfileOf(groups));
  };
  return (
    <Dialog
      open
      // Forced: neither a backdrop click nor Escape closes it, only sending the groups.
      onClose={() => undefined}
      transitionDuration={0}
      maxWidth="sm"
      fullWidth
      aria-labelledby="colectivos-title"
      aria-describedby="colectivos-hint"
      data-testid="colectivos-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="colectivos-title" component="h2" sx={{ fontWeight: 800 }}>
          {t('colectivos.title')}
        </DialogTitle>
        <DialogContent>
          <Typography id="colectivos-hint" sx={{ mb: 2 }}>
            {t('colectivos.hint')}
          </Typography>
          {rows.map((row, index) => (
            <Box
              key={index}
              component="fieldset"
              sx={{
                border: 0,
                p: 0,
                m: 0,
                mb: 1.5,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: '1fr 1fr auto',
              }}
            >
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {t('colectivos.group', { n: index + 1 })}
              </Typography>
              <TextField
                label={t('colectivos.workers')}
                value={row.trabajadores}
                onChange={(e) =>
                  setRow(index, { trabajadores: e.target.value.replace(/[^\d.]/g, '').slice(0, 9) })
                }
                error={!!rowError(index, 'trabajadores')}
                helperText={rowError(index, 'trabajadores')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                label={t('colectivos.dependants')}
                value={row.cargas}
                onChange={(e) => setRow(index, { cargas: e.target.value.replace(/[^\d.]/g, '').slice(0, 9) })}
                error={!!rowError(index, 'cargas')}
                helperText={rowError(index, 'cargas')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <Button
                onClick={() => setRows((current) => removeRow(current, index))}
                disabled={rows.length <= 1}
                aria-label={t('colectivos.remove', { n: index + 1 })}
                sx={{ alignSelf: 'center', minWidth: 0 }}
              >
                ✕
              </Button>
            </Box>
          ))}
          <Button onClick={() => setRows((current) => addRow(current))} disabled={rows.length >= MAX_GROUPS}>
            {t('colectivos.add')}
          </Button>
          <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="colectivos-total">
            {t('colectivos.total', { workers: sum.workers, dependants: sum.dependants })}
          </Typography>
          {minimum && minimum.kind === 'minimum' && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('colectivos.minimum', { n: minimum.minimum })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button type="submit" variant="contained">
            {t('colectivos.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
