import type { Resource } from '../detail/useResource';
import {
  coverageRows,
  featureRows,
  isapreRows,
  priceRows,
  productRows,
  providerRows,
  textRows,
  topsRows,
  type ColumnCard,
  type CompareRow,
  type Words,
} from '../domain/compare/compareRows';
import { withToday } from '../domain/shell/today';
import type { CompareColumn } from './useCompareColumn';

/** What a section shows for one column besides its rows: nothing, a spinner, or the error with its retry. */
export type SectionStatus = { status: 'none' } | { status: 'loading' } | { status: 'failed'; retry(): void };

export interface CompareSection {
  id: string;
  title: string;
  rows: CompareRow[];
  status: SectionStatus[];
}

const NONE: SectionStatus = { status: 'none' };

/** The card of each column for the rows: the card, undefined while it loads, null for no product. */
export function columnCards(columns: readonly CompareColumn[]): ColumnCard[] {
  return columns.map(({ card }) =>
    card.status === 'ready'
      ? card.card
      : card.status === 'loading' || card.status === 'failed'
        ? undefined
        : null,
  );
}

/** A section fed by one or more of a column's calls: loading while one is, failed (retry them) if one did. */
function statusOf(column: CompareColumn, resources: readonly (Resource<unknown> | null)[]): SectionStatus {
  if (column.card.status !== 'ready') return NONE;
  const failed = resources.filter(
    (resource): resource is Extract<Resource<unknown>, { status: 'failed' }> => resource?.status === 'failed',
  );
  if (failed.length > 0)
    return { status: 'failed', retry: () => failed.forEach((resource) => resource.retry()) };
  return resources.some((resource) => resource?.status === 'loading') ? { status: 'loading' } : NONE;
}

const dataOf = <T>(resource: Resource<T> | null): T | undefined =>
  resource?.status === 'ready' ? resource.data : undefined;

/**
 * The table's sections in reading order (issue 11): price and who it covers, the product's facts, its
 * features, an isapre plan's fields, coverages, tops and deductibles, providers, conditions and
 * exclusions. Sections from the card are there at once; the others fill in column by column.
 */
export function compareSections(
  columns: readonly CompareColumn[],
  words: Words,
  lang: string,
  now: Date,
): CompareSection[] {
  const { t } = words;
  const cards = columnCards(columns);
  const fromCard = columns.map(() => NONE);
  const texts = (pick: (column: CompareColumn) => Resource<{ data: string[] }> | null) =>
    columns.map((column) => dataOf(pick(column))?.data.map((line) => withToday(line, now, lang)));
  const sections: CompareSection[] = [
    // The price itself heads the table, with the request buttons; this section says whom it covers.
    {
      id: 'insured',
      title: t('card.insurable'),
      rows: priceRows(cards, t).filter((row) => row.key !== 'price'),
      status: fromCard,
    },
    { id: 'product', title: t('compare.product'), rows: productRows(cards, words), status: fromCard },
    {
      id: 'features',
      title: t('card.features'),
      rows: featureRows(
        cards,
        columns.map((column) => dataOf(column.features)),
        words,
      ),
      status: columns.map((column) => statusOf(column, [column.features])),
    },
    { id: 'isapre', title: t('compare.isapre'), rows: isapreRows(cards, t), status: fromCard },
    {
      id: 'coverages',
      title: t('detail.tab.Coberturas'),
      rows: coverageRows(
        cards,
        columns.map((column) => dataOf(column.resume)),
        columns.map((column) => column.prevision),
        words,
      ),
      status: columns.map((column) => statusOf(column, [column.resume])),
    },
    {
      id: 'tops',
      title: t('detail.tab.Topes-y-Deducibles'),
      rows: topsRows(
        cards,
        columns.map((column) => dataOf(column.tops)),
        t,
      ),
      status: columns.map((column) => statusOf(column, [column.tops])),
    },
    {
      id: 'providers',
      title: t('detail.tab.Prestadores'),
      rows: providerRows(
        cards,
        columns.map((column) => dataOf(column.providers)),
        words,
      ),
      status: columns.map((column) => statusOf(column, [column.providers])),
    },
    {
      id: 'conditions',
      title: t('detail.tab.Condiciones'),
      rows: textRows(
        cards,
        {
          conditions: texts((column) => column.conditions),
          exclusions: texts((column) => column.exclusions),
        },
        t,
      ),
      status: columns.map((column) => statusOf(column, [column.conditions, column.exclusions])),
    },
  ];
  return sections.filter(
    (section) => section.rows.length > 0 || section.status.some((s) => s.status !== 'none'),
  );
}
