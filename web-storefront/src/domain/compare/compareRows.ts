/**
 * The rows of Comparar-Planes (000-2.15, issue 11): every attribute the result card and the detail know,
 * one section each, one value per column. Pure: the page loads the answers, these functions line them up.
 * A value is a text, `null` for an empty column and `undefined` while that column's answer is not in
 * (see differences.ts); a text of several lines is drawn as a list.
 */
import type { ResultCard } from '../../api/types';
import { amountsForPrevision } from '../results/previsionCoverage';
import { formatMoney } from '../results/format';
import { priceLabelText, priceSuffixText } from '../results/priceWords';
import { coverageAmountWords } from '../results/amountWords';
import {
  benefitKey,
  commercialWords,
  coverageTagKey,
  coverageWords,
  deductibleWords,
  featureName,
  insuranceTypeName,
  modalityWords,
  offersWords,
  providerName,
  requirementWords,
  topWords,
} from '../results/cardWords';
import { sexWords } from '../results/insuredPeople';
import { deductiblesText, topsGroupName, topsText } from '../results/topsWords';
import { profileKindOf } from '../profile/profileForm';
import type { Translate, TranslateOr } from '../shell/i18n';
import type { CellValue } from './differences';
import type { CoverageOrganizationView, TopsAndDeductiblesView } from '@cubre/schemas/catalogue/detailViews';
import type { CoverageResumeAnswer } from '@cubre/schemas/catalogue/coverageResume';

export type { Translate, TranslateOr } from '../shell/i18n';

/** The page's words: dictionary words, catalogue names with the server's text as fallback. */
export interface Words {
  t: Translate;
  tOr: TranslateOr;
  has(key: string): boolean;
}

export interface CompareRow {
  key: string;
  label: string;
  values: CellValue[];
  /** A sub-heading the row sits under (a coverage category, a tops group). */
  group?: string;
  /** 'es' where the label, the group or the values are the catalogue's own Spanish text. */
  labelLang?: 'es';
  groupLang?: 'es';
  valuesLang?: 'es';
}

/** What GET /api/insurance/coverages/{id}/resume answers: the server's own type (schemas/, `import type`). */
export type CoverageResume = CoverageResumeAnswer;

/** GET /api/insurance/{id}/topAmountsAndDeductibles. */
export interface TopsAnswer {
  data: TopsAndDeductiblesView[];
}

/** GET /api/insurance/{id}/coverageOrganizations. */
export interface ProvidersAnswer {
  data: CoverageOrganizationView[];
}

/** GET /api/insurance/{id}/features. */
export interface FeaturesAnswer {
  data: { code: string; name: string }[];
}

/** A column's card: null for an empty slot, undefined while a shared link's product is being priced. */
export type ColumnCard = ResultCard | null | undefined;

const NONE = '—';
const lines = (items: readonly string[]) => items.join('\n');
/** A column's value from its card: null stays null (empty column), undefined stays undefined (loading). */
const fromCard = (cards: readonly ColumnCard[], value: (card: ResultCard) => string): CellValue[] =>
  cards.map((card) => (card ? value(card) : card));
const yesNo = (t: Translate, yes: boolean) => t(yes ? 'compare.yes' : 'compare.no');

/** The price the card shows, in the card's words: label, amount, period ('Desde $147.642 /mes'). */
export function priceLine(card: ResultCard, t: Translate): string {
  const amount =
    card.price.formatted && card.price.value !== null
      ? `${card.price.formatted} ${priceSuffixText(card.price, t)}`
      : t('card.consultar');
  return [priceLabelText(card.price, t), amount].filter(Boolean).join(' ');
}

/** Who the price is for: 'para 3 personas' when the profile priced it (000-4.11), else nothing. */
export function personsLine(card: ResultCard, t: Translate): string | null {
  const insured = card.insuranceMetadata.price_detail?.insured;
  if (!card.price.arePricesDefined || insured === null || insured === undefined) return null;
  const pet = profileKindOf(card.insuranceMetadata.product_type) === 'pet';
  return t(`card.for${pet ? 'Pet' : 'Person'}${insured === 1 ? '' : 's'}`, { n: insured });
}

/** The price and who it covers. */
export function priceRows(cards: readonly ColumnCard[], t: Translate): CompareRow[] {
  const rows: CompareRow[] = [
    { key: 'price', label: t('card.price'), values: fromCard(cards, (card) => priceLine(card, t)) },
    {
      key: 'persons',
      label: t('compare.covers'),
      values: fromCard(cards, (card) => personsLine(card, t) ?? t('compare.noProfile')),
    },
    {
      key: 'ages',
      label: t('compare.ages'),
      values: fromCard(cards, (card) => {
        const ages = card.insuranceMetadata.price_detail?.ages;
        return ages ? t('compare.agesRange', { min: ages.min, max: ages.max }) : NONE;
      }),
    },
  ];
  const uninsurable = (card: ResultCard) =>
    card.price.uninsurable.map((person) =>
      [sexWords(person.sexo, t), person.edad === undefined ? '' : t('profile.years', { n: person.edad })]
        .filter(Boolean)
        .join(', '),
    );
  if (cards.some((card) => card && card.price.uninsurable.length > 0))
    rows.push({
      key: 'uninsurable',
      label: t('card.uninsurable'),
      values: fromCard(cards, (card) => lines(uninsurable(card)) || NONE),
    });
  return rows;
}

/** The plan or product: the facts of its card. */
export function productRows(cards: readonly ColumnCard[], { t, tOr }: Words): CompareRow[] {
  return [
    {
      key: 'type',
      label: t('compare.type'),
      values: fromCard(cards, (card) => insuranceTypeName(card.insuranceType, tOr)),
    },
    {
      key: 'insurer',
      label: t('compare.insurer'),
      values: fromCard(cards, (card) => card.organization.displayName),
    },
    {
      key: 'modality',
      label: t('compare.modality'),
      values: fromCard(cards, (card) => modalityWords(card.insuranceMetadata.modality, t) ?? NONE),
    },
    { key: 'coverage', label: t('card.coverage'), values: fromCard(cards, (card) => coverageWords(card, t)) },
    {
      key: 'top',
      label: t('card.top'),
      values: fromCard(cards, (card) => (card.topAmount ? topWords(card, t) : NONE)),
    },
    {
      key: 'deductible',
      label: t('card.deductible'),
      values: fromCard(cards, (card) => (card.deductible ? deductibleWords(card, t) : NONE)),
    },
    {
      key: 'providers',
      label: t('card.providers'),
      // Isapre plans list no clinics (the public extract has none): not a 0.
      values: fromCard(cards, (card) => (card.providers === null ? NONE : String(card.providers))),
    },
    {
      key: 'requirements',
      label: t('card.requirements'),
      values: fromCard(cards, (card) => (card.requirements ? requirementWords(card.requirements, t) : NONE)),
    },
    {
      key: 'offers',
      label: t('compare.offers'),
      values: fromCard(cards, (card) => lines(offersWords(card, t)) || NONE),
    },
    {
      key: 'online',
      label: t('card.buyOnline'),
      values: fromCard(cards, (card) => yesNo(t, card.insuranceMetadata.salesChannel.includes('ONLINE'))),
    },
  ];
}

/** One row per feature any column has: Sí or No. `names` are the features answers, when in. */
export function featureRows(
  cards: readonly ColumnCard[],
  names: readonly (FeaturesAnswer | undefined)[],
  { t, tOr }: Words,
): CompareRow[] {
  const codes = union(cards.map((card) => card?.features ?? []));
  const nameOf = new Map(names.flatMap((answer) => answer?.data.map((f) => [f.code, f.name] as const) ?? []));
  return codes.map((code) => ({
    key: `feature:${code}`,
    // A feature no answer names reads as its code in words ('cobertura-24-7' → 'Cobertura 24 7').
    label: featureName(code, nameOf.get(code), tOr),
    values: fromCard(cards, (card) => yesNo(t, card.features.includes(code))),
  }));
}

/** An isapre plan's own fields (the plans comparison's filters and price): only when a column is a plan. */
export function isapreRows(cards: readonly ColumnCard[], t: Translate): CompareRow[] {
  if (!cards.some((card) => card?.plan)) return [];
  const plan = (value: (plan: NonNullable<ResultCard['plan']>) => string | undefined) =>
    fromCard(cards, (card) => (card.plan ? (value(card.plan) ?? NONE) : NONE));
  const uf = (amount: number | undefined) => (amount === undefined ? undefined : formatMoney(amount, 'UF'));
  return [
    { key: 'commercial', label: t('compare.commercial'), values: plan((p) => commercialWords(p, t)) },
    {
      key: 'planType',
      label: t('compare.planType'),
      values: plan((p) => t(`compare.planType.${p.planType}`)),
    },
    {
      key: 'planModality',
      label: t('filters.plan'),
      values: plan((p) => modalityWords(p.modality, t) ?? NONE),
    },
    {
      key: 'birth',
      label: t('compare.birth'),
      // The catalogue's label, 'Con parto' or 'Reducido en parto' (000-4.30): the birth filter's words.
      values: plan((p) =>
        t(p.birthCoverage === 'Reducido en parto' ? 'filters.reducidoParto' : 'filters.conParto'),
      ),
    },
    { key: 'regions', label: t('compare.regions'), values: plan((p) => p.regions?.join(', ')) },
    {
      key: 'restrictions',
      label: t('compare.restrictions'),
      values: plan((p) => lines(p.restrictions.map((r) => t(`compare.restriction.${r.code}`))) || NONE),
    },
    { key: 'basePrice', label: t('compare.basePrice'), values: plan((p) => uf(p.basePriceUf)) },
    { key: 'ges', label: t('price.ges'), values: plan((p) => uf(p.gesUf)) },
    {
      key: 'factors',
      label: t('compare.factors'),
      values: plan((p) =>
        p.factorTableCode === undefined ? p.factorTable : (p.factorTableCode ?? t('compare.uniqueTable')),
      ),
    },
  ];
}

/**
 * The coverages by category and benefit, in the order the columns give them: a benefit one loaded column
 * lacks reads 'No Cubre' there. Amounts are those of each column's health system (000-6.02).
 */
export function coverageRows(
  cards: readonly ColumnCard[],
  resumes: readonly (CoverageResume | undefined)[],
  previsions: readonly unknown[],
  { t, tOr, has }: Words,
): CompareRow[] {
  // Category by category, in the order the columns first name them, each with its benefits.
  const groups = new Map<string, Map<string, string>>();
  const tagIds = new Map<string, string | undefined>();
  for (const resume of resumes)
    for (const tag of resume?.data.tags ?? []) {
      const benefits = groups.get(tag.name) ?? new Map<string, string>();
      groups.set(tag.name, benefits);
      tagIds.set(tag.name, tag.tagId);
      for (const coverage of tag.coverages)
        if (!benefits.has(coverage.benefitId)) benefits.set(coverage.benefitId, coverage.insuranceBenefit);
    }
  // Names the dictionaries lack are the catalogue's own Spanish.
  const spanish = (key: string) => (has(key) ? undefined : ('es' as const));
  const rows: CompareRow[] = [
    {
      key: 'coverageCount',
      label: t('detail.tab.Coberturas'),
      values: cards.map((card, index) => {
        const resume = resumes[index];
        return card === null ? null : resume && t('card.coverages', { n: resume.data.count });
      }),
    },
  ];
  for (const [group, benefits] of groups)
    for (const [benefitId, label] of benefits) {
      const tagKey = coverageTagKey({ name: group, tagId: tagIds.get(group) });
      const labelKey = benefitKey({ benefitId });
      rows.push({
        key: `coverage:${group}:${benefitId}`,
        label: tOr(labelKey, label),
        labelLang: spanish(labelKey),
        group: tOr(tagKey, group),
        groupLang: spanish(tagKey),
        values: cards.map((card, index) => {
          if (card === null) return null;
          const resume = resumes[index];
          if (!resume) return undefined;
          const coverage = resume.data.tags
            .find((tag) => tag.name === group)
            ?.coverages.find((candidate) => candidate.benefitId === benefitId);
          if (!coverage) return t('card.noCover');
          const texts = amountsForPrevision(coverage.amounts, previsions[index]).map((amount) =>
            coverageAmountWords(amount, t),
          );
          return texts.join(' · ') || t('card.noCover');
        }),
      });
    }
  return rows;
}

/** Tops and deductibles, one row per group any column has ('Dental', 'Topes por cobertura', 'Plan'). */
export function topsRows(
  cards: readonly ColumnCard[],
  tops: readonly (TopsAnswer | undefined)[],
  t: Translate,
): CompareRow[] {
  const groups = union(tops.map((answer) => answer?.data.map((group) => group.name) ?? []));
  const first = (name: string) =>
    tops.flatMap((answer) => answer?.data ?? []).find((group) => group.name === name)!;
  return groups.map((name) => ({
    key: `tops:${name}`,
    label: topsGroupName(first(name), t),
    // A group the product defines keeps the catalogue's name.
    labelLang: first(name).source === 'producto' || !first(name).source ? ('es' as const) : undefined,
    values: cards.map((card, index) => {
      if (card === null) return null;
      const answer = tops[index];
      if (!answer) return undefined;
      const group = answer.data.find((candidate) => candidate.name === name);
      if (!group) return NONE;
      return lines([
        `${t('card.top')}: ${topsText(group, t)}`,
        `${t('card.deductible')}: ${deductiblesText(group, t)}`,
      ]);
    }),
  }));
}

const PROVIDER_LISTS = ['preferente', 'libreEleccion', 'internacional'] as const;

/** Providers by list (preferential network, free choice, international): their names. */
export function providerRows(
  cards: readonly ColumnCard[],
  providers: readonly (ProvidersAnswer | undefined)[],
  { t, tOr }: Words,
): CompareRow[] {
  const used = PROVIDER_LISTS.filter((list) =>
    providers.some((answer) => answer?.data.some((provider) => provider.list === list)),
  );
  return used.map((list) => ({
    key: `providers:${list}`,
    label: t(`detail.list.${list}`),
    values: cards.map((card, index) => {
      if (card === null) return null;
      const answer = providers[index];
      if (!answer) return undefined;
      const names = answer.data.filter((provider) => provider.list === list).map((p) => providerName(p, tOr));
      return names.join(', ') || NONE;
    }),
  }));
}

/** Conditions and exclusions as the detail lists them (each line already has {hoy} read). */
export function textRows(
  cards: readonly ColumnCard[],
  texts: Record<'conditions' | 'exclusions', readonly (readonly string[] | undefined)[]>,
  t: Translate,
): CompareRow[] {
  return (['conditions', 'exclusions'] as const).map((name) => ({
    key: name,
    label: t(`detail.tab.${name === 'conditions' ? 'Condiciones' : 'Exclusiones'}`),
    // The catalogue's own text.
    valuesLang: 'es' as const,
    values: cards.map((card, index) => {
      if (card === null) return null;
      const list = texts[name][index];
      if (!list) return undefined;
      return lines(list) || t(`detail.none.${name}`);
    }),
  }));
}

/** Every key of the lists, once, in the order first met. */
function union(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}
