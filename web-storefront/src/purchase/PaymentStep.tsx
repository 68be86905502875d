import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../api/client';
import { limitAnswerOf } from '../api/limitAnswer';
import {
  CARD_FIELDS,
  EMPTY_CARD,
  cardFieldErrors,
  majorAmount,
  type CardField,
  type CardValues,
} from '../domain/purchase/cardForm';
import {
  attemptAfter,
  attemptFor,
  endOfPayment,
  type AttemptEnd,
  type PaymentAttempt,
} from '../domain/purchase/paymentAttempt';
import { uuidFromBytes } from '../domain/purchase/purchaseSession';
import { INSTALLMENT_OPTIONS, type Installments } from '@cubre/schemas/payments/lists';
import { formatMoney } from '../domain/results/format';
import { catalogueTextLang } from '../domain/shell/i18n';
import { useI18n } from '../i18n/I18nProvider';
import { SendProblems } from '../request/problems';
import {
  paySale,
  readSale,
  requestTransfer,
  tokenizeCard,
  type PaymentView,
  type SaleView,
} from './purchaseCalls';
import { ExecutiveAwaited, TransferInstructions } from './TransferInstructions';

export const newUuid = (): string => uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
// Webpay Plus and Oneclick take the card on Transbank's page, not this form: their own lazy chunk (the
// route's JS budget).
const WebpayRedirect = lazy(() => import('./WebpayRedirect'));

const INPUT: Record<CardField, { autoComplete: string; inputMode?: 'numeric'; maxLength?: number }> = {
  name: { autoComplete: 'cc-name' },
  number: { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  expiryMonth: { autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2 },
  expiryYear: { autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 4 },
  cvv: { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
};

/** A refusal as the buyer reads it: the catalogue's header and message (002 §8), Spanish from the API. */
interface Refusal {
  header: string;
  messages: string[];
  /** The insurer's site that finishes the contract (002-2.11), or none: the buyer tries another card. */
  redirectUrl?: string | null;
}

/** Only a web address is followed: whatever the catalogue holds, never a script URL. */
const webAddress = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** A declined or failed payment's header and message (the API gives both for those states). */
function refusalOf(
  payment: PaymentView | null | undefined,
  fallbackHeader: string,
  redirectUrl: string | null = null,
): Refusal | null {
  if (!payment || (payment.state !== 'DECLINED' && payment.state !== 'FAIL')) return null;
  return {
    header: payment.header ?? fallbackHeader,
    messages: payment.message ? [payment.message] : [],
    redirectUrl: webAddress(redirectUrl),
  };
}

/**
 * Pago (002-2.08) and Confirmación while paying: the card goes to the provider's tokenizer only; the sale
 * is paid with the token under one Idempotency-Key per attempt (`domain/purchase/paymentAttempt`), the pay
 * button disabled meanwhile. A refusal shows the catalogue's header and message and the buyer may try
 * another card; the tokenizer's field errors show beside each field.
 */
export function PaymentStep({
  sale,
  onConfirming,
  onSale,
  onPaid,
  onLeadStep,
}: {
  sale: SaleView;
  /** The payment is under way (Confirmación) or no longer. */
  onConfirming(confirming: boolean): void;
  onSale(sale: SaleView): void;
  onPaid(sale: SaleView): void;
  /**
   * The lead's steps, with the card type chosen: Confirmación once recorded before the card is charged (so the lead's history never
   * has it after the sale's own 'Compra exitosa!'), Pago again after a refusal (a new attempt).
   */
  onLeadStep(step: 'Pago' | 'Confirmación', paymentMethod: 'tdc' | 'tdd'): Promise<void>;
}) {
  const { t, lang } = useI18n();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [method, setMethod] = useState<'tdc' | 'tdd' | 'transfer' | 'executive'>(
    sale.paymentMethod === 'tdd' ? 'tdd' : 'tdc',
  );
  const [installments, setInstallments] = useState<Installments>(1);
  // 002-4.13's deferred options: a one-time credit-card charge may go in instalments.
  const deferrable = method === 'tdc' && sale.billing === 'one_time';
  // One key per visit of the step: a double click or a lost answer asks for the same transfer again.
  const transferKey = useRef<string>(newUuid());
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  // A reload after a refusal still says why; one after a payment left pending says it is being confirmed.
  const [refusal, setRefusal] = useState<Refusal | null>(() =>
    refusalOf(sale.lastPayment, t('purchase.refused'), sale.failureRedirectUrl),
  );
  const [pending, setPending] = useState(sale.lastPayment?.state === 'PENDING');
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<'robot' | 'tooMany' | null>(null);
  const [paying, setPaying] = useState(false);
  const attempt = useRef<PaymentAttempt | null>(null);
  const busy = useRef(false);

  const set = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    // Another card (or another reading of it) is another attempt, with its own key.
    attempt.current = null;
  };

  const settleConflict = async () => {
    // Another tab or an earlier attempt holds the sale: show where it stands.
    const current = await readSale(sale.id);
    onSale(current);
    if (current.state === 'OK') onPaid(current);
    else setFailure(t('purchase.inProgress'));
  };

  /** 'Transferencia bancaria': the sale then shows the account, the amount and the reference. */
  const payByTransfer = async () => {
    if (busy.current) return;
    busy.current = true;
    setPaying(true);
    setRefusal(null);
    setFailure(null);
    setLimit(null);
    try {
      const answer = await requestTransfer(sale.id, transferKey.current, method === 'executive');
      // A payment under this key that is no longer awaited (failed because another was in course) is that
      // key's answer forever: the next click is a new request.
      if (answer.payment?.state !== 'PENDING') transferKey.current = newUuid();
      onSale(answer.sale);
    } catch (error) {
      const limited = limitAnswerOf(error);
      if (limited) setLimit(limited);
      else if (error instanceof ApiError && error.status === 409) {
        // The server failed this key's payment (another was in course): a later try is a new request.
        transferKey.current = newUuid();
        await settleConflict().catch(() => {});
      } else if (!(error instanceof ApiError) || error.status >= 500) setFailure(t('purchase.noAnswer'));
      else setFailure(error.message);
    } finally {
      busy.current = false;
      setPaying(false);
    }
  };

  const pay = async () => {
    if (method === 'transfer' || method === 'executive') return payByTransfer();
    const cardType = method;
    // A second click while the first is under way is the same attempt: it sends nothing more.
    if (busy.current) return;
    busy.current = true;
    setPaying(true);
    onConfirming(true);
    setRefusal(null);
    setFailure(null);
    setLimit(null);
    setPending(false);
    let current = attemptFor(attempt.current, newUuid);
    attempt.current = current;
    let end: AttemptEnd = 'unknown';
    let paid = false;
    try {
      if (!current.token) {
        try {
          const { token, brand } = await tokenizeCard(card, sale, lang);
          current = { ...current, token, brand };
          attempt.current = current;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 400) throw error;
          const { byField, other } = cardFieldErrors(error.problem?.errors ?? []);
          setErrors(byField);
          setRefusal({ header: error.problem?.title ?? t('purchase.invalidCard'), messages: other });
          end = 'card_refused';
          return;
        }
      }
      await onLeadStep('Confirmación', cardType);
      const answer = await paySale(
        sale.id,
        { ...current, token: current.token! },
        cardType,
        deferrable ? installments : 1,
      );
      onSale(answer.sale);
      const payment = answer.payment;
      end = endOfPayment(payment?.state ?? 'PENDING');
      if (answer.sale.state === 'OK') {
        paid = true;
        onPaid(answer.sale);
      } else if (refusalOf(payment, '')) {
        const refused = refusalOf(payment, t('purchase.refused'), answer.sale.failureRedirectUrl);
        setRefusal(refused);
        // 002-2.11: on these plans the insurer finishes the contract on its own site; the refusal and a
        // link stay on screen in case the navigation is blocked. A reload shows the link, no redirect.
        if (refused?.redirectUrl) window.location.assign(refused.redirectUrl);
        void onLeadStep('Pago', cardType);
        // The refused card is not tried again by itself: the buyer types another.
        setCard((current) => ({ ...current, number: '', cvv: '' }));
      } else setPending(true);
    } catch (error) {
      const limited = limitAnswerOf(error);
      if (limited) setLimit(limited);
      else if (error instanceof ApiError && error.status === 409) await settleConflict().catch(() => {});
      // A lost answer (network, 5xx) is retried as the same attempt: the server answers the first payment.
      else if (!(error instanceof ApiError) || error.status >= 500) setFailure(t('purchase.noAnswer'));
      else setFailure(error.message);
    } finally {
      attempt.current = attemptAfter(current, end);
      busy.current = false;
      if (!paid) {
        setPaying(false);
        onConfirming(false);
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay();
  };

  const field = (name: CardField) => (
    <TextField
      key={name}
      name={name}
      label={t(`purchase.card.${name}`)}
      value={card[name]}
      onChange={(event) => set(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      autoComplete={INPUT[name].autoComplete}
      slotProps={{
        htmlInput: { inputMode: INPUT[name].inputMode, maxLength: INPUT[name].maxLength },
        // The provider's messages come in the page's language (Accept-Language).
        formHelperText: { lang },
      }}
      disabled={paying}
      required
      fullWidth
    />
  );
  // A transfer awaited: where to transfer, on every reload, whatever the gateway.
  if (sale.transfer) return <TransferInstructions transfer={sale.transfer} />;
  // The payment left to an executive: who calls, and the reference to quote.
  if (sale.executive) return <ExecutiveAwaited executive={sale.executive} />;
  // Webpay Plus and Oneclick take the card on Transbank's page: no card form here.
  if (sale.gateway === 'webpay_plus' || sale.gateway === 'oneclick')
    return (
      <Suspense fallback={<LinearProgress />}>
        <WebpayRedirect sale={sale} gateway={sale.gateway} newKey={newUuid} onSale={onSale} onPaid={onPaid} />
      </Suspense>
    );
  const amount = formatMoney(majorAmount(sale.amount), sale.amount.currency as 'CLP');
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('purchase.step.payment')}
      sx={{ display: 'grid', gap: 1, maxWidth: 560 }}
      data-testid="purchase-payment"
      aria-busy={paying}
    >
      <Typography data-testid="purchase-total">
        {t('purchase.total')}: <strong>{amount}</strong>
      </Typography>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('purchase.method')}</FormLabel>
        <RadioGroup
          row
          value={method}
          onChange={(event) => {
            setMethod(event.target.value as 'tdc' | 'tdd' | 'transfer' | 'executive');
            // Another way to pay is another request, with its own key.
            transferKey.current = newUuid();
          }}
        >
          <FormControlLabel
            value="tdc"
            control={<Radio disabled={paying} />}
            label={t('purchase.method.tdc')}
          />
          <FormControlLabel
            value="tdd"
            control={<Radio disabled={paying} />}
            label={t('purchase.method.tdd')}
          />
          {sale.transferOffered ? (
            <FormControlLabel
              value="transfer"
              control={<Radio disabled={paying} />}
              label={t('purchase.method.transfer')}
            />
          ) : null}
          {sale.executiveOffered ? (
            <FormControlLabel
              value="executive"
              control={<Radio disabled={paying} />}
              label={t('purchase.method.executive')}
            />
          ) : null}
        </RadioGroup>
      </Box>
      {method === 'transfer' || method === 'executive' ? null : (
        <>
          {field('name')}
          {field('number')}
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 1 }}>
            {CARD_FIELDS.slice(2).map(field)}
          </Box>
        </>
      )}
      {deferrable && (
        <TextField
          select
          name="installments"
          label={t('purchase.installments')}
          value={String(installments)}
          onChange={(event) => {
            setInstallments(Number(event.target.value) as Installments);
            // Other instalments are another request: a new attempt, with its own key.
            attempt.current = null;
          }}
          helperText={t('purchase.installments.note')}
          slotProps={{ select: { native: true } }}
          disabled={paying}
          fullWidth
        >
          {INSTALLMENT_OPTIONS.map((count) => (
            <option key={count} value={count}>
              {count === 1 ? t('purchase.installments.none') : t('purchase.installments.count', { count })}
            </option>
          ))}
        </TextField>
      )}
      {refusal && (
        <Alert severity="error" data-testid="purchase-refusal" lang={catalogueTextLang(lang)}>
          <AlertTitle>{refusal.header}</AlertTitle>
          {refusal.messages.map((message) => (
            <Typography key={message} variant="body2">
              {message}
            </Typography>
          ))}
          {refusal.redirectUrl ? (
            <Typography variant="body2" lang={lang} data-testid="purchase-insurer-redirect">
              {t('purchase.insurerRedirect', { insurer: sale.organizationName })}{' '}
              <a href={refusal.redirectUrl} rel="noopener">
                {t('purchase.insurerRedirectLink', { insurer: sale.organizationName })}
              </a>
            </Typography>
          ) : (
            <Typography variant="body2" lang={lang}>
              {t('purchase.tryAnother')}
            </Typography>
          )}
        </Alert>
      )}
      {pending && (
        <Alert severity="info" data-testid="purchase-pending">
          {t('purchase.pending')}
        </Alert>
      )}
      <SendProblems
        failure={failure}
        limit={limit}
        onHuman={() => void pay()}
        failureTestId="purchase-failure"
      />
      {paying && (
        <Box role="status" data-testid="purchase-confirming">
          <Typography variant="body2">{t('purchase.confirming')}</Typography>
          <LinearProgress />
        </Box>
      )}
      <Button type="submit" variant="contained" size="large" disabled={paying || limit === 'robot'}>
        {paying
          ? t('purchase.paying')
          : method === 'transfer'
            ? t('purchase.transfer.submit')
            : method === 'executive'
              ? t('purchase.executive.submit')
              : t('purchase.pay', { amount })}
      </Button>
    </Box>
  );
}
