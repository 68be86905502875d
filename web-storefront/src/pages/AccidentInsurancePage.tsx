import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { api } from '../api/client';
import type { CompareAnswer } from '../api/types';
import { comparisonBody } from '../comparator/prefetch';
import { ServerErrorBox } from '../comparator/StatusPanels';
import { useComparator } from '../comparator/useComparator';
import { emptyFilters } from '../domain/results/filters';
import { withLanguage } from '../domain/routing/language';
import { useI18n } from '../i18n/I18nProvider';

/** The personal-accident comparator, whose most chosen product this page shows. */
export const ACCIDENT_COMPARATOR = 'Comparar/Accidentes-Personales';

/**
 * Accidentes-Personales (000-2.20): the accident-insurance detail. The seed names no product, so it is the
 * most chosen one of the personal-accident comparator (order popular), opened at its own address so the
 * tabs, links and request form are the detail page's. Without any, the visitor gets the comparator.
 */
export default function AccidentInsurancePage() {
  const { t, lang } = useI18n();
  const comparator = useComparator(ACCIDENT_COMPARATOR);
  const [target, setTarget] = useState<{ path: string } | { error: string } | null>(null);
  const ready = comparator.status === 'ready' ? comparator.comparator : null;

  useEffect(() => {
    if (!ready) return;
    let live = true;
    const body = comparisonBody(ready, { ...emptyFilters(), order: 'popular' }, null);
    api<CompareAnswer>('/api/insurance/compare/metadata', { method: 'POST', body })
      .then(
        (answer) => live && setTarget({ path: answer.data[0]?.newWindowUrl ?? `/${ACCIDENT_COMPARATOR}` }),
      )
      .catch(
        (error: unknown) =>
          live && setTarget({ error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, [ready]);

  if (comparator.status === 'missing')
    return <Navigate to={withLanguage(lang, `/${ACCIDENT_COMPARATOR}`)} replace />;
  const failure =
    comparator.status === 'failed' ? comparator.error : target && 'error' in target ? target.error : null;
  if (failure) {
    return (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <ServerErrorBox error={failure} />
      </Container>
    );
  }
  if (target && 'path' in target) return <Navigate to={withLanguage(lang, target.path)} replace />;
  return (
    <Container sx={{ py: 8, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label={t('detail.loading')} />
    </Container>
  );
}
