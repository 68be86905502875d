import { Box } from '@mui/material';
import { Item } from '../Details';
import { useTranslate } from 'react-admin';
import { requestNumber } from '@cubre/schemas/leads/requestNumber';
import type { Lead, LeadStatus } from '../types';
import { LeadQuote } from './LeadQuote';
import { StatusChip } from './StatusChip';
import { useDateLocale } from '../i18n/dateLocale';

/**
 * A lead's fields as a description list: the current lead and the "as of" one render alike. Personal data is
 * shown because only staff holding lead:read reach this page.
 */
export function LeadDetails({ lead, statuses }: { lead: Lead; statuses: LeadStatus[] }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  const date = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(locale) : '—');
  const field = (name: string) => translate(`resources.leads.fields.${name}`);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      <Item label={field('requestNumber')}>
        <span data-testid="lead-request-number">{requestNumber(lead.id)}</span>
      </Item>
      <Item label={field('status')}>
        <StatusChip status={lead.status} statuses={statuses} />
      </Item>
      <Item label={field('subStatus')}>{lead.subStatus?.name}</Item>
      <Item label={field('failureReason')}>{lead.failureReason?.name}</Item>
      <Item label={field('executiveId')}>
        {lead.executiveName ?? (lead.executiveId ? lead.executiveId : null)}
      </Item>
      <Item label={field('contact.nombre')}>{lead.contact?.nombre}</Item>
      <Item label={field('contact.rut')}>{lead.contact?.rut}</Item>
      <Item label={field('contact.email')}>
        {lead.contact?.email ? <a href={`mailto:${lead.contact.email}`}>{lead.contact.email}</a> : null}
      </Item>
      <Item label={field('contact.telefono')}>
        {lead.contact?.telefono ? <a href={`tel:${lead.contact.telefono}`}>{lead.contact.telefono}</a> : null}
      </Item>
      <Item label={field('productName')}>
        {lead.productName} ({lead.productCode})
      </Item>
      <Item label={field('organizationName')}>{lead.organizationName}</Item>
      <Item label={field('quote')}>
        <LeadQuote lead={lead} />
      </Item>
      <Item label={field('requestType')}>{lead.requestType}</Item>
      <Item label={field('country')}>
        {translate(`cubre.countries.${lead.country}`, { _: lead.country })}
      </Item>
      <Item label={field('originPath')}>{lead.originPath}</Item>
      {lead.contracting ? (
        <Item label={field('contracting.step')}>
          {lead.contracting.step}
          {lead.contracting.sessionType
            ? ` · ${translate(`cubre.leads.sessionTypes.${lead.contracting.sessionType}`, {
                _: translate('cubre.leads.sessionTypes.other', { type: lead.contracting.sessionType }),
              })}`
            : ''}
        </Item>
      ) : null}
      {lead.message ? (
        <Item label={field('message')}>
          {lead.message.asunto ? <strong>{lead.message.asunto}: </strong> : null}
          {lead.message.mensaje}
        </Item>
      ) : null}
      {lead.duplicateOf ? <Item label={field('duplicateOf')}>{lead.duplicateOf}</Item> : null}
      <Item label={field('createdAt')}>{date(lead.createdAt)}</Item>
      <Item label={field('updatedAt')}>{date(lead.updatedAt)}</Item>
    </Box>
  );
}
