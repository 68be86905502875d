import { Router, type Request, type Response } from 'express';
import type { AppContext, RawBodyRequest } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import { withContract } from '@cubre/platform/http/validate';
import { z } from 'zod';
import type { ChargeStatus, PaymentGateway } from '../gateway/port';
import { isKushkiSigned, isMercadoPagoSigned } from './signatures';
import { settleFromProvider, type NotificationResult } from './settleFromProvider';
import { recordSubscriptionDebit, type RecordAutomaticCharges } from './subscriptionDebits';
import { recordPreapprovalChange } from './preapprovalChanges';
import type { StartSubscription } from '../purchase';

export const NOTIFICATIONS_PATH = '/api/pagos/notificaciones';

/** A provider's notification is a few hundred bytes; anything far larger is not one. */
export const NOTIFICATION_BODY_LIMIT_BYTES = 16 * 1024;

/** The providers' notification secrets (never logged): a provider without one takes no notifications. */
export type NotificationSecrets = { mercadopago?: string; kushki?: string };

/** What a notification looks like from outside (each provider's own body; Mercado Pago may name the id in the query). */
const NOTIFICATION_CONTRACT = {
  params: z.strictObject({ provider: z.enum(['mercadopago', 'kushki']) }),
  query: z.object({ 'data.id': z.string().optional(), type: z.string().optional() }),
  body: z.record(z.string(), z.unknown()),
};

/** Ids as providers and we write them; anything else is not one of ours. */
const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

const problem = (status: number, slug: string, title: string, detail: string, field: string, rule: string) =>
  new HttpProblem(status, slug, title, detail, [{ field, rule, message: detail }]);

const notServed = (provider: string) =>
  problem(
    404,
    'not-found',
    'No encontrado',
    `no se reciben notificaciones de ${provider}`,
    'provider',
    'configured',
  );
const forged = () =>
  problem(
    401,
    'unauthorized',
    'Firma inválida',
    'la notificación no lleva una firma válida del proveedor',
    'signature',
    'hmac',
  );
const providerDown = () =>
  problem(
    503,
    'provider-unavailable',
    'Proveedor no disponible',
    'no pudimos consultar el pago al proveedor: reintente',
    'provider',
    'reachable',
  );

/**
 * Providers' notifications (webhooks; STYLE.md: Stripe's, idempotent and safe out of order). A notification
 * is only a hint: once its signature is checked it names a charge, the provider is asked what that charge
 * is now, and that answer is recorded through the same commands as the pay call's and reconciliation's.
 * A forged one is 401 and stores nothing; one about a charge we do not know is acknowledged (200, so the
 * provider stops retrying) and logged by ids; a provider we cannot reach is 503, so it retries later.
 */
/** A notification names its payment, debit or preapproval by `data.id`: else 400 problem+json, by field. */
function assertNamed(dataId: string | undefined, what: string): asserts dataId is string {
  if (!dataId || !ID.test(dataId)) {
    throw problem(
      400,
      'validation',
      'Solicitud inválida',
      `la notificación no nombra ${what} (data.id)`,
      'data.id',
      'required',
    );
  }
}

export function notificationRoutes(
  context: AppContext,
  gateway: PaymentGateway,
  secrets: NotificationSecrets,
  startSubscription?: StartSubscription,
  recordAutomaticCharges?: RecordAutomaticCharges,
): Router {
  const router = Router();
  const deps = {
    eventStore: context.eventStore,
    logger: context.logger,
    clock: context.clock,
    gateway,
    ...(startSubscription ? { startSubscription } : {}),
    ...(recordAutomaticCharges ? { recordAutomaticCharges } : {}),
  };

  const handler = async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      const provider = req.params.provider;
      if (provider !== 'mercadopago' && provider !== 'kushki') throw notServed(String(provider));
      const secret = secrets[provider];
      if (!secret || gateway.name !== provider) throw notServed(provider);
      // The declared length, and the body itself (a chunked one declares none).
      const body = JSON.stringify(req.body ?? {});
      const declared = Number(req.headers['content-length'] ?? 0);
      if (Math.max(declared, Buffer.byteLength(body)) > NOTIFICATION_BODY_LIMIT_BYTES) {
        throw problem(
          413,
          'payload-too-large',
          'Solicitud demasiado grande',
          `una notificación tiene a lo sumo ${NOTIFICATION_BODY_LIMIT_BYTES} bytes`,
          'body',
          'max_bytes',
        );
      }
      if (provider === 'mercadopago') await mercadoPago(req, res, secret);
      else await kushki(req, res, secret, body);
    } catch (error) {
      next(error);
    }
  };
  // The handler checks its own input (the signature before anything else); the contract describes it for
  // the published OpenAPI document.
  router.post(`${NOTIFICATIONS_PATH}/:provider`, withContract(handler, NOTIFICATION_CONTRACT));

  async function mercadoPago(req: Request, res: Response, secret: string) {
    const body = (req.body ?? {}) as { type?: unknown; data?: { id?: unknown } };
    const queryId = req.query['data.id'];
    const dataId =
      typeof queryId === 'string'
        ? queryId
        : typeof body.data?.id === 'string' || typeof body.data?.id === 'number'
          ? String(body.data.id)
          : undefined;
    const requestId = req.headers['x-request-id'];
    if (!isMercadoPagoSigned({ signature: req.headers['x-signature'], requestId, dataId, secret })) {
      req.log.warn({ provider: 'mercadopago', requestId }, 'payment notification with a bad signature');
      throw forged();
    }
    const type = typeof req.query.type === 'string' ? req.query.type : body.type;
    if (type === 'subscription_authorized_payment') return subscriptionDebit(req, res, dataId);
    if (type === 'subscription_preapproval') return preapprovalChange(req, res, dataId);
    // Orders' and other topics are not ours: acknowledged, nothing to do here.
    if (type !== 'payment')
      return acknowledge(
        req,
        res,
        { provider: 'mercadopago', dataId: dataId ?? null, type: String(type) },
        'not a payment',
      );
    assertNamed(dataId, 'el pago');
    const status = await gateway.getCharge(dataId);
    if (status.outcome === 'error') return unreachable(req, { provider: 'mercadopago', dataId }, status);
    const paymentId = 'reference' in status ? status.reference : undefined;
    if (!paymentId || !ID.test(paymentId)) {
      return acknowledge(
        req,
        res,
        { provider: 'mercadopago', dataId, status: status.outcome },
        'notification for a charge we do not know',
      );
    }
    const result = await settleFromProvider(deps, { provider: 'mercadopago', paymentId, status });
    answer(req, res, { provider: 'mercadopago', dataId }, result);
  }

  /**
   * `subscription_authorized_payment`: Mercado Pago debited (or tried to debit) a preapproval. The debit is
   * asked of Mercado Pago (`GET /authorized_payments/{id}`), never read from the body; its preapproval's
   * `external_reference` is our first payment's id, which leads to the sale and its subscription.
   */
  async function subscriptionDebit(req: Request, res: Response, dataId: string | undefined) {
    assertNamed(dataId, 'el cobro');
    const automatic = gateway.automaticCharges;
    const ids = { provider: 'mercadopago', dataId, type: 'subscription_authorized_payment' };
    if (!automatic)
      return acknowledge(req, res, ids, 'subscription debit for a gateway that charges on demand');
    const debit = await automatic.getAutomaticCharge(dataId);
    if (!('result' in debit)) {
      if (debit.outcome === 'error') return unreachable(req, ids, debit);
      return acknowledge(req, res, ids, 'notification for a charge we do not know');
    }
    if (!debit.reference || !ID.test(debit.reference)) {
      return acknowledge(req, res, ids, 'notification for a charge we do not know');
    }
    const result = await recordSubscriptionDebit(deps, {
      reference: debit.reference,
      gatewaySubscriptionId: debit.gatewaySubscriptionId,
    });
    if (result.recorded === false && result.reason === 'unknown_payment') {
      return acknowledge(req, res, ids, 'notification for a charge we do not know');
    }
    // Mercado Pago could not be asked the rest: 503, so it delivers again (nothing recorded is lost).
    const unanswered =
      (result.recorded === false && result.reason === 'provider_unreachable') ||
      (result.recorded === 'periods' && result.outcome === 'uncertain');
    if (unanswered) {
      req.log.warn(
        { ...ids, paymentId: result.paymentId },
        'payment notification: the provider could not be asked',
      );
      throw providerDown();
    }
    req.log.info(
      {
        ...ids,
        paymentId: result.paymentId,
        attempt: debit.attempt,
        ...(result.recorded
          ? { recorded: result.recorded, outcome: result.outcome }
          : { skipped: result.reason }),
      },
      'subscription debit notification',
    );
    res.status(200).json({ received: true });
  }

  /**
   * `subscription_preapproval`: a preapproval changed (cancelled or paused by the buyer in their account,
   * or by Mercado Pago). The preapproval is asked of Mercado Pago (`GET /preapproval/{id}`), never read from
   * the body; its `external_reference` is our first payment's id, which leads to the sale's subscription.
   */
  async function preapprovalChange(req: Request, res: Response, dataId: string | undefined) {
    assertNamed(dataId, 'la suscripción');
    const automatic = gateway.automaticCharges;
    const ids = { provider: 'mercadopago', dataId, type: 'subscription_preapproval' };
    if (!automatic)
      return acknowledge(req, res, ids, 'preapproval change for a gateway that charges on demand');
    const preapproval = await automatic.getSubscription(dataId);
    if ('outcome' in preapproval) {
      if (preapproval.outcome === 'error') return unreachable(req, ids, preapproval);
      return acknowledge(req, res, ids, 'notification for a subscription we do not know');
    }
    if (!preapproval.reference || !ID.test(preapproval.reference)) {
      return acknowledge(req, res, ids, 'notification for a subscription we do not know');
    }
    const result = await recordPreapprovalChange(deps, {
      reference: preapproval.reference,
      gatewaySubscriptionId: preapproval.gatewaySubscriptionId,
    });
    if (result.recorded === false && result.reason === 'unknown_payment') {
      return acknowledge(req, res, ids, 'notification for a subscription we do not know');
    }
    // Mercado Pago could not be asked the rest (its debits, its status): 503, so it delivers again.
    if (result.recorded && result.outcome === 'uncertain') {
      req.log.warn(
        { ...ids, paymentId: result.paymentId },
        'payment notification: the provider could not be asked',
      );
      throw providerDown();
    }
    req.log.info(
      {
        ...ids,
        paymentId: result.paymentId,
        status: preapproval.status,
        ...(result.recorded ? { outcome: result.outcome } : { skipped: result.reason }),
      },
      'preapproval change notification',
    );
    res.status(200).json({ received: true });
  }

  async function kushki(req: Request, res: Response, secret: string, serialized: string) {
    const body = (req.body ?? {}) as { ticket_number?: unknown; metadata?: { idempotencyKey?: unknown } };
    // Signed over the body as Kushki sent it; its own example re-serialises the parsed JSON compactly, so
    // that form is taken too (both under the merchant's secret: neither can be forged without it).
    const raw = (req as RawBodyRequest).rawBody?.toString('utf8');
    const signedOver = (text: string) =>
      isKushkiSigned({
        signature: req.headers['x-kushki-signature'],
        kushkiId: req.headers['x-kushki-id'],
        body: text,
        secret,
      });
    const signed = (raw !== undefined && signedOver(raw)) || signedOver(serialized);
    const ticket =
      typeof body.ticket_number === 'string' && ID.test(body.ticket_number) ? body.ticket_number : null;
    if (!signed) {
      req.log.warn({ provider: 'kushki', ticket }, 'payment notification with a bad signature');
      throw forged();
    }
    // Our key (the payment's id) travels in the charge's metadata, as the charge sent it.
    const key = body.metadata?.idempotencyKey;
    if (typeof key !== 'string' || !ID.test(key)) {
      return acknowledge(
        req,
        res,
        { provider: 'kushki', ticket },
        'notification for a charge we do not know',
      );
    }
    const status = await gateway.findCharge(key);
    if (status.outcome === 'error')
      return unreachable(req, { provider: 'kushki', ticket, paymentId: key }, status);
    const result = await settleFromProvider(deps, { provider: 'kushki', paymentId: key, status });
    answer(req, res, { provider: 'kushki', ticket }, result);
  }

  return router;
}

function answer(req: Request, res: Response, ids: Record<string, unknown>, result: NotificationResult) {
  if (!result.recorded && result.reason === 'unknown_payment') {
    return acknowledge(req, res, ids, 'notification for a charge we do not know');
  }
  req.log.info(
    {
      ...ids,
      paymentId: result.paymentId,
      ...(result.recorded ? { outcome: result.outcome } : { skipped: result.reason }),
    },
    result.recorded ? 'payment notification recorded' : 'payment notification: nothing to record',
  );
  res.status(200).json({ received: true });
}

function acknowledge(req: Request, res: Response, ids: Record<string, unknown>, message: string) {
  req.log.info(ids, message);
  res.status(200).json({ received: true });
}

function unreachable(
  req: Request,
  ids: Record<string, unknown>,
  status: Extract<ChargeStatus, { outcome: 'error' }>,
): never {
  req.log.warn({ ...ids, kind: status.kind }, 'payment notification: the provider could not be asked');
  throw providerDown();
}
