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

/** The tab's attempt per sale: Back from Transbank or a reload sends the same key (the same transaction). */
const KEY_STORE = 'cubre.webpay.';

/**
 * The two pages of Transbank the buyer may be sent to: Webpay Plus's payment (one charge) and Oneclick's
 * card inscription (a monthly sale: the card enrolled, its first period charged on the way back). Each
 * has its start call and the field its page takes the token in.
 */
const FLOWS = {
  webpay_plus: { segment: 'webpay', field: 'token_ws', words: 'purchase.webpay', testId: 'webpay-pay' },
  oneclick: { segment: 'oneclick', field: 'TBK_TOKEN', words: 'purchase.oneclick', testId: 'oneclick-pay' },
} as const;
export type RedirectGateway = keyof typeof FLOWS;

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
 * The payment step when Transbank's page takes the card (issue 14): no card field at all on our page.
 * 'Pagar con Webpay' (Webpay Plus) or 'Inscribir tarjeta con Oneclick' (Oneclick, a monthly sale) asks the
 * server for the payment's transaction or inscription and the browser POSTs its token (`token_ws`,
 * `TBK_TOKEN`) to Transbank's own page in a real form (Transbank's flow); Transbank brings the buyer back to
 * the purchase page, which shows 'Compra exitosa!' or the refusal this component shows from the sale.
 */
export default function WebpayRedirect({
  sale,
  gateway,
  newKey,
  onSale,
  onPaid,
}: {
  sale: SaleView;
  gateway: RedirectGateway;
  newKey(): string;
  onSale(sale: SaleView): void;
  onPaid(sale: SaleView): void;
}) {
  const { t, lang } = useI18n();
  const flow = FLOWS[gateway];
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
        `/api/compra-online/ventas/${encodeURIComponent(sale.id)}/${flow.segment}`,
        { method: 'POST', headers: { 'Idempotency-Key': attemptKey(sale, newKey) }, body: { lang } },
      );
      if (answer.redirect) return setRedirect(answer.redirect);
      // The start's answer names no tokenizer (Transbank takes the card on its page): the sale keeps its own.
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
      <Typography variant="body2">{t(`${flow.words}.note`, { amount })}</Typography>
      {refused && (
        <Alert severity="error" data-testid="purchase-refusal" lang={catalogueTextLang(lang)}>
          <AlertTitle>{refused.header ?? t('purchase.refused')}</AlertTitle>
          {refused.message && <Typography variant="body2">{refused.message}</Typography>}
        </Alert>
      )}
      {payment?.state === 'PENDING' && !going && (
        <Alert severity="info" data-testid="purchase-pending">
          {t(`${flow.words}.pending`)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" data-testid="purchase-failure">
          {failure}
        </Alert>
      )}
      {going && (
        <Box role="status" data-testid="purchase-confirming">
          <Typography variant="body2">{t(`${flow.words}.going`)}</Typography>
          <LinearProgress />
        </Box>
      )}
      <Button
        variant="contained"
        size="large"
        disabled={going}
        onClick={() => void pay()}
        data-testid={flow.testId}
      >
        {t(`${flow.words}.pay`)}
      </Button>
      {redirect && (
        // Transbank's flow: the browser POSTs the token to Transbank's page (CSP form-action).
        <form ref={form} method="post" action={redirect.url} hidden>
          <input type="hidden" name={flow.field} value={redirect.token} />
        </form>
      )}
    </Box>
  );
}
