import { createHash } from 'node:crypto';
import type { Declined, GatewayError, GatewayName } from '../port';

/**
 * What Transbank's SDK answers, read the same way for Webpay Plus and Oneclick. The SDK throws a
 * TransbankError whose message starts with axios's own ("Request failed with status code 422", "timeout of
 * 2000ms exceeded", "connect ECONNREFUSED ..."), and has no status property: the message is all there is.
 */
export type TransbankGatewayName = Extract<GatewayName, 'webpay_plus' | 'oneclick'>;

/** Webpay's authorization response codes (REST v1.2, level 1: data/payments/transbank-webpay.json) to 002 §8. */
const RESPONSE_CODES: Readonly<Record<string, string>> = {
  '-1': 'bad_filled_other',
  '-2': 'rejected_by_bank',
  '-3': 'system_error',
  '-4': 'rejected_by_bank',
  '-5': 'high_risk',
};

export const declinedByCode = (
  gateway: TransbankGatewayName,
  responseCode: unknown,
  chargeId?: string,
): Declined => ({
  outcome: 'declined',
  gateway,
  providerCode: String(responseCode),
  catalogueCode: RESPONSE_CODES[String(responseCode)] ?? 'other_reason',
  ...(chargeId ? { chargeId } : {}),
});

export function transbankFailure(
  gateway: TransbankGatewayName,
  error: unknown,
): GatewayError & { status?: number } {
  const text = error instanceof Error ? error.message : String(error);
  const status = /status code (\d{3})/.exec(text)?.[1];
  const detail = text.split('\n').filter(Boolean).join(': ');
  if (status) {
    const code = Number(status);
    if (code === 401 || code === 403)
      return { outcome: 'error', gateway, kind: 'unauthorized', uncertain: false, detail, status: code };
    if (code >= 500)
      return {
        outcome: 'error',
        gateway,
        kind: 'provider_unavailable',
        uncertain: true,
        detail,
        status: code,
      };
    return { outcome: 'error', gateway, kind: 'invalid_request', uncertain: false, detail, status: code };
  }
  if (/timeout of \d+ms exceeded|ETIMEDOUT|ECONNABORTED/.test(text)) {
    return { outcome: 'error', gateway, kind: 'timeout', uncertain: true, detail };
  }
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN/.test(text))
    return { outcome: 'error', gateway, kind: 'network', uncertain: false, detail };
  if (/AxiosError|socket hang up|ECONNRESET/.test(text))
    return { outcome: 'error', gateway, kind: 'network', uncertain: true, detail };
  // The SDK's own checks (lengths of buy order, session id, URLs) fail before anything is sent.
  return { outcome: 'error', gateway, kind: 'invalid_request', uncertain: false, detail };
}

/**
 * A buy order (at most 26 characters, Transbank's limit) derived from the idempotency key: a retry with the
 * same key sends the same buy order, so the commerce and Transbank see one order, not two.
 */
export const buyOrderFor = (prefix: string, idempotencyKey: string): string =>
  `${prefix}${createHash('sha256').update(idempotencyKey).digest('hex')}`.slice(0, 26);

/**
 * The buyer's browser is only ever sent to Transbank's own host (`formOrigin`, the one the CSP's
 * form-action names): a page `url` elsewhere is a `bad_response`, null when it is on that host.
 */
export const outsideFormOrigin = (
  gateway: TransbankGatewayName,
  formOrigin: string,
  url: string,
): GatewayError | null =>
  new URL(url).origin === formOrigin
    ? null
    : {
        outcome: 'error',
        gateway,
        kind: 'bad_response',
        uncertain: false,
        detail: `url outside ${formOrigin}`,
      };
