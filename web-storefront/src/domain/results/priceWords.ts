import type { CardPriceBlock } from '../../api/types';
import { formatMoney } from './format';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The words around a card's price, from the dictionaries (issue 11: 'USD 3.185,00/Año /mes'): the
 * period once, from the catalogue ('/mes', '/año', 'pago único'; 'por viaje' for USD/V), with ' Total' or
 * ' p/empl' for collective prices (000-9.03); 'Desde' unless the profile priced it (000-5.15).
 */
export function priceSuffixText(price: CardPriceBlock, t: Translate): string {
  const period = price.unit.code === 'USD/V' ? 'viaje' : (price.paymentMode ?? 'mensual');
  const base = t(`price.suffix.${period}`);
  return price.collective ? `${base} ${t(`price.suffix.${price.collective}`)}` : base;
}

export const priceLabelText = (price: CardPriceBlock, t: Translate): string =>
  price.arePricesDefined ? '' : t('price.from');

/** 'UF 2,94 · UF $39.700': a UF price with the UF value its pesos were computed at (000-9.14, issue 11). */
export const ufLineText = (price: CardPriceBlock, t: Translate): string | null =>
  price.uf ? t('price.ufLine', { uf: price.uf.text, value: formatMoney(price.uf.ufValue, 'CLP') }) : null;
