import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { Tag } from '../shell/Tag';
import type { Feature, ResultCard as Card_ } from '../api/types';
import { useI18n } from '../i18n/I18nProvider';
import { catalogueTextLang } from '../domain/shell/i18n';
import { minimumEmployeesWarning } from '../domain/results/minEmployees';
import { CARD_WORDS, affinityText, visibleFeatures } from '../domain/results/format';
import {
  commercialWords,
  coverageWords,
  deductibleWords,
  featureName,
  insuranceTypeName,
  modalityKind,
  modalityWords,
  offersWords,
  requirementWords,
  topWords,
} from '../domain/results/cardWords';
import { cardBanner } from '../domain/results/banner';
import { requirementHintParams } from '../domain/results/requirement';
import { OrganizationLogo } from '../shell/OrganizationLogo';
import { CardCoverage } from './CardCoverage';
import { PersonsLine } from './PersonsLine';
import { PriceFigure } from './PriceFigure';
import './results.css';

export interface ResultCardProps {
  card: Card_;
  layout: 'list' | 'grid';
  features: Map<string, Feature>;
  collective: boolean;
  employees?: string | number;
  compare: { shown: boolean; checked: boolean; disabled: boolean; onToggle(): void };
  onDetail(card: Card_, tab: string): void;
  showAffinity: boolean;
  /** The coverage-organization filter: coverage loaded under another one is loaded again (000-4.10). */
  coverageFilter: string;
}

/**
 * Clinics a product lists, or what is known instead (issue 11): never a 0 that reads "no clinics" when
 * the catalogue simply does not list them.
 */
function providersText(card: Card_, t: (key: string, params?: Record<string, number>) => string): string {
  if (card.providers) return t('card.providersCount', { n: card.providers });
  return card.insuranceMetadata.modality?.toLowerCase().startsWith('libre')
    ? t('card.network.free')
    : t('card.notInformed');
}

/** One result (000-2.40): everything a visitor weighs before opening the detail. */
export function ResultCard({
  card,
  layout,
  features,
  collective,
  employees,
  compare,
  onDetail,
  showAffinity,
  coverageFilter,
}: ResultCardProps) {
  const { t, tOr, lang } = useI18n();
  const [priceOpen, setPriceOpen] = useState(false);
  const online = card.insuranceMetadata.salesChannel.includes('ONLINE');
  const shownFeatures = visibleFeatures(card.features, layout);
  const warning = collective
    ? minimumEmployeesWarning(
        card.insuranceMetadata.minEmployeeQuantity ?? card.insuranceMetadata.minsubscribers,
        employees,
        t,
      )
    : null;
  const offers = offersWords(card, t);
  const titleId = `card-title-${card.id.replace(/[^\w-]/g, '_')}`;
  const banner = cardBanner(card.banner);
  return (
    <article
      className="cubre-card"
      aria-labelledby={titleId}
      data-testid="result-card"
      data-code={card.productCode}
      style={{ borderTopColor: card.insuranceType.color ?? '#0b5394' }}
    >
      <div className="cubre-card-head">
        <OrganizationLogo
          code={card.organization.code}
          name={card.organization.displayName}
          image={card.organization.metadata.image}
        />
        <div className="cubre-card-names">
          <h3 id={titleId}>{card.displayName}</h3>
          <p>
            {card.organization.displayName} · {insuranceTypeName(card.insuranceType, tOr)}
          </p>
        </div>
      </div>
      <div className="cubre-tags" aria-label={t('card.badges')}>
        {card.isNew && (
          <Tag tone="new" title={t(CARD_WORDS.newBadge)} testId="badge-new">
            {t('card.badge.new')}
          </Tag>
        )}
        {card.exclusive && <Tag tone="exclusive">{t('card.badge.exclusive')}</Tag>}
        {card.insuranceMetadata.isPopular && <Tag tone="popular">{t('card.badge.popular')}</Tag>}
        {online && <Tag tone="primary">{t('card.badge.online')}</Tag>}
        {card.plan && <Tag tone="outlined">{commercialWords(card.plan, t)}</Tag>}
        {card.insuranceMetadata.modality && (
          <Tag tone="outlined">{modalityWords(card.insuranceMetadata.modality, t)}</Tag>
        )}
      </div>
      <div>
        <PriceFigure price={card.price} />
        <PersonsLine card={card} open={priceOpen} onOpenChange={setPriceOpen} />
      </div>
      <dl className="cubre-card-facts">
        <dt>{t('card.coverage')}</dt>
        <dd data-testid="coverage">{coverageWords(card, t)}</dd>
        <dt>{t('card.top')}</dt>
        <dd data-testid="top">{topWords(card, t)}</dd>
        {card.plan ? (
          <>
            <dt>{t('card.fixedCopay')}</dt>
            <dd data-testid="fixed-copay">{t(card.plan.fixedCopay ? 'common.yes' : 'common.no')}</dd>
            <dt>{t('card.providers')}</dt>
            <dd data-testid="providers">{t(`card.network.${modalityKind(card.plan.modality)}`)}</dd>
          </>
        ) : (
          <>
            <dt>{t('card.deductible')}</dt>
            <dd data-testid="deductible">{deductibleWords(card, t)}</dd>
            <dt>{t('card.providers')}</dt>
            <dd data-testid="providers">{providersText(card, t)}</dd>
          </>
        )}
        {card.requirements && (
          <>
            <dt>{t('card.requirements')}</dt>
            <dd>
              {requirementWords(card.requirements, t)}
              <small className="cubre-card-hint">{t('card.requirementHint', requirementHintParams())}</small>
            </dd>
          </>
        )}
      </dl>
      <CardCoverage code={card.productCode} coverageFilter={coverageFilter} />
      {shownFeatures.shown.length > 0 && (
        <div className="cubre-tags" aria-label={t('card.features')}>
          {shownFeatures.shown.map((code) => (
            <Tag key={code} tone="outlined">
              {featureName(code, features.get(code)?.name, tOr)}
            </Tag>
          ))}
          {shownFeatures.more > 0 && (
            <Tag title={t('card.moreFeatures', { n: shownFeatures.more })}>{`+${shownFeatures.more}`}</Tag>
          )}
        </div>
      )}
      {showAffinity && card.distance !== null && (
        <p className="cubre-card-line" data-testid="affinity">
          {t('card.affinity')}: <strong>{affinityText(card.distance, collective, t)}</strong>
        </p>
      )}
      {offers.length > 0 && (
        <p className="cubre-card-note cubre-card-note--info" data-testid="offers">
          {offers.join(' · ')}
        </p>
      )}
      {banner && (
        <p className="cubre-card-note cubre-card-note--promo" data-testid="card-banner">
          <span lang={catalogueTextLang(lang)}>{banner.text}</span>
          {banner.links.map((link) =>
            link.external ? (
              <a key={link.url} href={link.url} target="_blank" rel="noopener">
                {link.label}
              </a>
            ) : (
              <RouterLink key={link.url} to={`${lang === 'es' ? '' : `/${lang}`}${link.url}`}>
                {link.label}
              </RouterLink>
            ),
          )}
        </p>
      )}
      {warning && (
        <p className="cubre-card-note cubre-card-note--warning" role="note" data-testid="min-employees">
          {warning}
        </p>
      )}
      <div className="cubre-card-actions">
        <Button
          variant="contained"
          onClick={() => onDetail(card, 'Coberturas')}
          aria-label={t('card.detailFor', { name: card.displayName })}
        >
          {t('card.detail')}
        </Button>
        <Button variant="outlined" color="secondary" onClick={() => onDetail(card, 'Solicitar')}>
          {online ? t('card.buyOnline') : t('card.contract')}
        </Button>
        <Button
          component={RouterLink}
          to={`${lang === 'es' ? '' : `/${lang}`}${card.newWindowUrl}`}
          size="small"
        >
          {t('card.page')}
        </Button>
        {compare.shown && (
          <label className={`cubre-card-compare${compare.disabled ? ' cubre-card-compare--disabled' : ''}`}>
            <input
              type="checkbox"
              checked={compare.checked}
              disabled={compare.disabled}
              onChange={compare.onToggle}
              data-testid="compare-checkbox"
            />
            {t('card.compare')}
          </label>
        )}
      </div>
    </article>
  );
}
