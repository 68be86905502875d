import { createHmac, randomUUID } from 'node:crypto';
import { MercadoPagoGateway } from '@cubre/services/payments/gateway/mercadopago/mercadoPagoGateway';
import { postJson } from '../../support/testRuntime';

/**
 * Mercado Pago as the suites that receive its notifications meet it (payments' notifications, the
 * subscriptions' monthly debits): our gateway pointed at a local server answering as Mercado Pago, and
 * its signed webhook deliveries.
 */

/** The access token the local Mercado Pago expects; a log line must never show it. */
export const MERCADO_PAGO_TEST_TOKEN = 'TEST-access-token';

/** Our Mercado Pago gateway against the local server at `baseUrl`: no retries, a short timeout. */
export const localMercadoPago = (
  baseUrl: string,
  options: Partial<ConstructorParameters<typeof MercadoPagoGateway>[0]> = {},
) =>
  new MercadoPagoGateway({
    accessToken: MERCADO_PAGO_TEST_TOKEN,
    currency: 'CLP',
    baseUrl,
    maxRetries: 0,
    timeoutMs: 2000,
    ...options,
  });

/**
 * Mercado Pago's signature headers for a delivery about `dataId`: `x-signature` `ts=…,v1=…`, v1 the
 * HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};` under the webhook secret, with the id
 * lower-cased and its pair left out when it has no value (Mercado Pago's rule). `v1` is returned too, for
 * a test that checks no signature reaches a log.
 */
export function mercadoPagoSigned(dataId: string, secret: string, requestId = randomUUID()) {
  const ts = String(Math.floor(Date.now() / 1000));
  const v1 = createHmac('sha256', secret)
    .update(`${dataId ? `id:${dataId.toLowerCase()};` : ''}request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return { v1, headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId } };
}

/**
 * A Mercado Pago webhook delivery to `url`'s notifications route (the body as Mercado Pago documents it;
 * we read only `data.id` and the topic, then ask Mercado Pago).
 */
export const mercadoPagoDelivery = (
  url: string,
  delivery: { dataId: string; type: string; action: string; dateCreated: string },
  headers: Record<string, string>,
) =>
  postJson(
    `${url}/api/pagos/notificaciones/mercadopago?data.id=${delivery.dataId}&type=${delivery.type}`,
    {
      id: 112233445566,
      live_mode: false,
      type: delivery.type,
      date_created: delivery.dateCreated,
      user_id: 987654321,
      api_version: 'v1',
      action: delivery.action,
      data: { id: delivery.dataId },
    },
    headers,
  );
