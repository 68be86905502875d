import { Fragment, type CSSProperties } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink } from 'react-router';
import { SITE } from '../app/config';
import { personsLine, priceLine, type CompareRow } from '../domain/compare/compareRows';
import { PriceFigure } from '../comparator/PriceFigure';
import { rowDiffers, visibleRows, type CellValue } from '../domain/compare/differences';
import { carryProduct } from '../domain/routing/productNavigation';
import { useI18n } from '../i18n/I18nProvider';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { columnCards, type CompareSection, type SectionStatus } from './compareSections';
import type { CompareColumn } from './useCompareColumn';

/** A value: '…' while its column loads (the section's heading shows the spinner), a list when it has lines. */
function Cell({ value, empty, lang }: { value: CellValue; empty: boolean; lang?: string }) {
  return (
    <td className={empty ? 'cubre-compare-empty' : undefined} lang={lang}>
      {value === undefined ? (
        '…'
      ) : value !== null && value.includes('\n') ? (
        <ul>
          {value.split('\n').map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        value
      )}
    </td>
  );
}

/** A row's heading: its label and, when its columns differ, the 'Diferente' mark (seen and read). */
function RowHead({ label, different, lang }: { label: string; different: boolean; lang?: string }) {
  const { t } = useI18n();
  return (
    <th scope="row">
      <span lang={lang}>{label}</span>
      {different && (
        <span className="cubre-compare-badge" data-testid="difference">
          {t('compare.diff')}
        </span>
      )}
    </th>
  );
}

/** The `lang` of the catalogue's Spanish text on a page in another language. */
const useSpanishText = () => {
  const { lang } = useI18n();
  return (spanish: 'es' | undefined) => (lang === 'es' ? undefined : spanish);
};

function Row({ row, columns }: { row: CompareRow; columns: readonly CompareColumn[] }) {
  const different = rowDiffers(row.values);
  const spanish = useSpanishText();
  return (
    <tr
      className={different ? 'is-different' : undefined}
      data-testid="compare-row"
      data-row={row.key}
      data-different={different}
    >
      <RowHead label={row.label} different={different} lang={spanish(row.labelLang)} />
      {row.values.map((value, index) => (
        <Cell
          key={index}
          value={value}
          empty={columns[index]?.code === null}
          lang={spanish(row.valuesLang)}
        />
      ))}
    </tr>
  );
}

function StatusCell({ status, empty }: { status: SectionStatus; empty: boolean }) {
  const { t } = useI18n();
  return (
    <td className={`cubre-compare-status${empty ? ' cubre-compare-empty' : ''}`}>
      {status.status === 'loading' && <CircularProgress size={16} aria-label={t('detail.loading')} />}
      {status.status === 'failed' && (
        <span data-testid="compare-error">
          <span role="alert">{t('compare.error')}</span>{' '}
          <Button size="small" onClick={status.retry}>
            {t('detail.retry')}
          </Button>
        </span>
      )}
    </td>
  );
}

/** One section: its heading row (with each column's loading or error state), then its rows. */
function Section({
  section,
  columns,
  onlyDifferences,
}: {
  section: CompareSection;
  columns: readonly CompareColumn[];
  onlyDifferences: boolean;
}) {
  const rows = visibleRows(section.rows, onlyDifferences);
  const spanish = useSpanishText();
  const pending = section.status.some((status) => status.status !== 'none');
  if (rows.length === 0 && !pending) return null;
  return (
    <tbody data-testid="compare-section" data-section={section.id}>
      <tr className="cubre-compare-section">
        <th scope="rowgroup">{section.title}</th>
        {section.status.map((status, index) => (
          <StatusCell key={index} status={status} empty={columns[index]?.code === null} />
        ))}
      </tr>
      {rows.map((row, index) => (
        <Fragment key={row.key}>
          {row.group && row.group !== rows[index - 1]?.group && (
            <tr className="cubre-compare-group">
              <th scope="rowgroup" lang={spanish(row.groupLang)}>
                {row.group}
              </th>
              <td colSpan={columns.length} />
            </tr>
          )}
          <Row row={row} columns={columns} />
        </Fragment>
      ))}
    </tbody>
  );
}

/** A column's heading: the product (or its loading, missing or failed state) and the remove button. */
function ColumnHead({ column, onRemove }: { column: CompareColumn; onRemove(): void }) {
  const { t, lang } = useI18n();
  const { card } = column;
  if (card.status === 'empty')
    return (
      <th scope="col" className="cubre-compare-empty" data-testid="compare-column">
        <Button component={RouterLink} to={`${lang === 'es' ? '' : `/${lang}`}${SITE.defaultPath}`}>
          {t('compare.add')}
        </Button>
      </th>
    );
  const name = card.status === 'ready' ? card.card.displayName : (column.code ?? '');
  return (
    <th scope="col" data-testid="compare-column" data-code={column.code} data-state={card.status}>
      {card.status === 'ready' && (
        <>
          <OrganizationLogo
            code={card.card.organization.code}
            name={card.card.organization.displayName}
            image={card.card.organization.metadata.image}
          />
          <h2>{card.card.displayName}</h2>
          <p className="cubre-compare-org">{card.card.organization.displayName}</p>
        </>
      )}
      {card.status === 'loading' && <CircularProgress size={24} aria-label={t('detail.loading')} />}
      {card.status === 'missing' && <p role="alert">{t('detail.missing')}</p>}
      {card.status === 'failed' && (
        <p role="alert">
          {t('compare.error')} <Button onClick={card.retry}>{t('detail.retry')}</Button>
        </p>
      )}
      <Button
        size="small"
        color="error"
        className="cubre-compare-actions"
        onClick={onRemove}
        aria-label={t('compare.removeOne', { name })}
      >
        {t('compare.remove')}
      </Button>
    </th>
  );
}

/** The price the visitor's profile gives (as the card reads it) and the way to request that product. */
function PriceCell({ column }: { column: CompareColumn }) {
  const { t, lang } = useI18n();
  if (column.card.status !== 'ready')
    return <Cell value={column.card.status === 'empty' ? null : undefined} empty={column.code === null} />;
  const card = column.card.card;
  const persons = personsLine(card, t);
  return (
    <td>
      {/* The same figure as the card and the detail: label, amount, period, UF of the day (issue 11). */}
      <PriceFigure price={card.price} testIdPrefix="compare-" />
      {persons && <p data-testid="compare-persons">{persons}</p>}
      <Button
        variant="contained"
        className="cubre-compare-actions"
        component={RouterLink}
        to={`${lang === 'es' ? '' : `/${lang}`}${card.newWindowUrl}/Solicitar`}
        // The detail opens with the product in hand, priced as here (000-2.36).
        state={column.product ? carryProduct({ ...column.product, card }) : undefined}
        aria-label={t('compare.ask', { name: card.displayName })}
        data-testid="compare-request"
      >
        {t('detail.tab.Solicitar')}
      </Button>
    </td>
  );
}

/** Comparar-Planes' table: product columns, the price row in the heading, then the sections. */
export function CompareTable({
  columns,
  sections,
  onlyDifferences,
  onRemove,
}: {
  columns: readonly CompareColumn[];
  sections: readonly CompareSection[];
  onlyDifferences: boolean;
  onRemove(index: number): void;
}) {
  const { t } = useI18n();
  const cards = columnCards(columns);
  const priceDiffers = rowDiffers(cards.map((card) => (card ? priceLine(card, t) : card)));
  const filled = columns.filter((column) => column.code !== null).length;
  // Every column's product and every section's answers are in (tests and print wait for it).
  const complete =
    columns.every((column) => column.card.status !== 'loading' && column.card.status !== 'failed') &&
    sections.every((section) => section.status.every((status) => status.status === 'none'));
  return (
    // A region that scrolls sideways must be reachable by keyboard (phones: the table is wider than them).
    <div className="cubre-compare-scroll" role="region" aria-label={t('compare.title')} tabIndex={0}>
      <table
        className="cubre-compare-table"
        data-testid="compare-table"
        data-complete={complete}
        style={{ '--columns': columns.length, '--filled': filled } as CSSProperties}
      >
        <thead>
          <tr>
            <td className="cubre-compare-corner" />
            {columns.map((column, index) => (
              <ColumnHead
                key={column.code ?? `empty-${index}`}
                column={column}
                onRemove={() => onRemove(index)}
              />
            ))}
          </tr>
          <tr
            className={priceDiffers ? 'is-different' : undefined}
            data-testid="compare-row"
            data-row="price"
            data-different={priceDiffers}
          >
            <RowHead label={t('card.price')} different={priceDiffers} />
            {columns.map((column, index) => (
              <PriceCell key={column.code ?? `empty-${index}`} column={column} />
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <Section key={section.id} section={section} columns={columns} onlyDifferences={onlyDifferences} />
        ))}
      </table>
    </div>
  );
}
