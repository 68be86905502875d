import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureValidator } from 'mercadopago';

/**
 * Whether a notification was sent by the provider: each signs with a secret it shares with us alone (never
 * logged). A mismatch, a missing header or a malformed one is the same answer: not the provider's.
 */

type Header = string | string[] | undefined;

/**
 * Mercado Pago: `x-signature: ts={ts},v1={hex}`, the HMAC-SHA256 under the application's secret signature of
 * the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` (pairs whose value is missing are left
 * out; an alphanumeric data.id is taken in lower case). Checked by the SDK's own validator (constant time),
 * so the manifest is Mercado Pago's, not our reading of its docs. The signature covers the resource's id,
 * not the body: nothing in the body is believed (the payment is asked of Mercado Pago).
 */
export function isMercadoPagoSigned(input: {
  signature: Header;
  requestId: Header;
  dataId: string | undefined;
  secret: string;
}): boolean {
  try {
    WebhookSignatureValidator.validate({
      xSignature: input.signature,
      xRequestId: input.requestId,
      dataId: input.dataId?.toLowerCase(),
      secret: input.secret,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Kushki: `X-Kushki-Signature` is the hex HMAC-SHA256, under the merchant's webhook signature (Console,
 * Desarrolladores > Webhooks), of `{body}.{X-Kushki-Id}`, the body being the JSON Kushki sent: the route
 * checks the bytes as received, then their compact re-serialisation (`JSON.stringify`, as Kushki's own
 * example computes it). We check
 * that one, which covers the body, not `X-Kushki-SimpleSignature` (it signs the timestamp alone).
 */
export function isKushkiSigned(input: {
  signature: Header;
  kushkiId: Header;
  body: string;
  secret: string;
}): boolean {
  const signature = single(input.signature);
  const kushkiId = single(input.kushkiId);
  if (!signature || !kushkiId || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', input.secret).update(`${input.body}.${kushkiId}`).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const single = (value: Header): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
