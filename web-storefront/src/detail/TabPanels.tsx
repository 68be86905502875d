import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { amountsForPrevision } from '../domain/results/previsionCoverage';
import { withToday } from '../domain/shell/today';
import { useI18n } from '../i18n/I18nProvider';
import { useResource, type Resource } from './useResource';

function Loaded<T>({ resource, children }: { resource: Resource<T>; children(data: T): ReactNode }) {
  const { t } = useI18n();
  if (resource.status === 'loading') return <CircularProgress size={28} aria-label={t('detail.loading')} />;
  if (resource.status === 'failed')
    return (
      <Alert
        severity="error"
        action={<Button onClick={resource.retry}>{t('detail.retry')}</Button>}
        data-testid="tab-error"
      >
        {t('error.loading.results')} {t('error.internet.conection')}
      </Alert>
    );
  return <>{children(resource.data)}</>;
}

interface Resume {
  data: {
    tags: {
      name: string;
      coverages: { benefitId: string; insuranceBenefit: string; amounts: { kind: string; text: string }[] }[];
    }[];
  };
}
/** The coverages, with the amounts of the visitor's health system where the catalogue gives one per system (000-6.02). */
export function CoveragesPanel({ code, prevision }: { code: string; prevision?: unknown }) {
  const { t } = useI18n();
  const resource = useResource<Resume>(`/api/insurance/coverages/${encodeURIComponent(code)}/resume`);
  return (
    <Loaded resource={resource}>
      {(resume) =>
        resume.data.tags.length === 0 ? (
          <Typography>{t('detail.noCoverages')}</Typography>
        ) : (
          resume.data.tags.map((tag) => (
            <section key={tag.name}>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 1 }}>
                {tag.name}
              </Typography>
              <Table size="small" aria-label={tag.name}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('detail.benefit')}</TableCell>
                    <TableCell>{t('detail.coverage')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {tag.coverages.map((coverage) => (
                    <TableRow key={coverage.benefitId}>
                      <TableCell>{coverage.insuranceBenefit}</TableCell>
                      <TableCell>
                        {amountsForPrevision(coverage.amounts, prevision)
                          .map((amount) => amount.text)
                          .join(' · ') || 'No Cubre'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </section>
          ))
        )
      }
    </Loaded>
  );
}

interface Providers {
  data: { organizationCode: string; displayName: string; list?: string }[];
}
export function ProvidersPanel({ code }: { code: string }) {
  const { t } = useI18n();
  const resource = useResource<Providers>(`/api/insurance/${encodeURIComponent(code)}/coverageOrganizations`);
  return (
    <Loaded resource={resource}>
      {(answer) =>
        answer.data.length === 0 ? (
          <Typography>{t('detail.noProviders')}</Typography>
        ) : (
          <List dense>
            {answer.data.map((provider) => (
              <ListItem key={provider.organizationCode}>
                <ListItemText
                  primary={provider.displayName}
                  secondary={provider.list ? t(`detail.list.${provider.list}`) : undefined}
                />
              </ListItem>
            ))}
          </List>
        )
      }
    </Loaded>
  );
}

interface Tops {
  data: {
    name: string;
    topAmounts: { name: string; text: string }[];
    deductibles: { text?: string; amount: number; unit: string }[];
    coverageOrganizations: { displayName: string }[];
  }[];
}
export function TopsPanel({ code }: { code: string }) {
  const { t } = useI18n();
  const resource = useResource<Tops>(`/api/insurance/${encodeURIComponent(code)}/topAmountsAndDeductibles`);
  return (
    <Loaded resource={resource}>
      {(answer) => (
        <Table size="small" aria-label={t('detail.tab.Topes-y-Deducibles')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('detail.group')}</TableCell>
              <TableCell>{t('card.top')}</TableCell>
              <TableCell>{t('card.deductible')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.data.map((group) => (
              <TableRow key={group.name}>
                <TableCell>
                  {group.name}
                  <Typography variant="caption" sx={{ display: 'block' }}>
                    {group.coverageOrganizations.map((org) => org.displayName).join(', ')}
                  </Typography>
                </TableCell>
                <TableCell>
                  {group.topAmounts.map((top) => `${top.name}: ${top.text}`).join(' · ') || 'Sin tope'}
                </TableCell>
                <TableCell>
                  {group.deductibles
                    .map((deductible) => deductible.text ?? `${deductible.amount} ${deductible.unit}`)
                    .join(' · ') || 'Sin deducible'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Loaded>
  );
}

export function TextListPanel({
  code,
  resource: name,
}: {
  code: string;
  resource: 'conditions' | 'exclusions';
}) {
  const { t, lang } = useI18n();
  const resource = useResource<{ data: string[] }>(`/api/insurance/${encodeURIComponent(code)}/${name}`);
  const now = new Date();
  return (
    <Loaded resource={resource}>
      {(answer) =>
        answer.data.length === 0 ? (
          <Typography>{t(`detail.none.${name}`)}</Typography>
        ) : (
          <ul>
            {answer.data.map((line) => (
              // A {hoy} in the catalogue's text reads today's date (001-9.12).
              <li key={line}>{withToday(line, now, lang)}</li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

export function FaqPanel({ code }: { code: string }) {
  const { t, lang } = useI18n();
  const now = new Date();
  const resource = useResource<{ data: { question: string; answer: string }[] }>(
    `/api/insurance/${encodeURIComponent(code)}/faq`,
  );
  return (
    <Loaded resource={resource}>
      {(answer) =>
        answer.data.length === 0 ? (
          <Typography>{t('detail.none.faq')}</Typography>
        ) : (
          <dl>
            {answer.data.map((item) => (
              <div key={item.question}>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {item.question}
                </Typography>
                <Typography component="dd" sx={{ ml: 0, mb: 1.5 }}>
                  {withToday(item.answer, now, lang)}
                </Typography>
              </div>
            ))}
          </dl>
        )
      }
    </Loaded>
  );
}
