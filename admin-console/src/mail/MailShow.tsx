import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import { hasPermission } from '../access';
import { Details, Item } from '../Details';
import { useDateLocale } from '../i18n/dateLocale';
import { usePermissionList } from '../usePermissionList';
import { RetryButton } from './RetryButton';
import { MailStatusChip } from './StatusChip';
import type { MailRecord } from './types';

/**
 * The mail's HTML as sent, in a frame with no permissions at all (`sandbox=""`: no scripts, no forms, no
 * same-origin, no top navigation), from `srcdoc`: a value that slipped through escaping still cannot run
 * or reach the console's session.
 */
function RenderedHtml({ html, title }: { html: string; title: string }) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      sx={{ width: '100%', minHeight: 480, border: '1px solid', borderColor: 'divider', bgcolor: '#fff' }}
    />
  );
}

function MailDetails() {
  const translate = useTranslate();
  const locale = useDateLocale();
  const permissions = usePermissionList();
  const { record: mail } = useShowContext<MailRecord>();
  if (!mail) return null;
  const field = (name: string) => translate(`resources.mail-outbox.fields.${name}`);
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale) : null);
  const title = translate('cubre.mail.sections.mail');
  const canRetry =
    mail.status === 'failed' && hasPermission(permissions, 'admin:unsent-notification:update-status');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card component="section" aria-label={title} variant="outlined">
        <Title title={mail.subjectLine ?? title} />
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            {canRetry ? <RetryButton mailId={mail.id} /> : null}
          </Stack>
          <Details label={title}>
            <Item label={field('status')}>
              <MailStatusChip status={mail.status} givenUp={mail.givenUp} />
            </Item>
            <Item label={field('template')}>
              {translate(`cubre.mail.templates.${mail.template}`, { _: mail.template })}
            </Item>
            <Item label={field('to')}>
              {mail.to.name ? `${mail.to.name} <${mail.to.email}>` : mail.to.email}
            </Item>
            <Item label={field('subject')}>
              {`${translate(`cubre.mail.subjects.${mail.subject.kind}`)} ${mail.subject.id}`}
            </Item>
            <Item label={field('subjectLine')}>{mail.subjectLine}</Item>
            <Item label={field('attempts')}>{String(mail.attempts)}</Item>
            <Item label={field('lastErrorKind')}>
              {mail.lastErrorKind
                ? translate(`cubre.mail.errors.${mail.lastErrorKind}`, { _: mail.lastErrorKind })
                : null}
            </Item>
            <Item label={field('retryAt')}>{date(mail.retryAt)}</Item>
            <Item label={field('assignmentCode')}>{mail.assignmentCode}</Item>
            <Item label={field('requestedAt')}>{date(mail.requestedAt)}</Item>
            <Item label={field('sentAt')}>{date(mail.sentAt)}</Item>
            <Item label={field('messageId')}>{mail.messageId}</Item>
            <Item label={field('locale')}>{mail.locale}</Item>
            <Item label={field('key')}>{mail.key}</Item>
          </Details>
          {mail.retries.length > 0 ? (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('cubre.mail.sections.retries')}
              </Typography>
              <ul>
                {mail.retries.map((retry) => (
                  <li key={retry.at}>{translate('cubre.mail.by', { by: retry.by, at: date(retry.at) })}</li>
                ))}
              </ul>
            </>
          ) : null}
        </CardContent>
      </Card>
      <Card component="section" aria-label={translate('cubre.mail.sections.rendered')} variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('cubre.mail.sections.rendered')}
          </Typography>
          {mail.html ? (
            <>
              <RenderedHtml html={mail.html} title={translate('cubre.mail.sections.html')} />
              <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
                {translate('cubre.mail.sections.text')}
              </Typography>
              <Box
                component="pre"
                aria-label={translate('cubre.mail.sections.text')}
                sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', bgcolor: 'grey.100', p: 2 }}
              >
                {mail.text}
              </Box>
            </>
          ) : (
            <Typography>{translate('cubre.mail.not_rendered')}</Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

/** One mail: who, what, when, its attempts, and the words as sent (HTML in a sandboxed frame, and text). */
export default function MailShow() {
  return (
    <ShowBase>
      <MailDetails />
    </ShowBase>
  );
}
