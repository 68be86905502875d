import { Router, type Request, type Response } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { actorOf, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import {
  allOf,
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  sortSpecOf,
  stringOf,
  inListOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { Filter, SortSpec } from '@cubre/platform/ports/readStore';
import {
  RECURRENT_PAYMENTS_COLLECTION,
  SUBSCRIPTIONS_COLLECTION,
  SUBSCRIPTIONS_PROJECTION,
  type RecurrentPaymentDocument,
  type SubscriptionDocument,
} from '@cubre/projections/subscriptions/projection';
import {
  CancellationBody,
  CancellationRequestBody,
  ChargeDateBody,
  ForcedChargeBody,
  SubscriptionParams,
} from '@cubre/schemas/subscriptions/commands';
import type {
  RecurrentPaymentRecord,
  SubscriptionDetail,
  SubscriptionRecord,
} from '@cubre/schemas/subscriptions/records';
import { saleInScope, salesScopeOf } from '../payments';
import { netOfCharge } from '@cubre/schemas/payments/fees';
import { chileDateOf } from './calendar';
import type { ChargeDeps } from './charging';
import { cancelSubscription, changeChargeDate, forceCharge, requestCancellation } from './commands';
import { subscriptionStream } from './subscriptionDecider';

const BASE = '/api/admin/subscriptions';
const NEWEST_FIRST: SortSpec = { createdAt: -1, _id: -1 };

export const subscriptionRecordOf = (doc: SubscriptionDocument): SubscriptionRecord => {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest } as SubscriptionRecord;
};
export const recurrentPaymentRecordOf = (doc: RecurrentPaymentDocument): RecurrentPaymentRecord => {
  const { _id, ...rest } = doc;
  const fee = doc.fee && doc.taxOnFee ? { fee: doc.fee, taxOnFee: doc.taxOnFee } : null;
  return {
    id: _id,
    ...rest,
    fee: fee?.fee ?? null,
    taxOnFee: fee?.taxOnFee ?? null,
    net: fee ? netOfCharge(doc.amount, fee) : null,
  } as RecurrentPaymentRecord;
};

/** overdueCount_gte: subscriptions at least this far behind (the Arrears page). */
function overdueAtLeast(filter: Record<string, unknown>): Filter {
  const value = filter.overdueCount_gte;
  if (value === undefined) return {};
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    return { overdueCount: { $gte: value } };
  throw invalidRequest([
    { field: 'filter.overdueCount_gte', rule: 'format', message: 'un entero no negativo' },
  ]);
}

const missingKey = () =>
  new HttpProblem(
    400,
    'validation',
    'Solicitud inválida',
    'un cobro forzado necesita el encabezado Idempotency-Key',
    [
      {
        field: 'Idempotency-Key',
        rule: 'required',
        message: 'envíe una clave por cobro (de 8 a 100 letras, dígitos o . _ : -)',
      },
    ],
  );

/**
 * The console's `subscriptions` resource (issue 15) in ra-data-simple-rest's terms: a list filtered by
 * status, lifecycle, country, organization, product, currency, method, sale, overdue period and count, and
 * the buyer's e-mail, each served by an index; a record with its recurrent payments. Read with `payment:read`
 * in the sales' scope (a company administrator reads none, a CLIENT their own). The writes answer the
 * subscription with its new ETag; each takes If-Match (409 when stale):
 * - POST {id}/cobros-forzados (`payment:create`, Idempotency-Key): a forced charge of the overdue period
 *   with one of 002-3.24's reasons;
 * - POST {id}/fecha-de-cobro (`payment:create`): changeDate (002-4.13), the next charge or retry on another
 *   day of its period's month;
 * - POST {id}/solicitud-cancelacion and {id}/cancelacion (`subscription:cancel`).
 */
export function subscriptionAdminRoutes(
  context: AppContext,
  deps: Omit<ChargeDeps, 'eventStore' | 'logger'>,
): Router {
  const router = Router();
  const read = requirePermission(context, 'payment:read');
  const subscriptions = () => context.readStore.collection<SubscriptionDocument>(SUBSCRIPTIONS_COLLECTION);
  const payments = () =>
    context.readStore.collection<RecurrentPaymentDocument>(RECURRENT_PAYMENTS_COLLECTION);

  router.get(
    BASE,
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'createdAt', 'updatedAt', 'status', 'overdueCount', 'amountMinor', 'nextChargeOn'],
        filters: [
          'status',
          'lifecycle',
          'country',
          'organizationCode',
          'productCode',
          'currency',
          'method',
          'saleId',
          'overduePeriod',
          'overdueCount_gte',
          'email',
        ],
      });
      const { filter } = query;
      const scope = salesScopeOf(principalOf(res));
      if (scope.kind === 'none') return sendPage(res, 'subscriptions', query, [], 0);
      const email = stringOf(filter, 'email');
      const find = allOf(
        idFilterOf(filter),
        inListOf(filter, 'status'),
        inListOf(filter, 'lifecycle'),
        inListOf(filter, 'country'),
        inListOf(filter, 'organizationCode'),
        inListOf(filter, 'productCode'),
        inListOf(filter, 'currency'),
        inListOf(filter, 'method'),
        inListOf(filter, 'saleId'),
        inListOf(filter, 'overduePeriod'),
        overdueAtLeast(filter),
        email ? { 'buyer.email': email.trim().toLowerCase() } : {},
        scope.kind === 'buyer' ? { 'buyer.email': scope.email } : {},
      );
      const sort = query.sort ? sortSpecOf(query) : NEWEST_FIRST;
      const [rows, total] = await Promise.all([
        subscriptions().find(find, { sort, ...pageOptions(query) }),
        subscriptions().count(find),
      ]);
      sendPage(res, 'subscriptions', query, rows.map(subscriptionRecordOf), total);
    }),
  );

  async function detailOf(res: Response, id: string): Promise<SubscriptionDetail> {
    const doc = await subscriptions().findOne({ _id: id });
    if (!doc || !saleInScope(salesScopeOf(principalOf(res)), doc)) throw recordNotFound('subscriptions', id);
    const rows = await payments().find({ subscriptionId: id }, { sort: { subscriptionId: 1, period: -1 } });
    return { ...subscriptionRecordOf(doc), recurrentPayments: rows.map(recurrentPaymentRecordOf) };
  }

  async function answer(res: Response, id: string, globalPosition: number) {
    if (globalPosition > 0) {
      await context.visibility.waitUntilVisible(
        { globalPosition, streamId: subscriptionStream(id) },
        [SUBSCRIPTIONS_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
    }
    const detail = await detailOf(res, id);
    setRevisionETag(res, detail.revision);
    res.setHeader('Cache-Control', 'no-store');
    res.json(detail);
  }

  router.get(
    `${BASE}/:subscriptionId`,
    read,
    validated({ params: SubscriptionParams }, async ({ params }, _req, res) => {
      const detail = await detailOf(res, params.subscriptionId);
      setRevisionETag(res, detail.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(detail);
    }),
  );

  const commandDeps = () => ({ ...deps, eventStore: context.eventStore, logger: context.logger });
  const metadataOf = (req: Request, res: Response) => commandMetadataOf(req, context.clock(), actorOf(res));
  /** Staff write within their scope only: the record must be one they read. */
  const visible = async (res: Response, id: string) => {
    await detailOf(res, id);
  };

  router.post(
    `${BASE}/:subscriptionId/cobros-forzados`,
    requirePermission(context, 'payment:create'),
    validated({ params: SubscriptionParams, body: ForcedChargeBody }, async ({ params, body }, req, res) => {
      const key = req.get('Idempotency-Key');
      if (!key) throw missingKey();
      await visible(res, params.subscriptionId);
      const metadata = metadataOf(req, res);
      const position = await forceCharge(commandDeps(), {
        subscriptionId: params.subscriptionId,
        reason: body.reason,
        key,
        today: chileDateOf(context.clock()),
        expectedRevision: expectedRevisionOf(req, undefined),
        metadata,
      });
      req.log.info({ subscriptionId: params.subscriptionId, reason: body.reason }, 'forced charge');
      await answer(res, params.subscriptionId, position);
    }),
  );

  router.post(
    `${BASE}/:subscriptionId/fecha-de-cobro`,
    requirePermission(context, 'payment:create'),
    validated({ params: SubscriptionParams, body: ChargeDateBody }, async ({ params, body }, req, res) => {
      await visible(res, params.subscriptionId);
      const position = await changeChargeDate(commandDeps(), {
        subscriptionId: params.subscriptionId,
        chargeOn: body.chargeOn,
        reason: body.reason,
        today: chileDateOf(context.clock()),
        expectedRevision: expectedRevisionOf(req, undefined),
        metadata: metadataOf(req, res),
      });
      req.log.info({ subscriptionId: params.subscriptionId, chargeOn: body.chargeOn }, 'charge date changed');
      await answer(res, params.subscriptionId, position);
    }),
  );

  router.post(
    `${BASE}/:subscriptionId/solicitud-cancelacion`,
    requirePermission(context, 'subscription:cancel'),
    validated(
      { params: SubscriptionParams, body: CancellationRequestBody },
      async ({ params, body }, req, res) => {
        await visible(res, params.subscriptionId);
        const position = await requestCancellation(commandDeps(), {
          subscriptionId: params.subscriptionId,
          reason: body.reason,
          expectedRevision: expectedRevisionOf(req, undefined),
          metadata: metadataOf(req, res),
        });
        await answer(res, params.subscriptionId, position);
      },
    ),
  );

  router.post(
    `${BASE}/:subscriptionId/cancelacion`,
    requirePermission(context, 'subscription:cancel'),
    validated({ params: SubscriptionParams, body: CancellationBody }, async ({ params, body }, req, res) => {
      await visible(res, params.subscriptionId);
      const position = await cancelSubscription(commandDeps(), {
        subscriptionId: params.subscriptionId,
        withFinalPayment: body.withFinalPayment,
        reason: body.reason,
        expectedRevision: expectedRevisionOf(req, undefined),
        metadata: metadataOf(req, res),
      });
      await answer(res, params.subscriptionId, position);
    }),
  );
  return router;
}
