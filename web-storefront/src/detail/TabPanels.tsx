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
import { catalogueTextLang } from '../domain/shell/i18n';
import { coverageAmountWords } from '../domain/results/amountWords';
import { benefitKey, coverageTagKey, providerName } from '../domain/results/cardWords';
import { deductiblesText, topsGroupName, topsText } from '../domain/results/topsWords';
import { useResource, type Resource } from './useResource';
import type { CoverageOrganizationView, TopsAndDeductiblesView } from '@cubre/schemas/catalogue/detailViews';
import type { CoverageResumeAnswer } from '@cubre/schemas/catalogue/coverageResume';

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

/** GET …/coverages/{id}/resume: the server's own type (schemas/, `import type`). */
type Resume = CoverageResumeAnswer;
/** The coverages, with the amounts of the visitor's health system where the catalogue gives one per system (000-6.02). */
export function CoveragesPanel({ code, prevision }: { code: string; prevision?: unknown }) {
  const { t, tOr, has, lang } = useI18n();
  // Names the dictionaries lack are the catalogue's own Spanish.
  const named = (key: string, fallback: string) => ({
    text: tOr(key, fallback),
    lang: has(key) ? undefined : catalogueTextLang(lang),
  });
  const resource = useResource<Resume>(`/api/insurance/coverages/${encodeURIComponent(code)}/resume`);
  return (
    <Loaded resource={resource}>
      {(resume) =>
        resume.data.tags.length === 0 ? (
          <Typography>{t('detail.noCoverages')}</Typography>
        ) : (
          resume.data.tags.map((tag) => (
            <section key={tag.name}>
              <Typography
                component="h3"
                variant="subtitle1"
                sx={{ fontWeight: 700, mt: 1 }}
                lang={named(coverageTagKey(tag), tag.name).lang}
              >
                {named(coverageTagKey(tag), tag.name).text}
              </Typography>
              <Table size="small" aria-label={named(coverageTagKey(tag), tag.name).text}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('detail.benefit')}</TableCell>
                    <TableCell>{t('detail.coverage')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {tag.coverages.map((coverage) => (
                    <TableRow key={coverage.benefitId}>
                      <TableCell lang={named(benefitKey(coverage), coverage.insuranceBenefit).lang}>
                        {named(benefitKey(coverage), coverage.insuranceBenefit).text}
                      </TableCell>
                      <TableCell>
                        {amountsForPrevision(coverage.amounts, prevision)
                          .map((amount) => coverageAmountWords(amount, t))
                          .join(' · ') || t('card.noCover')}
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
  data: CoverageOrganizationView[];
}
export function ProvidersPanel({ code }: { code: string }) {
  const { t, tOr } = useI18n();
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
                  primary={providerName(provider, tOr)}
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
  data: TopsAndDeductiblesView[];
}
export function TopsPanel({ code }: { code: string }) {
  const { t, lang } = useI18n();
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
                <TableCell lang={group.source === 'producto' ? catalogueTextLang(lang) : undefined}>
                  {topsGroupName(group, t)}
                  <Typography variant="caption" sx={{ display: 'block' }}>
                    {group.coverageOrganizations.map((org) => org.displayName).join(', ')}
                  </Typography>
                </TableCell>
                <TableCell>{topsText(group, t)}</TableCell>
                <TableCell>{deductiblesText(group, t)}</TableCell>
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
          <ul lang={catalogueTextLang(lang)}>
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
          <dl lang={catalogueTextLang(lang)}>
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
