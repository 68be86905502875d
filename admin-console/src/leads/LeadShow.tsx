import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { LEAD_ACTIONS, hasPermission } from '../access';
import type { Lead } from '../types';
import { usePermissionList } from '../usePermissionList';
import { AssignDialog } from './AssignDialog';
import { EventForm } from './EventForm';
import { LeadAgenda } from './LeadAgenda';
import { LeadAsOf } from './LeadAsOf';
import { LeadDetails } from './LeadDetails';
import { LeadTimeline } from './LeadTimeline';
import { LeadMailCode } from '../mail/LeadMailCode';
import { SalesOfLead } from '../payments/SalesOfLead';
import { NoteForm } from './NoteForm';
import { StatusChangeDialog } from './StatusChangeDialog';
import { useLeadCatalogues } from './useLeadCatalogues';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function LeadTitle() {
  const translate = useTranslate();
  const lead = useRecordContext<Lead>();
  return <>{translate('cubre.leads.title', { name: lead?.contact?.nombre ?? '' })}</>;
}

function LeadPage() {
  const translate = useTranslate();
  const lead = useRecordContext<Lead>();
  const permissions = usePermissionList();
  const { catalogues } = useLeadCatalogues();
  const [dialog, setDialog] = useState<'status' | 'assign' | null>(null);
  if (!lead) return null;
  const may = (permission: (typeof LEAD_ACTIONS)[keyof typeof LEAD_ACTIONS]) =>
    hasPermission(permissions, permission);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '7fr 5fr' }, gap: 2, mt: 1 }}>
      <Stack spacing={2}>
        <Section title={translate('cubre.leads.summary')}>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            {may(LEAD_ACTIONS.changeStatus) ? (
              <Button variant="contained" startIcon={<SwapHorizIcon />} onClick={() => setDialog('status')}>
                {translate('cubre.status_change.open')}
              </Button>
            ) : null}
            {may(LEAD_ACTIONS.assign) ? (
              <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setDialog('assign')}>
                {translate('cubre.assign.open')}
              </Button>
            ) : null}
          </Stack>
          <LeadMailCode leadId={lead.id} />
          <LeadDetails lead={lead} statuses={catalogues.statuses} />
        </Section>
        {lead.contracting?.session && hasPermission(permissions, 'payment:read') ? (
          <Section title={translate('cubre.payments.sale_of_lead')}>
            <SalesOfLead session={lead.contracting.session} />
          </Section>
        ) : null}
        {may(LEAD_ACTIONS.note) ? (
          <Section title={translate('cubre.notes.title')}>
            <NoteForm leadId={lead.id} />
          </Section>
        ) : null}
        <Section title={translate('cubre.events.title')}>
          <LeadAgenda leadId={lead.id} />
          {may(LEAD_ACTIONS.schedule) ? (
            <Box sx={{ mt: 2 }}>
              <EventForm leadId={lead.id} />
            </Box>
          ) : null}
        </Section>
      </Stack>
      <Stack spacing={2}>
        {may(LEAD_ACTIONS.history) ? (
          <Section title={translate('cubre.history.title')}>
            <LeadTimeline leadId={lead.id} />
          </Section>
        ) : null}
        <Section title={translate('cubre.as_of.title')}>
          <LeadAsOf leadId={lead.id} statuses={catalogues.statuses} />
        </Section>
      </Stack>
      {may(LEAD_ACTIONS.changeStatus) ? (
        <StatusChangeDialog
          lead={lead}
          catalogues={catalogues}
          open={dialog === 'status'}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {may(LEAD_ACTIONS.assign) && dialog === 'assign' ? (
        <AssignDialog lead={lead} open onClose={() => setDialog(null)} />
      ) : null}
    </Box>
  );
}

/**
 * One lead: its fields, the status change and assignment, notes and scheduled events, the timeline and the
 * "as of" view. Lazy-loaded (App.tsx): the list does not pay for it.
 */
export default function LeadShow() {
  return (
    <Show
      title={<LeadTitle />}
      component="div"
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <LeadPage />
    </Show>
  );
}
