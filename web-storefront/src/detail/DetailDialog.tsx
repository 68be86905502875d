import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../app/theme';
import { ServerErrorBox } from '../comparator/StatusPanels';
import { carryProduct } from '../domain/routing/productNavigation';
import { useI18n } from '../i18n/I18nProvider';
import { DetailView } from './DetailView';
import { tabFromSegment, type DetailTab } from './tabs';
import { useProduct } from './useProduct';

/** The detail in a modal on the chosen tab (000-2.42, 000-2.43), with a link to its own page. */
export default function DetailDialog({
  code,
  initialTab,
  onClose,
  link,
}: {
  code: string;
  initialTab: string;
  onClose(): void;
  /** The product's page; when unknown (a shared link's code), the product's own detail path. */
  link: string | null;
}) {
  const { t, lang } = useI18n();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [tab, setTab] = useState<DetailTab>(tabFromSegment(initialTab));
  const state = useProduct(code);
  return (
    // lg (992 px): the seven tabs fit in one row on a laptop, the last one no longer cut off (issue 11).
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={mobile} aria-labelledby="detail-title">
      <DialogContent>
        {state.status === 'loading' && <CircularProgress aria-label={t('detail.loading')} />}
        {state.status === 'failed' && <ServerErrorBox error={state.error} />}
        {state.status === 'missing' && <ServerErrorBox error={t('detail.missing')} />}
        {state.status === 'ready' && (
          <DetailView product={state.product} tab={tab} onTab={setTab} headingLevel="h2" />
        )}
      </DialogContent>
      <DialogActions>
        <Button
          component={RouterLink}
          to={`${lang === 'es' ? '' : `/${lang}`}${link ?? (state.status === 'ready' ? state.product.detailPath : '')}/${tab}`}
          state={state.status === 'ready' ? carryProduct(state.product) : undefined}
        >
          {t('detail.openPage')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
