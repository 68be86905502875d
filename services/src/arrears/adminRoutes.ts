import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
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
  stringsOf,
  dateRangeOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { Filter } from '@cubre/platform/ports/readStore';
import {
  ARREARS_COLLECTION,
  ARREARS_PROJECTION,
  type ArrearsDocument,
} from '@cubre/projections/arrears/projection';
import {
  ARREARS_STAGE_FILTERS,
  ArrearsParams,
  ResendReminderBody,
  type ArrearsRecord,
  type ArrearsStage,
} from '@cubre/schemas/arrears';
import type { MailRequester } from '@cubre/schemas/mail/mailRequest';
import { arrearsStream } from './arrearsDecider';
import { resendReminder } from './resend';
import { timelineOf } from './timeline';

/** A contract as the console's Morosidad page shows it. */
export function arrearsRecordOf(doc: ArrearsDocument): ArrearsRecord {
  const standing = doc.standing!;
  const episode = standing.episode ?? standing.lastEpisode ?? '';
  return {
    id: doc._id,
    saleId: standing.saleId,
    country: standing.country,
    productCode: standing.product.code,
    productName: standing.product.name,
    organizationName: standing.product.organization.name,
    buyer: standing.buyer,
    amount: standing.amount,
    lifecycle: standing.lifecycle,
    saleState: doc.saleState,
    overdueCount: standing.overdueCount,
    inArrears: doc.inArrears,
    overdueSince: standing.overdueSince,
    episode,
    since: doc.since,
    stage: doc.stage,
    stagesSent: (['mora_1', 'mora_2', 'mora_3'] as ArrearsStage[]).filter((stage) =>
      doc.sent.includes(`${episode}:${stage}`),
    ),
    lastReminder: doc.lastReminder,
    nextAction: doc.nextAction,
    nextAttemptOn: standing.nextAttemptOn,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** `filter[key]` as a whole number ≥ 0, or a 400 naming it. */
function countBound(filter: Record<string, unknown>, key: string): number | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw invalidRequest([{ field: `filter.${key}`, rule: 'format', message: 'un entero no negativo' }]);
}

function stagesOf(filter: Record<string, unknown>): Filter {
  const stages = stringsOf(filter, 'stage');
  if (!stages) return {};
  const unknown = stages.find((stage) => !(ARREARS_STAGE_FILTERS as readonly string[]).includes(stage));
  if (unknown !== undefined) {
    throw invalidRequest([
      {
        field: 'filter.stage',
        rule: 'enum',
        message: `stage es uno de: ${ARREARS_STAGE_FILTERS.join(', ')}`,
      },
    ]);
  }
  return { stage: { $in: stages } };
}

function inArrearsOf(filter: Record<string, unknown>): Filter {
  const value = filter.inArrears;
  if (value === undefined) return {};
  if (typeof value !== 'boolean') {
    throw invalidRequest([{ field: 'filter.inArrears', rule: 'type', message: 'inArrears es true o false' }]);
  }
  return { inArrears: value };
}

const missingKey = () =>
  new HttpProblem(
    400,
    'validation',
    'Solicitud inválida',
    'un envío manual necesita el encabezado Idempotency-Key',
    [{ field: 'Idempotency-Key', rule: 'required', message: 'una clave por envío' }],
  );

/**
 * The console's `arrears` resource (issue 15) in ra-data-simple-rest's terms: contracts that have been
 * overdue, filtered by stage, overdue count, country, whether still in arrears and when the arrears began
 * (each an index of the projection), newest arrears first; the show adds the contract's timeline.
 * `arrears:read`. The manual send is `arrears:send-reminder`, with an Idempotency-Key, audited.
 */
export function arrearsAdminRoutes(context: AppContext, mail: MailRequester): Router {
  const router = Router();
  const read = requirePermission(context, 'arrears:read');
  const collection = () => context.readStore.collection<ArrearsDocument>(ARREARS_COLLECTION);

  router.get(
    '/api/admin/arrears',
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'since', 'overdueCount', 'updatedAt'],
        filters: [
          'stage',
          'country',
          'inArrears',
          'overdueCount_gte',
          'overdueCount_lte',
          'since_gte',
          'since_lte',
        ],
      });
      const { filter } = query;
      const countFrom = countBound(filter, 'overdueCount_gte');
      const countTo = countBound(filter, 'overdueCount_lte');
      const countries = stringsOf(filter, 'country');
      const find = allOf(
        { everOverdue: true },
        idFilterOf(filter),
        stagesOf(filter),
        countries ? { country: { $in: countries } } : {},
        inArrearsOf(filter),
        countFrom !== undefined ? { overdueCount: { $gte: countFrom } } : {},
        countTo !== undefined ? { overdueCount: { $lte: countTo } } : {},
        dateRangeOf(filter, 'since'),
      );
      const sort = query.sort ? sortSpecOf(query) : { since: -1 as const, _id: -1 as const };
      const [rows, total] = await Promise.all([
        collection().find(find, { sort, ...pageOptions(query) }),
        collection().count(find),
      ]);
      sendPage(res, 'arrears', query, rows.map(arrearsRecordOf), total);
    }),
  );

  router.get(
    '/api/admin/arrears/:subscriptionId',
    read,
    validated({ params: ArrearsParams }, async ({ params }, _req, res) => {
      const doc = await collection().findOne({ _id: params.subscriptionId });
      if (!doc?.everOverdue) throw recordNotFound('arrears', params.subscriptionId);
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        ...arrearsRecordOf(doc),
        timeline: await timelineOf(context.eventStore, params.subscriptionId),
      });
    }),
  );

  router.post(
    '/api/admin/arrears/:subscriptionId/recordatorios',
    requirePermission(context, 'arrears:send-reminder'),
    validated({ params: ArrearsParams, body: ResendReminderBody }, async ({ params, body }, req, res) => {
      const idempotencyKey = req.get('Idempotency-Key');
      if (!idempotencyKey) throw missingKey();
      const outcome = await resendReminder(
        { eventStore: context.eventStore, readStore: context.readStore, mail },
        {
          subscriptionId: params.subscriptionId,
          idempotencyKey,
          reason: body.reason || null,
          actor: actorOf(res),
          now: context.clock(),
        },
      );
      if (outcome.kind === 'not-found') throw recordNotFound('arrears', params.subscriptionId);
      if (outcome.globalPosition > 0) {
        await context.visibility.waitUntilVisible(
          { globalPosition: outcome.globalPosition, streamId: arrearsStream(params.subscriptionId) },
          [ARREARS_PROJECTION],
          context.config.readYourWritesTimeoutMs,
        );
      }
      const doc = await collection().findOne({ _id: params.subscriptionId });
      res.setHeader('Cache-Control', 'no-store');
      res.status(outcome.created ? 201 : 200).json(doc?.standing ? arrearsRecordOf(doc) : null);
    }),
  );
  return router;
}
