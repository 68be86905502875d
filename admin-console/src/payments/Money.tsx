import type { Money as MoneyValue } from '@cubre/schemas/payments/money';
import { useDateLocale } from '../i18n/dateLocale';
import { formatMoney } from './amounts';

/** An amount in the console language's regional format (Chile's in Spanish), never a bare minor-unit integer. */
export function Money({ value }: { value: MoneyValue | null | undefined }) {
  const locale = useDateLocale();
  if (!value) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(value, locale)}</span>;
}
