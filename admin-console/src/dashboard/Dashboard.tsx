import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  List as MuiList,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Link,
  Title,
  useCreatePath,
  useDataProvider,
  useGetIdentity,
  useGetList,
  useTranslate,
} from 'react-admin';
import { canAccess } from '../access';
import type { CubreDataProvider } from '../dataProvider';
import { todayRange } from '../dates';
import { isReminderDue } from '../leads/eventRules';
import { StatusChip } from '../leads/StatusChip';
import { openStatusIds } from '../leads/statusRules';
import { useLeadCatalogues } from '../leads/useLeadCatalogues';
import type { AgendaEntry, Lead } from '../types';
import { usePermissionList } from '../usePermissionList';
import { textOn } from '../leads/colour';
import { useDateLocale } from '../i18n/dateLocale';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
    {text}
  </Typography>
);

/** Leads by status (GET /api/admin/lead-counts), each a link to the list filtered by that status. */
function LeadsByStatus() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CubreDataProvider>();
  const createPath = useCreatePath();
  const { catalogues } = useLeadCatalogues();
  const { data, error } = useQuery({
    queryKey: ['leads', 'counts'],
    queryFn: () => dataProvider.getLeadCounts().then((answer) => answer.data),
  });
  if (error) return <Alert severity="error">{error instanceof Error ? error.message : ''}</Alert>;
  if (!data) return null;
  const order = new Map(catalogues.statuses.map((status, index) => [status.id, index]));
  const rows = [...data.byStatus]
    .filter((row) => row.count > 0)
    .sort((a, b) => (order.get(a.statusId) ?? 999) - (order.get(b.statusId) ?? 999));
  const max = Math.max(1, ...rows.map((row) => row.count));
  if (rows.length === 0) return <Empty text={translate('cubre.dashboard.no_leads')} />;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {rows.map((row) => {
        const colour = catalogues.statuses.find((status) => status.id === row.statusId)?.colour ?? '#9E9E9E';
        const to = `${createPath({ resource: 'leads', type: 'list' })}?filter=${encodeURIComponent(
          JSON.stringify({ status: row.statusId }),
        )}`;
        return (
          <Box
            component="li"
            key={row.statusId}
            sx={{ display: 'grid', gridTemplateColumns: '10rem 1fr', gap: 1 }}
          >
            <Link to={to}>{row.name}</Link>
            <Box
              aria-label={translate('cubre.dashboard.status_count', {
                status: row.name,
                smart_count: row.count,
              })}
              role="img"
              sx={{
                width: `${Math.max(8, (row.count / max) * 100)}%`,
                bgcolor: colour,
                color: textOn(colour),
                borderRadius: 1,
                px: 1,
                fontSize: 14,
              }}
            >
              {row.count}
            </Box>
          </Box>
        );
      })}
      {data.unassigned ? (
        <Typography component="li" variant="body2" sx={{ mt: 1 }}>
          {translate('cubre.dashboard.unassigned', { smart_count: data.unassigned })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The signed-in user's leads not yet in an outcome (statusRules.ts, CLOSED_STATUS_IDS), latest change first. */
function MyOpenLeads({ userId }: { userId: string }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { catalogues, isPending: cataloguesPending } = useLeadCatalogues();
  const open = openStatusIds(catalogues);
  const {
    data = [],
    total,
    isPending,
  } = useGetList<Lead>(
    'leads',
    {
      filter: { executiveId: userId, status: open },
      sort: { field: 'updatedAt', order: 'DESC' },
      pagination: { page: 1, perPage: 10 },
    },
    { enabled: !cataloguesPending && open.length > 0 },
  );
  if (cataloguesPending || (isPending && open.length > 0)) return null;
  if (open.length === 0 || data.length === 0)
    return <Empty text={translate('cubre.dashboard.no_open_leads')} />;
  return (
    <>
      <MuiList dense>
        {data.map((lead) => (
          <ListItem
            key={lead.id}
            disableGutters
            secondaryAction={<StatusChip status={lead.status} statuses={catalogues.statuses} />}
          >
            <ListItemText
              primary={
                <Link to={createPath({ resource: 'leads', id: lead.id, type: 'show' })}>
                  {lead.contact?.nombre}
                </Link>
              }
              secondary={lead.productName}
            />
          </ListItem>
        ))}
      </MuiList>
      {total !== undefined && total > data.length ? (
        <Link
          to={`${createPath({ resource: 'leads', type: 'list' })}?filter=${encodeURIComponent(
            JSON.stringify({ executiveId: userId, status: open }),
          )}`}
        >
          {translate('cubre.dashboard.all_open', { smart_count: total })}
        </Link>
      ) : null}
    </>
  );
}

/** Today's calls and meetings of the signed-in user, in order. */
function TodayAgenda({ userId }: { userId: string }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const createPath = useCreatePath();
  const today = todayRange(new Date());
  const { data = [], isPending } = useGetList<AgendaEntry>(
    'agenda',
    {
      filter: { executiveId: userId, at_gte: today.gte, at_lte: today.lte },
      sort: { field: 'at', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
      // Re-read every minute, so a reminder shows when its time comes while the dashboard stays open.
    },
    { refetchInterval: 60_000 },
  );
  const now = new Date();
  if (isPending) return null;
  if (data.length === 0) return <Empty text={translate('cubre.dashboard.no_agenda')} />;
  return (
    <MuiList dense>
      {data.map((entry) => (
        <ListItem key={entry.id} disableGutters>
          <ListItemText
            primary={
              <>
                {new Date(entry.at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })} ·{' '}
                {isReminderDue(entry, now) ? (
                  <Chip
                    size="small"
                    color="warning"
                    label={translate('cubre.dashboard.reminder_due')}
                    sx={{ mr: 0.5 }}
                  />
                ) : null}
                {translate(`cubre.events.types.${entry.type}`)} ·{' '}
                <Link to={createPath({ resource: 'leads', id: entry.leadId, type: 'show' })}>
                  {entry.leadName || entry.leadId}
                </Link>
              </>
            }
            secondary={[entry.productName, entry.note].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </MuiList>
  );
}

/** The first page after sign-in: leads by status, the user's open leads and today's agenda. */
export function Dashboard() {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const { identity } = useGetIdentity();
  const readsLeads = canAccess(permissions, 'leads', 'list');
  return (
    <Box sx={{ mt: 1, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Title title={translate('cubre.dashboard.title')} />
      {!readsLeads ? (
        <Panel
          id="dashboard-welcome"
          title={translate('cubre.dashboard.welcome', { name: identity?.fullName ?? '' })}
        >
          <Empty text={translate('cubre.dashboard.no_lead_access')} />
        </Panel>
      ) : (
        <>
          <Panel id="dashboard-counts" title={translate('cubre.dashboard.by_status')}>
            <LeadsByStatus />
          </Panel>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            {identity?.id ? (
              <>
                <Panel id="dashboard-agenda" title={translate('cubre.dashboard.today')}>
                  <TodayAgenda userId={String(identity.id)} />
                </Panel>
                <Panel id="dashboard-open" title={translate('cubre.dashboard.my_open')}>
                  <MyOpenLeads userId={String(identity.id)} />
                </Panel>
              </>
            ) : null}
          </Box>
        </>
      )}
    </Box>
  );
}
