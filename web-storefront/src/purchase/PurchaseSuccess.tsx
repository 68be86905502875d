import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { requestNumber } from '@cubre/schemas/leads/requestNumber';
import type { CardPriceBlock } from '../api/types';
import { PriceFigure } from '../comparator/PriceFigure';
import { majorAmount } from '../domain/purchase/cardForm';
import { formatMoney } from '../domain/results/format';
import { useI18n } from '../i18n/I18nProvider';
import type { SaleView } from './purchaseCalls';

/**
 * Compra exitosa! (002-2.08): what was bought, the price as the card showed it (the sale keeps the quote's
 * own text), what was charged, and a number to quote when calling (the sale's, as the console shows it).
 */
export function PurchaseSuccess({ sale, price }: { sale: SaleView; price: CardPriceBlock }) {
  const { t } = useI18n();
  return (
    <Alert severity="success" data-testid="purchase-success" data-sale={sale.id}>
      <Typography component="h2" variant="h6">
        {t('purchase.step.success')}
      </Typography>
      <Typography data-testid="purchase-product">
        {t('purchase.bought', { product: sale.productName, organization: sale.organizationName })}
      </Typography>
      {/* A sale is always priced for its insured (002-2.08), never at the 'Desde': even when this device has
          no profile (a resumed sale), so the label is never 'Desde'. */}
      <PriceFigure
        price={{ ...price, formatted: sale.formatted, arePricesDefined: true }}
        testIdPrefix="purchase-"
      />
      <Typography data-testid="purchase-charged">
        {t('purchase.charged', {
          amount: formatMoney(majorAmount(sale.amount), sale.amount.currency as 'CLP'),
        })}
      </Typography>
      <Typography variant="caption">
        {t('purchase.reference')}: <strong data-testid="purchase-reference">{requestNumber(sale.id)}</strong>
      </Typography>
    </Alert>
  );
}
