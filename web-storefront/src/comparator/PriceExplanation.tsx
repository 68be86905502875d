import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { api } from '../api/client';
import { formatMoney } from '../domain/results/format';
import { serviceErrorText } from '../domain/shell/serviceErrors';
import { useI18n, type Translate } from '../i18n/I18nProvider';
import { breakdownLines } from '../domain/results/breakdownWords';
import type { CalculatePriceAnswer } from '@cubre/schemas/catalogue/priceBreakdown';
import { sexWords } from '../domain/results/insuredPeople';
import { useComparatorContext } from './ComparatorContext';
import { ServiceErrorText } from './StatusPanels';

type PriceAnswer = CalculatePriceAnswer['data'];
/** The explanation's sentences in the page's language, from the breakdown (the API's `lines` are Spanish). */
const linesOf = (answer: PriceAnswer, t: Translate) => breakdownLines(answer.breakdown, t);

const clp = (value: number) => formatMoney(Math.round(value), 'CLP');
/** Every number of the explanation with the same decimal mark as its amounts (issue 11: '1.3' beside '0,52 UF'). */
const decimal = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('es-CL', { maximumFractionDigits: 3 });
const uf = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${decimal(value)} UF`;

/** How the price of one card is made for this profile: POST calculatePrice, the comparator's own pricer. */
export default function PriceExplanation({ code }: { code: string }) {
  const { t } = useI18n();
  const { profile, productType, comparatorCode } = useComparatorContext();
  const [answer, setAnswer] = useState<PriceAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<CalculatePriceAnswer>(`/api/insurance/${encodeURIComponent(code)}/calculatePrice`, {
      method: 'POST',
      body: { profile, productType, comparator: comparatorCode },
      signal: controller.signal,
    })
      .then((result) => setAnswer(result.data))
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        // 001-8.11: 'Error al obtener el precio del producto para el perfil', with what the API said.
        setError(serviceErrorText('profilePrice', caught));
      });
    return () => controller.abort();
  }, [code, profile, productType, comparatorCode]);
  if (error)
    return (
      <Alert severity="error">
        <ServiceErrorText error={error} />
      </Alert>
    );
  if (!answer) return <Typography variant="body2">…</Typography>;
  const { breakdown } = answer;
  const isapre = breakdown.kind === 'isaprePlan' ? breakdown : null;
  // One row per beneficiary: a plan's factor and GES, a product's amount.
  const rows = isapre
    ? isapre.beneficiaries.map((row) => ({ ...row, number: row.factor, gesUf: row.gesUf }))
    : breakdown.kind === 'product'
      ? breakdown.persons.map((row) => ({ ...row, number: row.amount, gesUf: null }))
      : [];
  return (
    <div data-testid="price-explanation">
      <Table size="small" aria-label={t('price.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('price.beneficiary')}</TableCell>
            <TableCell align="right">{isapre ? t('price.factor') : t('price.amount')}</TableCell>
            {isapre && <TableCell align="right">{t('price.ges')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              <TableCell>
                {t(`breakdown.role.${row.role}`)} · {sexWords(row.sexo ?? undefined, t)} {row.edad}
              </TableCell>
              <TableCell align="right">{decimal(row.number)}</TableCell>
              {isapre && <TableCell align="right">{uf(row.gesUf)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {isapre && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('price.base')}: {uf(isapre.basePriceUf)} · {t('price.plan')}: {uf(isapre.planPriceUf)} ·{' '}
          {t('price.ges')}: {uf(isapre.gesTotalUf)}
        </Typography>
      )}
      {isapre && (
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {t('price.total')}: {uf(isapre.totalUf)} = {isapre.totalClp !== null ? clp(isapre.totalClp) : '—'}
        </Typography>
      )}
      {isapre?.sevenPercent && (
        <Typography variant="body2">
          {t('price.sevenPercent')}: {clp(isapre.sevenPercent.clp)}
          {isapre.differenceClp !== null && ` · ${t('price.difference')}: ${clp(isapre.differenceClp)}`}
        </Typography>
      )}
      {linesOf(answer, t).length > 0 && (
        <ul style={{ paddingLeft: 18, margin: '8px 0 0' }}>
          {linesOf(answer, t).map((line) => (
            <li key={line}>
              <Typography variant="caption">{line}</Typography>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
