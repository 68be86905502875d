import { Alert } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { canAccess } from '../access';
import { usePermissionList } from '../usePermissionList';
import type { MailRecord } from './types';

/**
 * 002-8.06: CODE001 on a lead whose assignment notice failed for good, read from the mail outbox (the
 * leads slice records nothing of it; services/src/mail/README.md, "Lead mails"). Shown to users who may
 * read the outbox; nothing for the others.
 */
export function LeadMailCode({ leadId }: { leadId: string }) {
  const canRead = canAccess(usePermissionList(), 'mail-outbox', 'list');
  if (!canRead) return null;
  return <FailedNotice leadId={leadId} />;
}

function FailedNotice({ leadId }: { leadId: string }) {
  const translate = useTranslate();
  const { data } = useGetList<MailRecord>('mail-outbox', {
    filter: { subjectKind: 'lead', subjectId: leadId, template: 'lead_assigned', givenUp: true },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'requestedAt', order: 'DESC' },
  });
  const failed = data?.find((mail) => mail.assignmentCode === 'CODE001');
  if (!failed) return null;
  return (
    <Alert severity="error" role="alert" data-code="CODE001">
      <strong>{translate('cubre.mail.code001')}</strong>{' '}
      {translate('cubre.mail.code001_detail', { to: failed.to.name ?? failed.to.email })}
    </Alert>
  );
}
