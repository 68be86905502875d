import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TransferInstructions as Instructions } from '@cubre/schemas/payments/bankTransfer';
import { majorAmount } from '../domain/purchase/cardForm';
import { formatMoney } from '../domain/results/format';
import { useI18n } from '../i18n/I18nProvider';

const ROWS = ['bank', 'accountType', 'accountNumber', 'holder', 'taxId', 'email'] as const;

/**
 * 'Transferencia bancaria' awaited (002-4.11's transfer_non_automated): where to transfer, how much, and the
 * reference to write in the transfer's comment. Shown again on every reload and shared link until staff
 * record the bank's line (then the page is 'Compra exitosa!', or the refusal and the card form).
 */
export function TransferInstructions({ transfer }: { transfer: Instructions }) {
  const { t } = useI18n();
  const amount = formatMoney(majorAmount(transfer.amount), transfer.amount.currency as 'CLP');
  return (
    <Box
      component="section"
      aria-labelledby="purchase-transfer-title"
      data-testid="purchase-transfer"
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
    >
      <Typography component="h2" variant="h6" id="purchase-transfer-title">
        {t('purchase.transfer.title')}
      </Typography>
      <Typography>{t('purchase.transfer.explain', { amount })}</Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <dt>{t('purchase.transfer.amount')}</dt>
        <dd style={{ margin: 0 }}>
          <strong data-testid="purchase-transfer-amount">{amount}</strong>
        </dd>
        <dt>{t('purchase.transfer.reference')}</dt>
        <dd style={{ margin: 0 }}>
          <strong data-testid="purchase-transfer-reference">{transfer.reference}</strong>
        </dd>
        {ROWS.map((row) => (
          <Box key={row} sx={{ display: 'contents' }}>
            <dt>{t(`purchase.transfer.${row}`)}</dt>
            <dd style={{ margin: 0 }}>{transfer[row]}</dd>
          </Box>
        ))}
      </Box>
      <Alert severity="info">{t('purchase.transfer.noCard')}</Alert>
    </Box>
  );
}

/**
 * 'Asignación ejecutivo' (002-2.08) for a payment left to an executive (002-4.11's no_payment): nothing is
 * paid online; an executive calls to coordinate it. The reference is what the buyer quotes.
 */
export function ExecutiveAwaited({
  executive,
}: {
  executive: { reference: string; amount: Instructions['amount'] };
}) {
  const { t } = useI18n();
  const amount = formatMoney(majorAmount(executive.amount), executive.amount.currency as 'CLP');
  return (
    <Box
      component="section"
      aria-labelledby="purchase-executive-title"
      data-testid="purchase-executive"
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
    >
      <Typography component="h2" variant="h6" id="purchase-executive-title">
        {t('purchase.executive.title')}
      </Typography>
      <Typography>{t('purchase.executive.explain', { amount })}</Typography>
      <Typography>
        {t('purchase.transfer.reference')}:{' '}
        <strong data-testid="purchase-executive-reference">{executive.reference}</strong>
      </Typography>
    </Box>
  );
}
