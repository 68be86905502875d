import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { api } from '../api/client';
import type { Comparator, Organization } from '../api/types';
import { SITE } from '../app/config';
import { retry, organizationsErrorMessage } from '../domain/shell/retry';
import {
  blockPaste,
  decimalInputValue,
  formatDecimalInput,
  formatDecimalValue,
} from '../domain/shell/decimalInput';
import { BIRTH_FLAGS, PLAN_TYPES, type ComparatorFilters } from '../domain/results/filters';
import { useI18n } from '../i18n/I18nProvider';
import { featureName } from '../domain/results/cardWords';
import type { ComparatorProvider } from '@cubre/schemas/catalogue/comparator';

const toggled = (list: readonly string[] | undefined, value: string): string[] =>
  list?.includes(value) ? list.filter((item) => item !== value) : [...(list ?? []), value];
type Patch = Partial<Omit<ComparatorFilters, 'page'>>;
const CLEARED: Patch = Object.fromEntries(
  [
    'insuranceTypes',
    'organizations',
    'coverageOrganizations',
    'features',
    'fromPrice',
    'toPrice',
    'fromDeductible',
    'toDeductible',
    'comercializable',
    ...BIRTH_FLAGS,
    ...PLAN_TYPES,
  ].map((key) => [key, undefined]),
);

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {legend}
      </Typography>
      {children}
    </Box>
  );
}

/** The filters that hold a list of codes: a checkbox per code adds it to the list or takes it out. */
type CodeListFilter = 'insuranceTypes' | 'organizations' | 'coverageOrganizations' | 'features';

function CodeChecklist({
  name,
  filters,
  onChange,
  options,
  sx,
  testId,
}: {
  name: CodeListFilter;
  filters: ComparatorFilters;
  onChange: (patch: Patch) => void;
  options: { code: string; label: string }[];
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const chosen = filters[name];
  return (
    <FormGroup sx={sx} data-testid={testId}>
      {options.map(({ code, label }) => (
        <FormControlLabel
          key={code}
          control={
            <Checkbox
              size="small"
              checked={chosen?.includes(code) ?? false}
              onChange={() => onChange({ [name]: toggled(chosen, code) })}
            />
          }
          label={label}
        />
      ))}
    </FormGroup>
  );
}

/** Organizations of the comparator's types, retried 3 times 1.5 s apart (000-7.19, 000-8.05). */
function useOrganizations(types: string[]) {
  const [state, setState] = useState<{ list: Organization[]; error: string | null }>({
    list: [],
    error: null,
  });
  const key = types.join(',');
  useEffect(() => {
    let live = true;
    retry(() => api<{ data: Organization[] }>(`/api/organization/seguros/multTipo/${key}`), {
      attempts: 3,
      delayMs: 1500,
    })
      .then(
        (answer) =>
          live && setState({ list: answer.data.filter((org) => (org.productCount ?? 1) > 0), error: null }),
      )
      .catch(() => {
        // 000-8.05: 'Error al obtener las organizaciones de tipo {types}', logged as the seed words it.
        console.warn(organizationsErrorMessage(key));
        if (live) setState({ list: [], error: key });
      });
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

type Provider = ComparatorProvider;

/** The clinics the comparator's products list (GET /api/comparator/{code}/coverageOrganizations). */
function useProviders(comparatorCode: string) {
  const [providers, setProviders] = useState<Provider[] | null>(null);
  useEffect(() => {
    let live = true;
    api<{ data: Provider[] }>(
      `/api/comparator/${encodeURIComponent(comparatorCode)}/coverageOrganizations?country=${SITE.country}`,
    )
      .then((answer) => live && setProviders(answer.data))
      .catch(() => live && setProviders([]));
    return () => {
      live = false;
    };
  }, [comparatorCode]);
  return providers;
}

/**
 * A number field that commits on blur or Enter, so typing 150000 is one query, not six. With `decimals`
 * it is a decimal input (001-5.08, 001-5.09): '5' is five, written '5,00' once committed; paste is blocked.
 */
function AmountField({
  label,
  value,
  onCommit,
  decimals,
}: {
  label: string;
  value: number | undefined;
  onCommit(value: number | undefined): void;
  decimals?: number;
}) {
  const shown = (amount: number | undefined) =>
    amount === undefined
      ? ''
      : decimals === undefined
        ? String(amount)
        : formatDecimalValue(amount, { decimals, separator: ',' });
  const [text, setText] = useState(shown(value));
  useEffect(() => setText(shown(value)), [value]);
  const commit = () => {
    const digits = text.replace(/\D/g, '');
    const next =
      decimals === undefined ? (digits === '' ? undefined : Number(digits)) : decimalInputValue(text);
    if (next !== value) onCommit(next);
  };
  return (
    <Box
      component="label"
      sx={{ display: 'grid', gap: 0.25, fontSize: 13, color: 'text.secondary', minWidth: 0 }}
    >
      {label}
      <Box
        component="input"
        inputMode={decimals === undefined ? 'numeric' : 'decimal'}
        value={text}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          setText(
            decimals === undefined
              ? event.target.value
              : formatDecimalInput(event.target.value, { decimals, separator: ',' }),
          )
        }
        onPaste={decimals === undefined ? undefined : blockPaste}
        onBlur={commit}
        onKeyDown={(event: React.KeyboardEvent<HTMLInputElement>) => event.key === 'Enter' && commit()}
        sx={{
          font: 'inherit',
          fontSize: 15,
          color: 'text.primary',
          p: 1,
          width: '100%',
          borderRadius: 1,
          border: 1,
          borderColor: 'grey.400',
        }}
      />
    </Box>
  );
}

/** How the price filter's legend names the currency its amounts are in (the cards' own). */
const CURRENCY_SIGNS: Record<string, string> = { CLP: '$', COP: '$ COP', PEN: 'S/', USD: 'USD', UF: 'UF' };
const currencySign = (currency: string) => CURRENCY_SIGNS[currency] ?? currency;

/** Filters of 000 §3/§4: insurance types, organizations, price and deductible ranges, features, plan filters. */
export default function FiltersPanel({
  comparator,
  filters,
  onChange,
  mobile,
  open = false,
  onClose,
  total,
}: {
  comparator: Comparator;
  filters: ComparatorFilters;
  onChange(patch: Patch): void;
  mobile: boolean;
  /** Phones: the sheet is open. */
  open?: boolean;
  onClose?(): void;
  /** Phones: the results the current filters find, for the sheet's 'Ver N resultados'. */
  total?: number | null;
}) {
  const { t, tOr } = useI18n();
  const organizations = useOrganizations(comparator.organizationTypes);
  const providers = useProviders(comparator.code);
  const isapres = comparator.productType === 'ISAPRES';
  const body = (
    <Box data-testid="filters">
      {comparator.insuranceTypes.length > 1 && (
        <Group legend={t('filters.insuranceTypes')}>
          <CodeChecklist
            name="insuranceTypes"
            filters={filters}
            onChange={onChange}
            // A type the catalogue does not know has no url segment to filter by (the server answers null).
            options={comparator.insuranceTypes.flatMap((type) =>
              type.urlSegment === null
                ? []
                : [
                    {
                      code: type.urlSegment,
                      label: tOr(`catalogue.insuranceType.${type.name}`, type.displayName),
                    },
                  ],
            )}
          />
        </Group>
      )}
      {isapres && (
        <Group legend={t('filters.plan')}>
          <FormGroup>
            {(['comercializable', ...BIRTH_FLAGS, ...PLAN_TYPES] as const).map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    size="small"
                    checked={filters[flag] === true}
                    onChange={() => onChange({ [flag]: filters[flag] ? undefined : true })}
                  />
                }
                label={t(`filters.${flag}`)}
              />
            ))}
          </FormGroup>
        </Group>
      )}
      <Group legend={t('filters.organizations')}>
        {organizations.error && (
          <Typography role="alert" color="error">
            {t('filters.organizationsError', { types: organizations.error })}
          </Typography>
        )}
        <CodeChecklist
          name="organizations"
          filters={filters}
          onChange={onChange}
          sx={{ maxHeight: 260, overflowY: 'auto', flexWrap: 'nowrap' }}
          options={organizations.list.map(({ code, displayName }) => ({ code, label: displayName }))}
        />
      </Group>
      <Group legend={t('filters.providers')}>
        {providers === null ? null : providers.length === 0 ? (
          // Said plainly, rather than an empty list that reads as "no clinic covers these plans" (issue 11).
          <Typography variant="body2" color="text.secondary" data-testid="providers-unknown">
            {t(isapres ? 'filters.providersIsapre' : 'filters.providersNone')}
          </Typography>
        ) : (
          <CodeChecklist
            name="coverageOrganizations"
            filters={filters}
            onChange={onChange}
            sx={{ maxHeight: 220, overflowY: 'auto', flexWrap: 'nowrap' }}
            testId="providers-filter"
            options={providers.map((provider) => ({
              code: provider.code,
              label: `${provider.displayName} (${provider.productCount})`,
            }))}
          />
        )}
      </Group>
      <Group
        legend={t('filters.price', { currency: currencySign(comparator.priceCurrency ?? SITE.currency) })}
      >
        <Box sx={{ display: 'flex', gap: 1 }}>
          <AmountField
            label={t('filters.from')}
            value={filters.fromPrice}
            onCommit={(fromPrice) => onChange({ fromPrice })}
          />
          <AmountField
            label={t('filters.to')}
            value={filters.toPrice}
            onCommit={(toPrice) => onChange({ toPrice })}
          />
        </Box>
      </Group>
      {!isapres && (
        <Group legend={t('filters.deductible')}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <AmountField
              label={t('filters.from')}
              value={filters.fromDeductible}
              onCommit={(fromDeductible) => onChange({ fromDeductible })}
              decimals={2}
            />
            <AmountField
              label={t('filters.to')}
              value={filters.toDeductible}
              onCommit={(toDeductible) => onChange({ toDeductible })}
              decimals={2}
            />
          </Box>
        </Group>
      )}
      {(comparator.features ?? []).length > 0 && (
        <Group legend={t('filters.features')}>
          <CodeChecklist
            name="features"
            filters={filters}
            onChange={onChange}
            options={(comparator.features ?? []).map((feature) => ({
              code: feature.code,
              label: featureName(feature.code, feature.name, tOr),
            }))}
          />
        </Group>
      )}
      <Button size="small" onClick={() => onChange(CLEARED)}>
        {t('filters.clear')}
      </Button>
    </Box>
  );
  // Phones: a sheet over the results, not a list that pushes them down (issue 11); filters apply as they
  // change and the button says how many plans they leave.
  if (mobile)
    return (
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{
          paper: {
            sx: {
              maxHeight: '85vh',
              display: 'flex',
              flexDirection: 'column',
              borderTopLeftRadius: 12,
              borderTopRightRadius: 12,
            },
          },
        }}
      >
        {/* Title and button stay; only the filters between them scroll. */}
        <Box
          role="dialog"
          aria-labelledby="filters-sheet-title"
          data-testid="filters-sheet"
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          <Typography id="filters-sheet-title" component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
            {t('filters.title')}
          </Typography>
          <Box sx={{ px: 2, pt: 1, overflowY: 'auto', flex: 1, minHeight: 0 }}>{body}</Box>
          <Box sx={{ p: 2, bgcolor: 'background.paper', boxShadow: 3 }}>
            <Button variant="contained" fullWidth onClick={onClose} data-testid="filters-show-results">
              {total === null || total === undefined
                ? t('comparator.searching')
                : t(total === 1 ? 'filters.showOne' : 'filters.show', { n: total })}
            </Button>
          </Box>
        </Box>
      </Drawer>
    );
  return (
    <Paper
      component="aside"
      variant="outlined"
      // Sticky, so it stays beside the results; never taller than the screen, or its lower filters could
      // not be reached until the page's end.
      sx={{ p: 2, position: 'sticky', top: 90, maxHeight: 'calc(100vh - 106px)', overflowY: 'auto' }}
      aria-label={t('filters.title')}
    >
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('filters.title')}
      </Typography>
      {body}
    </Paper>
  );
}
