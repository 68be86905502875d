import { useState, type DragEvent } from 'react';
import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { Lead, LeadStatus } from '../types';
import { KanbanCard } from './KanbanCard';
import type { LeadCatalogues } from './statusRules';
import { allowedTargets, canMove } from './statusRules';

const PAGE = 20;

/** One status of the kanban: its leads, most recently changed first, and a drop target for the others. */
export function KanbanColumn({
  status,
  catalogues,
  filter,
  dragging,
  mayMove,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  status: LeadStatus;
  catalogues: LeadCatalogues;
  filter: Record<string, unknown>;
  dragging: Lead | null;
  mayMove: boolean;
  onDragStart: (lead: Lead) => void;
  onDragEnd: () => void;
  onMove: (lead: Lead, statusId: number) => void;
}) {
  const translate = useTranslate();
  const [perPage, setPerPage] = useState(PAGE);
  const [over, setOver] = useState(false);
  const {
    data = [],
    total,
    isPending,
  } = useGetList<Lead>('leads', {
    filter: { ...filter, status: status.id },
    sort: { field: 'updatedAt', order: 'DESC' },
    pagination: { page: 1, perPage },
  });
  const accepts =
    !!dragging && dragging.status.id !== status.id && canMove(catalogues, dragging.status.id, status.id);
  const refuses = !!dragging && dragging.status.id !== status.id && !accepts;
  const dragOver = (event: DragEvent) => {
    if (!accepts) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (dragging) onMove(dragging, status.id);
  };
  const headingId = `kanban-column-${status.id}`;
  return (
    <Paper
      component="section"
      aria-label={translate('cubre.kanban.column', { status: status.name })}
      data-testid={`kanban-column-${status.id}`}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      variant="outlined"
      sx={{
        width: 280,
        flex: '0 0 280px',
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'calc(100vh - 180px)',
        borderTop: 4,
        borderTopColor: status.colour || 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        opacity: refuses ? 0.5 : 1,
        outline: accepts ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
      }}
    >
      <Box sx={{ p: 1.5, display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {status.name}
        </Typography>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary' }}
          aria-label={translate('cubre.kanban.count', { smart_count: total ?? 0 })}
        >
          {total ?? '…'}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{
          m: 0,
          px: 1,
          pb: 1,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          overflowY: 'auto',
          flex: 1,
        }}
      >
        {/* A list holds list items only (axe "list"): the spinner of a (re)load is one too. */}
        {isPending ? (
          <Box component="li" sx={{ listStyle: 'none' }}>
            <CircularProgress size={20} aria-label={translate('ra.page.loading')} sx={{ m: 1 }} />
          </Box>
        ) : null}
        {data.map((lead) => (
          <KanbanCard
            key={lead.id}
            lead={lead}
            targets={allowedTargets(catalogues, lead.status.id)}
            canMove={mayMove}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onMove={onMove}
          />
        ))}
      </Box>
      {total !== undefined && data.length < total ? (
        <Button size="small" onClick={() => setPerPage(perPage + PAGE)} sx={{ m: 1 }}>
          {translate('cubre.kanban.more', { status: status.name })}
        </Button>
      ) : null}
    </Paper>
  );
}
