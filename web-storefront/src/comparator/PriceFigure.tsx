import type { CardPriceBlock } from '../api/types';
import { priceLabelText, priceSuffixText, ufLineText } from '../domain/results/priceWords';
import { useI18n } from '../i18n/I18nProvider';

/**
 * A price as every screen shows it (card, detail, request): label, amount with its period said once, the
 * UF amount with the day's UF value, the area an international price covers. Plain HTML: cards draw it
 * twenty times a page.
 */
export function PriceFigure({
  price,
  large = false,
  testIdPrefix = '',
}: {
  price: CardPriceBlock;
  large?: boolean;
  /** Prefixes the test ids ('compare-' → compare-price), where a screen shows several prices. */
  testIdPrefix?: string;
}) {
  const { t } = useI18n();
  const uf = ufLineText(price, t);
  return (
    <div className={large ? 'cubre-price cubre-price--large' : 'cubre-price'}>
      <span className="cubre-card-label" data-testid={`${testIdPrefix}price-label`}>
        {priceLabelText(price, t)}
      </span>
      <p className="cubre-card-price" data-testid={`${testIdPrefix}price`}>
        {price.formatted ?? t('card.consultar')}
        {price.formatted && price.value !== null && <span> {priceSuffixText(price, t)}</span>}
      </p>
      {uf && (
        <small className="cubre-card-hint" data-testid={`${testIdPrefix}price-uf`}>
          {uf}
        </small>
      )}
      {price.coverageArea && (
        <small className="cubre-card-hint" data-testid={`${testIdPrefix}price-area`}>
          {t('price.area', { area: price.coverageArea })}
        </small>
      )}
    </div>
  );
}
