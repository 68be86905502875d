import { useState, type DragEvent } from 'react';
import { Box, Card, CardContent, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { Lead, LeadStatus } from '../types';
import { useDateLocale } from '../i18n/dateLocale';

/**
 * One lead on the kanban. Dragged with the mouse (HTML5 drag and drop) or moved from its menu with the
 * keyboard: both end in the same move.
 */
export function KanbanCard({
  lead,
  targets,
  canMove,
  onDragStart,
  onDragEnd,
  onMove,
}: {
  lead: Lead;
  targets: LeadStatus[];
  canMove: boolean;
  onDragStart: (lead: Lead) => void;
  onDragEnd: () => void;
  onMove: (lead: Lead, statusId: number) => void;
}) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const createPath = useCreatePath();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = lead.contact?.nombre ?? lead.id;
  const others = targets.filter((status) => status.id !== lead.status.id);
  const dragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', lead.id);
    event.dataTransfer.effectAllowed = 'move';
    onDragStart(lead);
  };
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={translate('cubre.kanban.card', { name })}
      data-testid={`kanban-card-${lead.id}`}
      draggable={canMove}
      onDragStart={canMove ? dragStart : undefined}
      onDragEnd={onDragEnd}
      sx={{ listStyle: 'none', flexShrink: 0, cursor: canMove ? 'grab' : 'default' }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              <Link to={createPath({ resource: 'leads', id: lead.id, type: 'show' })}>{name}</Link>
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {lead.productName}
            </Typography>
            {lead.subStatus ? (
              <Typography variant="caption" component="p">
                {lead.subStatus.name}
              </Typography>
            ) : null}
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {lead.executiveName ?? translate('cubre.kanban.unassigned')} ·{' '}
              {new Date(lead.updatedAt).toLocaleDateString(locale)}
            </Typography>
          </Box>
          {canMove && others.length > 0 ? (
            <>
              <IconButton
                size="small"
                aria-label={translate('cubre.kanban.move', { name })}
                aria-haspopup="menu"
                onClick={(event) => setAnchor(event.currentTarget)}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
              <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
                {others.map((status) => (
                  <MenuItem
                    key={status.id}
                    onClick={() => {
                      setAnchor(null);
                      onMove(lead, status.id);
                    }}
                  >
                    {translate('cubre.kanban.move_to', { status: status.name })}
                  </MenuItem>
                ))}
              </Menu>
            </>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
