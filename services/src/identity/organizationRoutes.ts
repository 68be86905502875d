import {
  ORGANIZATIONS_COLLECTION,
  OrganizationCreateBody,
  OrganizationUpdateBody,
  type OrganizationDocument,
  type OrganizationRecord,
} from '@cubre/schemas';
import { foldOrganizationDocument } from '@cubre/projections/identity/documents';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import {
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  sendPage,
  sortSpecOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import {
  allOf,
  expectedRevisionOf,
  missing,
  notEditable,
  refuseWrites,
  stringOf,
  textSearch,
  untilVisible,
} from './adminHttp';
import { actorOf, forbidden, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { OrganizationDomainEvent, organizationDecider, organizationStream } from './organizationDecider';
import { inScope, isCompanyScoped, scopeFilter } from './scope';

const BASE = '/api/admin/organizations';
const IdParams = z.strictObject({ id: z.string().min(1).max(100) });
const organizationAggregate = { decider: organizationDecider, eventSchema: OrganizationDomainEvent };

export const organizationRecordOf = (doc: OrganizationDocument): OrganizationRecord => ({
  id: doc._id,
  name: doc.name,
  rut: doc.rut,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  revision: doc.revision,
});

/**
 * The `organizations` resource: the companies whose administrators use the console (list, one, create,
 * update). Not deleted: users belong to them. A company administrator sees and edits only their own.
 */
export function organizationRoutes(context: AppContext): Router {
  const router = Router();
  const organizations = context.readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);

  async function visibleOrganization(res: Response, id: string): Promise<OrganizationDocument> {
    const doc = await organizations.findOne({ _id: id });
    if (!doc || !inScope(principalOf(res), doc._id)) throw missing('NOT_FOUND', 'organización', id);
    return doc;
  }

  async function answer(
    res: Response,
    organizationId: string,
    written: { globalPosition: number; revision: number },
    status: 200 | 201,
  ) {
    const streamId = organizationStream(organizationId);
    await untilVisible(context, streamId, written);
    let doc = await organizations.findOne({ _id: organizationId });
    if (!doc || doc.revision < written.revision) {
      doc = foldOrganizationDocument(organizationId, await context.eventStore.readStream(streamId));
    }
    if (!doc) throw new Error(`organization ${organizationId} has no OrganizationRegistered event`);
    setRevisionETag(res, doc.revision);
    if (status === 201) res.location(`${BASE}/${organizationId}`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).json(organizationRecordOf(doc));
  }

  router.get(
    BASE,
    requirePermission(context, 'admin:organization:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'name', 'createdAt', 'updatedAt'],
        filters: ['q'],
      });
      const find = allOf(
        idFilterOf(query.filter),
        textSearch(stringOf(query.filter, 'q'), ['nameKey', 'rut']),
        scopeFilter(principalOf(res), '_id'),
      );
      const sort = sortSpecOf(query, (field) => (field === 'name' ? 'nameKey' : field));
      const [docs, total] = await Promise.all([
        organizations.find(find, { sort, ...pageOptions(query) }),
        organizations.count(find),
      ]);
      sendPage(res, 'organizations', query, docs.map(organizationRecordOf), total);
    }),
  );

  router.get(
    `${BASE}/:id`,
    requirePermission(context, 'admin:organization:read'),
    validated({ params: IdParams }, async ({ params }, _req, res) => {
      const doc = await visibleOrganization(res, params.id);
      setRevisionETag(res, doc.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(organizationRecordOf(doc));
    }),
  );

  router.post(
    BASE,
    requirePermission(context, 'admin:organization:create'),
    validated({ body: OrganizationCreateBody }, async ({ body }, req, res) => {
      if (isCompanyScoped(principalOf(res))) {
        throw forbidden('FORBIDDEN', 'un administrador de empresa no crea organizaciones', 'organization');
      }
      const metadata = commandMetadataOf(req, context.clock(), actorOf(res));
      const organizationId = derivedId('organization', metadata.commandId);
      const result = await handleCommand(
        context.eventStore,
        organizationAggregate,
        organizationStream(organizationId),
        { type: 'RegisterOrganization', data: { organizationId, name: body.name, rut: body.rut ?? null } },
        metadata,
      );
      await answer(res, organizationId, result, result.events.length > 0 ? 201 : 200);
    }),
  );

  router.put(
    `${BASE}/:id`,
    requirePermission(context, 'admin:organization:update'),
    validated({ params: IdParams, body: OrganizationUpdateBody }, async ({ params, body }, req, res) => {
      const doc = await visibleOrganization(res, params.id);
      if (body.id !== undefined && body.id !== params.id) {
        throw notEditable('id', 'el id del cuerpo no es el del recurso');
      }
      const result = await handleCommand(
        context.eventStore,
        organizationAggregate,
        organizationStream(doc._id),
        {
          type: 'UpdateOrganization',
          data: { organizationId: doc._id, changes: { name: body.name, rut: body.rut } },
        },
        commandMetadataOf(req, context.clock(), actorOf(res)),
        { expectedRevision: expectedRevisionOf(req, body.revision) },
      );
      await answer(res, doc._id, result, 200);
    }),
  );

  refuseWrites(
    router,
    [`${BASE}/:id`],
    'las organizaciones no se eliminan: sus usuarios y su historial las nombran',
    [requirePermission(context, 'admin:organization:update')],
    'GET, PUT',
  );

  return router;
}
