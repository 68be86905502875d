import { Router } from 'express';
import { z } from 'zod';
import { MAIL_TEMPLATES } from '@cubre/schemas/mail/mailRequest';
import { MailId } from '@cubre/schemas/mail/events';
import type { AppContext } from '@cubre/platform/http/app';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
import { invalidRequest } from '@cubre/platform/http/problem';
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
  stringsOf,
  dateRangeOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { Filter } from '@cubre/platform/ports/readStore';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import {
  MAIL_OUTBOX_COLLECTION,
  MAIL_PROJECTION,
  type MailOutboxDocument,
} from '@cubre/projections/mail/projection';
import { MailDomainEvent, mailDecider, mailStream } from './mailDecider';

export const MAIL_OUTBOX_RESOURCE = 'mail-outbox';
const STATUSES = ['requested', 'claimed', 'sent', 'failed', 'suppressed'] as const;
const MailParams = z.strictObject({ id: MailId });

/** A mail as the console reads it: `id` for `_id`; the list leaves the rendered text and HTML out. */
const recordOf = ({ _id, ...rest }: MailOutboxDocument) => ({ id: _id, ...rest });
const rowOf = (doc: MailOutboxDocument) => {
  const { text: _text, html: _html, ...row } = recordOf(doc);
  return row;
};

/** `filter[key]` among `allowed`, as an `$in`; a value outside them is a 400 naming the filter. */
function oneOf(
  filter: Record<string, unknown>,
  key: string,
  path: string,
  allowed: readonly string[],
): Filter {
  const values = stringsOf(filter, key);
  if (!values) return {};
  const unknown = values.find((value) => !allowed.includes(value));
  if (unknown !== undefined) {
    throw invalidRequest([
      { field: `filter.${key}`, rule: 'enum', message: `uno de: ${allowed.join(', ')}` },
    ]);
  }
  return { [path]: { $in: values } };
}

/**
 * The console's `mail-outbox` resource (issue 15): the list with its filters (status, template, the day
 * requested, what it is about), one mail with its rendered words, and "retry now" for a failed one.
 * Reads need `admin:unsent-notification:read`, the retry `admin:unsent-notification:update-status`; the
 * retry is a `MailRetryRequested` on the mail's stream by the user (its audit), and the dispatcher's claim
 * still sends the key once.
 */
export function mailAdminRoutes(context: AppContext, onRetried?: (mailId: string) => void): Router {
  const router = Router();
  const outbox = context.readStore.collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION);
  const read = requirePermission(context, 'admin:unsent-notification:read');

  router.get(
    `/api/admin/${MAIL_OUTBOX_RESOURCE}`,
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['requestedAt', 'updatedAt', 'status', 'template', 'attempts'],
        filters: [
          'status',
          'template',
          'subjectKind',
          'subjectId',
          'givenUp',
          'requestedAt_gte',
          'requestedAt_lte',
        ],
      });
      const { filter } = query;
      const subjectId = stringOf(filter, 'subjectId');
      const givenUp = filter.givenUp;
      if (givenUp !== undefined && typeof givenUp !== 'boolean') {
        throw invalidRequest([{ field: 'filter.givenUp', rule: 'type', message: 'true o false' }]);
      }
      const find = allOf(
        idFilterOf(filter),
        oneOf(filter, 'status', 'status', STATUSES),
        oneOf(filter, 'template', 'template', MAIL_TEMPLATES),
        oneOf(filter, 'subjectKind', 'subject.kind', ['subscription', 'sale', 'lead', 'user']),
        subjectId ? { 'subject.id': subjectId } : {},
        givenUp === undefined ? {} : { givenUp },
        dateRangeOf(filter, 'requestedAt'),
      );
      const sort = query.sort ? sortSpecOf(query) : { requestedAt: -1 as const, _id: -1 as const };
      const [rows, total] = await Promise.all([
        outbox.find(find, { sort, ...pageOptions(query) }),
        outbox.count(find),
      ]);
      res.setHeader('Cache-Control', 'no-store');
      sendPage(res, MAIL_OUTBOX_RESOURCE, query, rows.map(rowOf), total);
    }),
  );

  router.get(
    `/api/admin/${MAIL_OUTBOX_RESOURCE}/:id`,
    read,
    validated({ params: MailParams }, async ({ params }, _req, res) => {
      const doc = await outbox.findOne({ _id: params.id });
      if (!doc) throw recordNotFound(MAIL_OUTBOX_RESOURCE, params.id);
      res.setHeader('Cache-Control', 'no-store');
      res.json(recordOf(doc));
    }),
  );

  router.post(
    `/api/admin/${MAIL_OUTBOX_RESOURCE}/:id/retry`,
    requirePermission(context, 'admin:unsent-notification:update-status'),
    validated({ params: MailParams }, async ({ params }, req, res) => {
      const now = context.clock();
      const stream = mailStream(params.id);
      const result = await handleCommand(
        context.eventStore,
        { decider: mailDecider, eventSchema: MailDomainEvent },
        stream,
        { type: 'RetryMail', requestedAt: now.toISOString() },
        commandMetadataOf(req, now, actorOf(res)),
      ).catch((error: unknown) => {
        if (error instanceof CommandRejected && error.rule === 'not_found') {
          throw recordNotFound(MAIL_OUTBOX_RESOURCE, params.id);
        }
        throw error;
      });
      if (result.globalPosition > 0) {
        await context.visibility.waitUntilVisible(
          { globalPosition: result.globalPosition, streamId: stream },
          [MAIL_PROJECTION],
          context.config.readYourWritesTimeoutMs,
        );
        onRetried?.(params.id);
      }
      const doc = await outbox.findOne({ _id: params.id });
      if (!doc) throw recordNotFound(MAIL_OUTBOX_RESOURCE, params.id);
      res.json(recordOf(doc));
    }),
  );
  return router;
}
