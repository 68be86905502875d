import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { WebpayStartAnswer } from '@cubre/schemas/payments/webpay';
import { api, ApiError } from '../api/client';
import { majorAmount } from '../domain/purchase/cardForm';
import { formatMoney } from '../domain/results/format';
import { catalogueTextLang } from '../domain/shell/i18n';
import { useI18n } from '../i18n/I18nProvider';
import type { SaleView } from './purchaseCalls';

/** The tab's Webpay attempt per sale: Back from Webpay or a reload sends the same key (the same transaction). */
const KEY_STORE = 'cubre.webpay.';

function attemptKey(sale: SaleView, newKey: () => string): string {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage refused (private mode): a key for this click only.
  }
  const refused = sale.lastPayment?.state === 'DECLINED' || sale.lastPayment?.state === 'FAIL';
  const kept = storage?.getItem(`${KEY_STORE}${sale.id}`);
  // After a refusal the buyer pays again: a new payment, a new key.
  if (kept && !refused) return kept;
  const key = newKey();
  storage?.setItem(`${KEY_STORE}${sale.id}`, key);
  return key;
}

/**
 * The payment step when Webpay Plus takes the payment (issue 14): no card field at all on our page. 'Pagar
 * con Webpay' asks the server for the payment's Webpay transaction and the browser POSTs its `token_ws` to
 * Webpay's own page in a real form (Transbank's flow); Transbank brings the buyer back to the purchase
 * page, which shows 'Compra exitosa!' or the refusal this component shows from the sale.
 */
export default function WebpayRedirect({
  sale,
  newKey,
  onSale,
  onPaid,
}: {
  sale: SaleView;
  newKey(): string;
  onSale(sale: SaleView): void;
  onPaid(sale: SaleView): void;
}) {
  const { t, lang } = useI18n();
  const [going, setGoing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [redirect, setRedirect] = useState<{ url: string; token: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // The form is in the page once the transaction is known; submitting it is the navigation to Webpay.
  useEffect(() => {
    if (redirect) form.current?.submit();
  }, [redirect]);

  const pay = async () => {
    if (going) return;
    setGoing(true);
    setFailure(null);
    try {
      const answer = await api<WebpayStartAnswer>(
        `/api/compra-online/ventas/${encodeURIComponent(sale.id)}/webpay`,
        { method: 'POST', headers: { 'Idempotency-Key': attemptKey(sale, newKey) }, body: { lang } },
      );
      if (answer.redirect) return setRedirect(answer.redirect);
      // The start's answer names no tokenizer (Webpay takes the card on its own page): the sale keeps its own.
      const next = { ...answer.sale, cardTokenizer: sale.cardTokenizer };
      onSale(next);
      if (next.state === 'OK') onPaid(next);
      setGoing(false);
    } catch (error) {
      setGoing(false);
      setFailure(error instanceof ApiError && error.status < 500 ? error.message : t('purchase.noAnswer'));
    }
  };

  const payment = sale.lastPayment;
  const refused = payment && (payment.state === 'DECLINED' || payment.state === 'FAIL') ? payment : null;
  const amount = formatMoney(majorAmount(sale.amount), sale.amount.currency as 'CLP');
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 560 }} data-testid="purchase-payment" aria-busy={going}>
      <Typography data-testid="purchase-total">
        {t('purchase.total')}: <strong>{amount}</strong>
      </Typography>
      <Typography variant="body2">{t('purchase.webpay.note', { amount })}</Typography>
      {refused && (
        <Alert severity="error" data-testid="purchase-refusal" lang={catalogueTextLang(lang)}>
          <AlertTitle>{refused.header ?? t('purchase.refused')}</AlertTitle>
          {refused.message && <Typography variant="body2">{refused.message}</Typography>}
        </Alert>
      )}
      {payment?.state === 'PENDING' && !going && (
        <Alert severity="info" data-testid="purchase-pending">
          {t('purchase.webpay.pending')}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" data-testid="purchase-failure">
          {failure}
        </Alert>
      )}
      {going && (
        <Box role="status" data-testid="purchase-confirming">
          <Typography variant="body2">{t('purchase.webpay.going')}</Typography>
          <LinearProgress />
        </Box>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={going}
        onClick={() => void pay()}
        data-testid="webpay-pay"
      >
        {t('purchase.webpay.pay')}
      </Button>
      {redirect && (
        // Transbank's flow: the browser POSTs the transaction's token to Webpay's form (CSP form-action).
        <form ref={form} method="post" action={redirect.url} hidden>
          <input type="hidden" name="token_ws" value={redirect.token} />
        </form>
      )}
    </Box>
  );
}
