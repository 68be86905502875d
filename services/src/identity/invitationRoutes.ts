import { INVITATIONS_COLLECTION, type InvitationDocument, type InvitationRecord } from '@cubre/schemas';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import { principalOf, requirePermission } from '@cubre/platform/http/guard';
import {
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  sendPage,
  sortSpecOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { SortSpec } from '@cubre/platform/ports/readStore';
import { allOf, missing, refuseWrites, stringsOf } from './adminHttp';
import { scopeFilter } from './scope';

const BASE = '/api/admin/invitations';
const NEWEST_FIRST: SortSpec = { invitedAt: -1, _id: -1 };

export const invitationRecordOf = (doc: InvitationDocument): InvitationRecord => ({
  id: doc._id,
  organizationId: doc.organizationId,
  email: doc.email,
  status: doc.status,
  invitedBy: doc.invitedBy,
  invitedAt: doc.invitedAt,
  acceptedAt: doc.acceptedAt,
});

/**
 * The `invitations` resource (issue 13), read-only: a company administrator's invitations to their
 * company, sent to free and taken addresses alike ('Invitación enviada'), 'Aceptada' once the invitee chose
 * a password (then they are in the users list too). Staff read every company's. `user:read`.
 */
export function invitationRoutes(context: AppContext): Router {
  const router = Router();
  const invitations = context.readStore.collection<InvitationDocument>(INVITATIONS_COLLECTION);
  const read = requirePermission(context, 'user:read');

  router.get(
    BASE,
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'email', 'invitedAt', 'status'],
        filters: ['status', 'organizationId'],
      });
      const statuses = stringsOf(query.filter, 'status');
      const organizations = stringsOf(query.filter, 'organizationId');
      const find = allOf(
        idFilterOf(query.filter),
        statuses ? { status: { $in: statuses } } : {},
        organizations ? { organizationId: { $in: organizations } } : {},
        scopeFilter(principalOf(res), 'organizationId'),
      );
      const sort = query.sort ? sortSpecOf(query) : NEWEST_FIRST;
      const [docs, total] = await Promise.all([
        invitations.find(find, { sort, ...pageOptions(query) }),
        invitations.count(find),
      ]);
      sendPage(res, 'invitations', query, docs.map(invitationRecordOf), total);
    }),
  );

  router.get(
    `${BASE}/:id`,
    read,
    validated(
      { params: z.strictObject({ id: z.string().min(1).max(100) }) },
      async ({ params }, _req, res) => {
        const doc = await invitations.findOne(
          allOf({ _id: params.id }, scopeFilter(principalOf(res), 'organizationId')),
        );
        if (!doc) throw missing('NOT_FOUND', 'invitación', params.id);
        res.setHeader('Cache-Control', 'no-store');
        res.json(invitationRecordOf(doc));
      },
    ),
  );

  refuseWrites(router, [BASE, `${BASE}/:id`], 'las invitaciones se envían creando un usuario', [read]);
  return router;
}
