import { useState } from 'react';
import { Alert, Box, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { Loading, Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { LEAD_ACTIONS, hasPermission } from '../access';
import type { Lead } from '../types';
import { usePermissionList } from '../usePermissionList';
import { KanbanColumn } from './KanbanColumn';
import { StatusChangeDialog } from './StatusChangeDialog';
import { dropDecision } from './statusRules';
import { useLeadCatalogues } from './useLeadCatalogues';
import { useLeadCommand } from './useLeadCommand';

/**
 * Leads by status, one column per active status in catalogue order. Dropping a card on another column (or
 * choosing it from the card's menu) issues the status command; a status that needs a sub-status or a
 * failure reason opens the status-change dialog instead; a move the policy forbids is refused at once.
 * Lazy-loaded (App.tsx).
 */
export default function LeadKanban() {
  const translate = useTranslate();
  const notify = useNotify();
  const permissions = usePermissionList();
  const { identity } = useGetIdentity();
  const { catalogues, isPending, error } = useLeadCatalogues();
  const [dragging, setDragging] = useState<Lead | null>(null);
  const [dialog, setDialog] = useState<{ lead: Lead; statusId: number } | null>(null);
  const [search, setSearch] = useState('');
  const [mine, setMine] = useState(false);
  const mayMove = hasPermission(permissions, LEAD_ACTIONS.changeStatus);
  const readsAll = hasPermission(permissions, LEAD_ACTIONS.readAll);
  const command = useLeadCommand(
    (dataProvider, { lead, statusId }: { lead: Lead; statusId: number }) =>
      dataProvider.changeLeadStatus(lead.id, { statusId, revision: lead.revision }),
    'cubre.status_change.done',
  );

  const move = (lead: Lead, statusId: number) => {
    setDragging(null);
    switch (dropDecision(catalogues, lead, statusId)) {
      case 'same':
        return;
      case 'forbidden':
        notify('cubre.kanban.forbidden', { type: 'warning' });
        return;
      case 'dialog':
        setDialog({ lead, statusId });
        return;
      case 'direct':
        command.mutate({ lead, statusId });
    }
  };

  if (isPending) return <Loading />;
  const filter: Record<string, unknown> = {};
  if (search.trim().length >= 2) filter.q = search.trim();
  if (mine && identity?.id) filter.executiveId = identity.id;
  const columns = catalogues.statuses.filter((status) => status.active);
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('cubre.kanban.title')} />
      {error ? <Alert severity="error">{translate('ra.notification.http_error')}</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={translate('cubre.leads.search')}
          sx={{ width: 320, maxWidth: '100%' }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {readsAll ? (
          <FormControlLabel
            control={<Switch checked={mine} onChange={(event) => setMine(event.target.checked)} />}
            label={translate('cubre.kanban.mine')}
          />
        ) : null}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 2, alignItems: 'flex-start' }}>
        {columns.map((status) => (
          <KanbanColumn
            key={status.id}
            status={status}
            catalogues={catalogues}
            filter={filter}
            dragging={dragging}
            mayMove={mayMove}
            onDragStart={setDragging}
            onDragEnd={() => setDragging(null)}
            onMove={move}
          />
        ))}
      </Box>
      {dialog ? (
        <StatusChangeDialog
          lead={dialog.lead}
          catalogues={catalogues}
          open
          initialStatusId={dialog.statusId}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
