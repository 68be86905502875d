import {
  AUDIT_COLLECTION,
  USERS_COLLECTION,
  type AuditDocument,
  type AuditRecord,
  type UserDocument,
} from '@cubre/schemas';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import {
  dateRangeOf,
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  sendPage,
  sortSpecOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { Filter, SortSpec } from '@cubre/platform/ports/readStore';
import { allOf, missing, refuseWrites, stringOf, stringsOf } from './adminHttp';
import { principalOf, requirePermission } from '@cubre/platform/http/guard';
import { organizationStream } from './organizationDecider';
import { organizationScopeOf, usersScopeFilter } from './scope';
import { userStream } from './userDecider';

const BASE = '/api/admin/audit';

export const auditRecordOf = (doc: AuditDocument): AuditRecord => ({
  id: doc._id,
  streamId: doc.streamId,
  category: doc.category,
  type: doc.type,
  actor: doc.actor,
  occurredAt: doc.occurredAt,
  position: doc.position,
  revision: doc.revision,
  data: doc.data,
});

/**
 * The `audit` resource (read-only): every change to users, roles, organizations and the lead catalogues,
 * newest first, with who made it. Password hashes are never in it (the projection strips them).
 */
export function auditRoutes(context: AppContext): Router {
  const router = Router();
  const audit = context.readStore.collection<AuditDocument>(AUDIT_COLLECTION);
  const users = context.readStore.collection<UserDocument>(USERS_COLLECTION);

  /** A company administrator's audit: the changes to their company and to its users, nothing else. */
  async function scopeOf(res: Response): Promise<Filter> {
    const organizationId = organizationScopeOf(principalOf(res));
    if (organizationId === undefined) return {};
    const members = await users.find(usersScopeFilter(principalOf(res)));
    return {
      streamId: {
        $in: [organizationStream(organizationId), ...members.map((member) => userStream(member._id))],
      },
    };
  }

  router.get(
    BASE,
    requirePermission(context, 'role:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'occurredAt', 'position', 'type', 'streamId', 'category'],
        filters: ['streamId', 'category', 'type', 'actorId', 'occurredAt_gte', 'occurredAt_lte'],
      });
      const { filter } = query;
      const streams = stringsOf(filter, 'streamId');
      const categories = stringsOf(filter, 'category');
      const types = stringsOf(filter, 'type');
      const actor = stringOf(filter, 'actorId');
      const find = allOf(
        idFilterOf(filter),
        streams ? { streamId: { $in: streams } } : {},
        categories ? { category: { $in: categories } } : {},
        types ? { type: { $in: types } } : {},
        actor ? { 'actor.id': actor } : {},
        dateRangeOf(filter, 'occurredAt'),
        await scopeOf(res),
      );
      // Newest first unless asked otherwise; ties (one command's events) in the order they were stored.
      const sort: SortSpec = !query.sort
        ? { position: -1 }
        : query.sort.field === 'id'
          ? sortSpecOf(query)
          : { [query.sort.field]: query.sort.order === 'ASC' ? 1 : -1, position: -1 };
      const [docs, total] = await Promise.all([
        audit.find(find, { sort, ...pageOptions(query) }),
        audit.count(find),
      ]);
      sendPage(res, 'audit', query, docs.map(auditRecordOf), total);
    }),
  );

  router.get(
    `${BASE}/:id`,
    requirePermission(context, 'role:read'),
    validated(
      { params: z.strictObject({ id: z.string().min(1).max(200) }) },
      async ({ params }, _req, res) => {
        const doc = await audit.findOne(allOf({ _id: params.id }, await scopeOf(res)));
        if (!doc) throw missing('NOT_FOUND', 'cambio', params.id);
        res.setHeader('Cache-Control', 'no-store');
        res.json(auditRecordOf(doc));
      },
    ),
  );

  refuseWrites(router, [BASE, `${BASE}/:id`], 'el historial de cambios es de solo lectura', [
    requirePermission(context, 'role:read'),
  ]);

  return router;
}
