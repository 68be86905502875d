import type { PurchaseSaleView } from '@cubre/schemas/payments/cardTokenizer';
import type { Lang } from '@cubre/schemas/payments/errorCatalogue';
import type { PaymentView } from '@cubre/schemas/payments/sales';
import { ApiError, api } from '../api/client';
import type { CardValues } from '../domain/purchase/cardForm';
import type { CardBrand } from '../domain/purchase/mercadoPagoToken';
import { tokenBody } from '../domain/purchase/cardForm';
import type { CollaboratorValues, CompanyValues } from '../domain/purchase/company';
import type { PurchaseStep } from '../domain/purchase/purchaseSteps';
import type { ApiProfile } from '../profile/ProfileContext';

/** A sale as the purchase calls answer it: with the browser tokenizer of the configured gateway. */
export type SaleView = PurchaseSaleView;
export type { PaymentView };

const SALES = '/api/compra-online/ventas';
/** The embedded sandbox gateway's browser tokenizer (npm start's default gateway). */
const SANDBOX_TOKENS = '/api/sandbox-gateway/tokens';

export interface BuyerData {
  nombre: string;
  rut: string;
  email: string;
  telefono: string;
}

/** A dependant of the profile as the buyer names them (kinship, sex and age are the profile's). */
export interface DependantData {
  nombre: string;
  rut: string;
  fechaNacimiento: string;
}

/** One insured person's health declaration as the API takes it (`domain/purchase/family` healthBody). */
export interface HealthData {
  preexisting: boolean;
  preexistingDetail?: string;
  pregnant?: boolean;
  weightKg: number;
  heightCm: number;
}

/** POST /api/compra-online/ventas: the session's sale, priced by the server for the profile. */
export const startSale = (body: {
  session: string;
  productCode: string;
  buyer: BuyerData;
  profile: ApiProfile | null;
  /** The profile's cargas, named; the declaration where the product asks it (holder first). */
  dependants: DependantData[];
  health: HealthData[] | null;
  /** Once or monthly (issue 15); the API takes one-time when absent. */
  billing?: 'one_time' | 'monthly_subscription';
  /** A company's product: 'Datos empresa' and one row per collaborator (blank optional cells left out). */
  company?: CompanyValues;
  collaborators?: CollaboratorValues[];
}) =>
  api<SaleView>(SALES, {
    method: 'POST',
    body: {
      session: body.session,
      productCode: body.productCode,
      ...body.buyer,
      ...(body.profile ? { profile: body.profile } : {}),
      ...(body.billing === 'monthly_subscription' ? { billing: body.billing } : {}),
      ...(body.dependants.length > 0 ? { dependants: body.dependants } : {}),
      ...(body.health ? { health: body.health } : {}),
      ...(body.company ? { company: body.company } : {}),
      ...(body.collaborators
        ? {
            collaborators: body.collaborators.map((row) =>
              Object.fromEntries(Object.entries(row).filter(([, value]) => value !== '')),
            ),
          }
        : {}),
    },
  });

export const readSale = (saleId: string) =>
  api<SaleView>(`${SALES}/${encodeURIComponent(saleId)}`, { cache: false });

/** The sale a shared link's session started (404: none yet, the page starts it). */
export const readSessionSale = (session: string) =>
  api<SaleView>(`/api/compra-online/sesiones/${encodeURIComponent(session)}`, { cache: false });

/**
 * POST …/ventas/{id}/pagos with the attempt's Idempotency-Key and the card's token: never its number (with
 * Mercado Pago, also the brand and issuer its lookup answered).
 */
export const paySale = (
  saleId: string,
  attempt: { key: string; token: string; brand?: CardBrand | null },
  method: 'tdc' | 'tdd',
  /** 002-4.13's deferred options: a credit card's instalments (sent only when more than one). */
  installments = 1,
) =>
  api<{ payment: PaymentView | null; sale: SaleView }>(`${SALES}/${encodeURIComponent(saleId)}/pagos`, {
    method: 'POST',
    headers: { 'Idempotency-Key': attempt.key },
    body: {
      token: attempt.token,
      paymentMethod: method,
      ...(installments > 1 ? { installments } : {}),
      ...attempt.brand,
    },
  });

/**
 * POST …/ventas/{id}/transferencia with the tab's Idempotency-Key: the sale then carries the account, the
 * amount and the reference of the transfer awaited ('Transferencia bancaria'); `executive`: POST
 * …/sin-pago, the payment left to an executive (002-4.11's no_payment), the sale then carries its reference.
 */
export const requestTransfer = (saleId: string, key: string, executive = false) =>
  api<{ payment: PaymentView | null; sale: SaleView }>(
    `${SALES}/${encodeURIComponent(saleId)}/${executive ? 'sin-pago' : 'transferencia'}`,
    { method: 'POST', headers: { 'Idempotency-Key': key }, body: {} },
  );

/**
 * POST …/ventas/{id}/enlace: the server mails the buyer (the sale's own address, masked in the answer) a
 * link to continue this sale on another device.
 */
export const requestResumeLink = (saleId: string, session: string, lang: string) =>
  api<{ sentTo: string }>(`${SALES}/${encodeURIComponent(saleId)}/enlace`, {
    method: 'POST',
    body: { session, lang },
  });

/**
 * The card to a token, in the browser, by the sale's gateway (`cardTokenizer`, from the server): Kushki's
 * own library (`kushkiTokenizer`, a chunk loaded only then; its subscription token for a monthly sale),
 * Mercado Pago's card-token API (`mercadoPagoTokenizer`, likewise; with the card's brand and issuer), or
 * the sandbox's tokenizer, shaped like Kushki's. Either way a refusal is an ApiError 400 whose errors name
 * the card's fields, in the page's language.
 */
export async function tokenizeCard(
  card: CardValues,
  sale: SaleView,
  lang: string,
): Promise<{ token: string; brand?: CardBrand }> {
  const tokenizer = sale.cardTokenizer;
  if (tokenizer.provider === 'mercadopago') {
    const { mercadoPagoToken } = await import('./mercadoPagoTokenizer');
    const answer = await mercadoPagoToken(tokenizer, card, sale.amount, pageLang(lang));
    if ('token' in answer) return answer;
    throw new ApiError(400, { title: answer.title, errors: answer.errors });
  }
  if (tokenizer.provider === 'kushki') {
    const { kushkiToken } = await import('./kushkiTokenizer');
    const answer = await kushkiToken(tokenizer, card, sale.amount, sale.billing, pageLang(lang));
    if ('token' in answer) return answer;
    throw new ApiError(400, { title: answer.title, errors: answer.errors });
  }
  if (tokenizer.provider === 'none') throw new ApiError(503, { title: 'card tokenizer unavailable' });
  return api<{ token: string }>(SANDBOX_TOKENS, {
    method: 'POST',
    headers: { 'accept-language': lang },
    body: tokenBody(card, sale.amount),
  });
}

const pageLang = (lang: string): Lang => (lang === 'en' || lang === 'pt' ? lang : 'es');

/** What a step may say besides its name: the contact data (the first step), the card type (002-4.10). */
export type LeadStepData = Partial<BuyerData> & {
  profile?: ApiProfile | null;
  paymentMethod?: 'tdc' | 'tdd';
};

/**
 * Records a step the visitor reached on the session's lead (002-2.08). The steps are sent one after the
 * other (the first opens the lead with the contact data); a step that could not be recorded does not stop
 * the purchase, whose sale the server follows by its own events.
 */
export function leadStepRecorder(session: string, productCode: string, sessionType: string | null = null) {
  let queue: Promise<void> = Promise.resolve();
  return (step: PurchaseStep, extra: LeadStepData = {}) => {
    const { profile, paymentMethod, ...buyer } = extra;
    queue = queue.then(() =>
      api('/api/compra-online/pasos', {
        method: 'POST',
        body: {
          session,
          productCode,
          step,
          // How the session came (a shared link's sessionType): the lead keeps it.
          ...(sessionType ? { sessionType } : {}),
          ...buyer,
          ...(profile ? { profile } : {}),
          ...(paymentMethod ? { paymentMethod } : {}),
        },
      }).then(
        () => undefined,
        (error: unknown) => console.warn('purchase step not recorded', step, String(error)),
      ),
    );
    return queue;
  };
}
