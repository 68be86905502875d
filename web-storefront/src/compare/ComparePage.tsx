import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SITE } from '../app/config';
import { comparePath, sameCode, sameCodes } from '../domain/compare/compareLink';
import { selectedPlans } from '../domain/compare/compareSlots';
import { useI18n } from '../i18n/I18nProvider';
import { usePageMeta } from '../shell/pageMeta';
import { compareSections } from './compareSections';
import { CompareTable } from './CompareTable';
import { CompareToolbar } from './CompareToolbar';
import { useCompare } from './CompareContext';
import { useCompareColumn } from './useCompareColumn';
import { useTableCodes } from './useTableCodes';
import './compare.css';

/**
 * Comparar-Planes (000-2.15), the place to decide: up to three plans side by side on every attribute the
 * cards and the detail know, differences marked, each column's price for the visitor's profile with its
 * request button, and a shared link or a print of it. The address carries the products (useTableCodes);
 * the compare slots (000-4.13…4.17) follow the table, so removing a column shifts the others (000-4.16).
 */
export default function ComparePage() {
  const { t, tOr, has, lang } = useI18n();
  usePageMeta(t('compare.title'), t('meta.compare'));
  const compare = useCompare();
  const plans = selectedPlans(compare.slots);
  const [codes, setCodes] = useTableCodes(plans.map((plan) => plan.productCode));
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const slotCard = (code: string | undefined) =>
    (code !== undefined && plans.find((plan) => sameCode(plan.productCode, code))) || null;
  // Always three columns, so always three hook calls: an empty one asks for nothing.
  const columns = [
    useCompareColumn(codes[0] ?? null, slotCard(codes[0])),
    useCompareColumn(codes[1] ?? null, slotCard(codes[1])),
    useCompareColumn(codes[2] ?? null, slotCard(codes[2])),
  ];

  // The slots follow the table once every product is in: a shared link's products become the visitor's
  // selection (priced for them), a removed column leaves the slots too.
  const settled = columns.every((column) => ['empty', 'ready', 'missing'].includes(column.card.status));
  const ready = columns.flatMap((column) => (column.card.status === 'ready' ? [column.card.card] : []));
  const readyKey = ready.map((card) => card.productCode).join(',');
  useEffect(() => {
    if (!settled) return;
    const inSlots = plans.map((plan) => plan.productCode);
    if (
      !sameCodes(
        ready.map((card) => card.productCode),
        inSlots,
      )
    )
      compare.set(ready);
    // The codes say everything the cards would.
  }, [settled, readyKey]);

  const now = useMemo(() => new Date(), []);
  const sections = compareSections(columns, { t, tOr, has }, lang, now);
  const prefix = lang === 'es' ? '' : `/${lang}`;
  const address = comparePath(codes, prefix);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }} className="cubre-compare">
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 2 }}>
        {t('compare.title')}
      </Typography>
      {codes.length === 0 ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('compare.none')}</Typography>
          <Button component={RouterLink} to={`${prefix}${SITE.defaultPath}`} variant="contained">
            {t('compare.add')}
          </Button>
        </>
      ) : (
        <>
          <CompareToolbar
            onlyDifferences={onlyDifferences}
            onOnlyDifferences={setOnlyDifferences}
            address={address}
          />
          {/* On paper, the address that opens this table again. */}
          <p className="cubre-compare-print-only">{`${window.location.origin}${address}`}</p>
          <CompareTable
            columns={columns}
            sections={sections}
            onlyDifferences={onlyDifferences}
            onRemove={(index) => setCodes(codes.filter((_, i) => i !== index))}
          />
        </>
      )}
    </Container>
  );
}
