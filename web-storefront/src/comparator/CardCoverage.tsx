import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { api } from '../api/client';
import { serviceErrorText } from '../domain/shell/serviceErrors';
import { useI18n } from '../i18n/I18nProvider';
import { catalogueTextLang } from '../domain/shell/i18n';
import { coverageTagKey } from '../domain/results/cardWords';
import { createCoverageCache } from '../domain/results/coverageCache';
import { SITE } from '../app/config';
import type { CoverageResumeAnswer } from '@cubre/schemas/catalogue/coverageResume';

/** GET …/coverages/{id}/resume: the server's own type (schemas/, `import type`). */
type Resume = CoverageResumeAnswer;
type CoverageState =
  | { status: 'pending' }
  | { status: 'loading' }
  | { status: 'ready'; resume: Resume['data'] }
  | { status: 'failed' };

/** 000-9 visibility margin and debounce: a card must stay near the viewport 1 s before its coverage loads. */
export const VISIBILITY_MARGIN_PX = 150;
export const COVERAGE_DEBOUNCE_MS = 1000;
/** Loaded coverage: Chile reuses it unless the coverage-organization filter changed (000-4.10). */
const cache = createCoverageCache<Resume['data']>(SITE.country);

/**
 * The coverage summary of one card (000-4.08…4.12): fetched when the card has been visible for 1 s, only
 * while pending (never twice), with an error state whose retry asks again for this card only.
 */
export function CardCoverage({ code, coverageFilter }: { code: string; coverageFilter: string }) {
  const { t, tOr, has, lang } = useI18n();
  const cached = cache.reuse(code, coverageFilter);
  const [state, setState] = useState<CoverageState>(
    cached ? { status: 'ready', resume: cached } : { status: 'pending' },
  );
  const [attempt, setAttempt] = useState(0);
  const anchor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status !== 'pending' || !anchor.current) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (visible && timer === undefined)
          timer = setTimeout(() => setState({ status: 'loading' }), COVERAGE_DEBOUNCE_MS);
        if (!visible && timer !== undefined) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { rootMargin: `${VISIBILITY_MARGIN_PX}px` },
    );
    observer.observe(anchor.current);
    return () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [state.status]);

  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    // A retry, or a load the rule wants fresh (000-4.10), never takes the API client's cached answer.
    const cached = attempt === 0 && !cache.mustReload(code, coverageFilter);
    api<Resume>(`/api/insurance/coverages/${encodeURIComponent(code)}/resume`, { cache: cached })
      .then((answer) => {
        cache.keep(code, coverageFilter, answer.data);
        if (live) setState({ status: 'ready', resume: answer.data });
      })
      .catch((error: unknown) => {
        // The card shows its own error state (000-8.01); the failure is logged as 001-8.10 words it.
        console.warn(serviceErrorText('coverageSummary', error));
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [state.status, code, coverageFilter, attempt]);

  return (
    <div ref={anchor} data-testid="card-coverage" data-state={state.status}>
      {state.status === 'ready' && (
        <Typography variant="body2" color="text.secondary">
          {t('card.coverages', { n: state.resume.count })}
          {state.resume.tags.length > 0 && ': '}
          {/* Category names the dictionaries lack are the catalogue's own Spanish. */}
          <span
            lang={
              state.resume.tags.every((tag) => has(coverageTagKey(tag))) ? undefined : catalogueTextLang(lang)
            }
          >
            {state.resume.tags.map((tag) => tOr(coverageTagKey(tag), tag.name)).join(', ')}
          </span>
        </Typography>
      )}
      {state.status === 'failed' && (
        <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
          {t('error.loading.results')} {t('error.internet.conection')}{' '}
          <Button
            size="small"
            onClick={() => {
              setAttempt((n) => n + 1);
              setState({ status: 'loading' });
            }}
          >
            {t('detail.retry')}
          </Button>
        </Typography>
      )}
    </div>
  );
}
