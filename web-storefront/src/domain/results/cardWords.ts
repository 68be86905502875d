import type { ResultCard } from '../../api/types';
import type { Translate, TranslateOr } from '../shell/i18n';
import { CARD_WORDS, formatMoney, stockText } from './format';

/**
 * What a result card says, in the page's language, from the structured fields of the API's card (issue
 * 11): the server keeps composing its Spanish texts ('Sin tope', 'para 3 personas', 'Quedan solo 2
 * promociones disponibles') for other clients; the storefront writes them from the dictionaries. The
 * comparator's cards and the compare table use these same words.
 */

/** Catalogue names by id, the server's text where the dictionaries have none (a new catalogue entry). */
export const insuranceTypeName = (type: { name: string; displayName: string }, tOr: TranslateOr) =>
  tOr(`catalogue.insuranceType.${type.name}`, type.displayName);

/** A coverage category ('Hospitalario'): by its id, the slug of its name ('hospitalario'). */
export const coverageTagKey = (tag: { name: string; tagId?: string }) =>
  `catalogue.coverageTag.${tag.tagId ?? tag.name}`;

/** A coverage's benefit: the catalogue's names of an isapre plan's own coverages are known words. */
export const benefitKey = (coverage: { benefitId: string }) => `catalogue.benefit.${coverage.benefitId}`;

/**
 * A provider: the free-choice entries (QPCL codes, rule 000-5.30) are named by the server in its words
 * ('Libre elección en el extranjero'), a known word; clinics are proper names.
 */
export const providerName = (provider: { organizationCode: string; displayName: string }, tOr: TranslateOr) =>
  tOr(`detail.provider.${provider.organizationCode}`, provider.displayName);

/** A feature the comparator does not describe reads as its code in words ('cobertura-24-7' → 'Cobertura 24 7'). */
export const featureName = (code: string, name: string | undefined, tOr: TranslateOr) =>
  tOr(
    `catalogue.feature.${code}`,
    name ?? code.charAt(0).toUpperCase() + code.slice(1).replace(/[-_]+/g, ' '),
  );

/** Care modality, as the catalogue writes it for plans (PlanModality, the card's label) and products. */
const MODALITIES: Readonly<Record<string, 'free' | 'preferred' | 'closed'>> = {
  'libre eleccion': 'free',
  preferente: 'preferred',
  'prestador preferente': 'preferred',
  cerrado: 'closed',
  'plan cerrado': 'closed',
};
export const modalityKind = (modality: string | null | undefined) =>
  MODALITIES[
    (modality ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
  ];
export function modalityWords(modality: string | null | undefined, t: Translate): string | null {
  if (!modality) return null;
  const kind = modalityKind(modality);
  return kind ? t(`card.modality.${kind}`) : modality;
}

/** An isapre plan's state (000-4.28): the catalogue's 'Comercializable' / 'No comercializable'. */
export const commercialWords = (plan: NonNullable<ResultCard['plan']>, t: Translate) =>
  t(plan.commercial === 'Comercializable' ? 'card.plan.commercial' : 'card.plan.notCommercial');

/** 'Sin tope' for a top of 0 (000-5.13), 'No informado' without one, else the amount. */
export function topWords(card: ResultCard, t: Translate): string {
  const top = card.topAmount;
  if (!top) return t(CARD_WORDS.notInformed);
  return top.amount === 0 ? t(CARD_WORDS.noTop) : top.text;
}

/** 'Sin deducible' for a deductible of 0 (000-5.13), 'No informado' without one, else the amount. */
export function deductibleWords(card: ResultCard, t: Translate): string {
  const deductible = card.deductible;
  if (!deductible) return t(CARD_WORDS.notInformed);
  return deductible.amount === 0 ? t(CARD_WORDS.noDeductible) : deductible.text;
}

/**
 * Coverage percentages (000-5.14): the server writes them ('60% - 100%'); a product without any, or whose
 * text has no figure (the server's 'No Cubre'), is not covered.
 */
export function coverageWords(card: ResultCard, t: Translate): string {
  const coverage = card.coverage;
  if (typeof coverage === 'string') return /\d/.test(coverage) ? coverage : t(CARD_WORDS.notCovered);
  if (!coverage) return t(CARD_WORDS.notCovered);
  return `${t('card.ambulatory')} ${coverage.ambulatory} · ${t('card.hospital')} ${coverage.hospital}`;
}

/** 'Requiere 50% de cobertura Fonasa' (000-5.12): '%' of the expense or an amount in UF. */
export function requirementWords(requirement: NonNullable<ResultCard['requirements']>, t: Translate) {
  const amount = requirement.unit === '%' ? `${requirement.value}%` : formatMoney(requirement.value, 'UF');
  return t('card.requirementText', {
    amount,
    prevision: t(`card.prevision.${requirement.previsionType}`),
  });
}

/** An offer (000-9.20, 000-9.21): a STOCK one says how many are left; null when it is exhausted. */
export function offerWords(offer: ResultCard['offers'][number], t: Translate): string | null {
  if (offer.type === 'STOCK') return stockText(offer.count, t);
  if (offer.type === 'GIFTCARD')
    return t('offer.GIFTCARD', { amount: formatMoney(offer.amountClp ?? 20_000, 'CLP') });
  return t(`offer.${offer.type}`, { n: offer.type === 'PARCELED' ? offer.instalments : '' });
}

export const offersWords = (card: ResultCard, t: Translate): string[] =>
  card.offers.map((offer) => offerWords(offer, t)).filter((text): text is string => text !== null);
