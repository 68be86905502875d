import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COMPARE_ORDERS } from '../domain/results/filters';
import { useI18n } from '../i18n/I18nProvider';
import { profileErrorWords } from '../domain/profile/profileErrors';
import type { ApiProfile } from '../profile/ProfileContext';
import type { ProfileKind } from './ComparatorContext';

/**
 * Count, sort (lower/higher price, recommended, popular, affinity), list/grid and the profile button. The
 * sort is a native select: keyboard and screen readers know it, and it keeps the first page's JavaScript
 * small (the comparator's initial bundle has a budget, issue 4).
 */
export function ResultsToolbar(props: {
  total: number | null;
  layout: 'list' | 'grid';
  mobile: boolean;
  onLayout(layout: 'list' | 'grid'): void;
  order: string | undefined;
  onOrder(order: string): void;
  onProfile(): void;
  kind: ProfileKind;
  profile: ApiProfile | null;
  profileErrors: { field: string; message: string }[];
  finished: boolean;
  /** Phones: opens the filter sheet; absent on desktop, where the panel is beside the results. */
  onFilters?(): void;
  activeFilters?: number;
}) {
  const { t } = useI18n();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <Box>
        <Button
          variant={props.profile ? 'outlined' : 'contained'}
          color={props.finished ? 'success' : 'secondary'}
          onClick={props.onProfile}
          data-testid="open-profile"
          data-finished={props.finished}
          aria-describedby="profile-tooltip"
        >
          {props.finished ? t('profile.finished') : props.profile ? t('profile.edit') : t('profile.enter')}
        </Button>
        {!props.profile && (
          <Typography id="profile-tooltip" variant="caption" sx={{ display: 'block' }} color="text.secondary">
            {t(`profile.tooltip.${props.kind}`)}
          </Typography>
        )}
      </Box>
      {/* A line of its own on phones: a count that changes never re-wraps the toolbar (results keep their place). */}
      <Typography
        role="status"
        aria-live="polite"
        data-testid="total"
        sx={{ flex: { xs: '1 1 100%', lg: 1 }, order: { xs: 1, lg: 0 } }}
      >
        {props.total === null
          ? t('comparator.searching')
          : t(props.total === 1 ? 'comparator.totalOne' : 'comparator.total', { n: props.total })}
      </Typography>
      {props.onFilters && (
        <Button variant="outlined" onClick={props.onFilters} data-testid="open-filters">
          {props.activeFilters ? t('filters.openCount', { n: props.activeFilters }) : t('filters.open')}
        </Button>
      )}
      <Box component="label" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="span" variant="body2">
          {t('order.label')}
        </Typography>
        <Box
          component="select"
          value={props.order ?? 'recommended'}
          onChange={(event: React.ChangeEvent<HTMLSelectElement>) => props.onOrder(event.target.value)}
          data-testid="order"
          sx={{
            font: 'inherit',
            p: 1,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
          }}
        >
          {COMPARE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {t(`order.${order}`)}
            </option>
          ))}
        </Box>
      </Box>
      {!props.mobile && (
        <Box role="group" aria-label={t('layout.label')} sx={{ display: 'flex', gap: 0.5 }}>
          {(['list', 'grid'] as const).map((layout) => (
            <Button
              key={layout}
              size="small"
              variant={props.layout === layout ? 'contained' : 'outlined'}
              aria-pressed={props.layout === layout}
              onClick={() => props.onLayout(layout)}
              data-testid={`layout-${layout}`}
            >
              {t(`layout.${layout}`)}
            </Button>
          ))}
        </Box>
      )}
      {props.profileErrors.length > 0 && (
        <Typography
          role="alert"
          sx={{ width: '100%', bgcolor: '#fff4e5', color: '#663c00', borderRadius: 1, px: 2, py: 1 }}
        >
          {t('profile.ignored')}: {props.profileErrors.map((error) => profileErrorWords(error, t)).join('; ')}
        </Typography>
      )}
    </Box>
  );
}
