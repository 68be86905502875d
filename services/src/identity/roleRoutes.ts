import {
  COMPANY_ADMIN_ROLES,
  PERMISSION_RECORDS,
  ROLES_COLLECTION,
  RoleUpdateBody,
  isRoleCode,
  type PermissionRecord,
  type RoleDocument,
  type RoleRecord,
} from '@cubre/schemas';
import { foldRoleDocument } from '@cubre/projections/identity/documents';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import {
  idFilterOf,
  listRoute,
  parseListQuery,
  pageOptions,
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
  stringsOf,
  textSearch,
  untilVisible,
} from './adminHttp';
import { invalidRequest } from '@cubre/platform/http/problem';
import { actorOf, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { RoleDomainEvent, roleDecider, roleStream } from './roleDecider';
import { assertPermissionsHeld, isCompanyScoped } from './scope';

const ROLES = '/api/admin/roles';
const PERMISSIONS = '/api/admin/permissions';
const IdParams = z.strictObject({ id: z.string().min(1).max(100) });
const roleAggregate = { decider: roleDecider, eventSchema: RoleDomainEvent };

export const roleRecordOf = (doc: RoleDocument): RoleRecord => ({
  id: doc._id,
  name: doc.name,
  permissions: doc.permissions,
  updatedAt: doc.updatedAt,
  revision: doc.revision,
});

/** A company administrator sees the roles they may give (company-administrator roles); staff, all. */
const visibleRoles = (res: Response) =>
  isCompanyScoped(principalOf(res)) ? { _id: { $in: [...COMPANY_ADMIN_ROLES] } } : {};

/** Sorts and pages an in-memory list the way the read store would (a stable order, ties by id). */
function pageOf<T extends { id: string }>(rows: T[], sort: Record<string, 1 | -1>): T[] {
  const keys = Object.entries(sort).map(
    ([key, direction]) => [key === '_id' ? 'id' : key, direction] as const,
  );
  return [...rows].sort((a, b) => {
    for (const [key, direction] of keys) {
      const x = String((a as Record<string, unknown>)[key]);
      const y = String((b as Record<string, unknown>)[key]);
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  });
}

/**
 * The role-to-permission mapping editor (`roles`: list, one, update) and the permission catalogue
 * (`permissions`: read-only). Roles are the fixed set of seed 002 §6: never created or deleted here.
 */
export function roleRoutes(context: AppContext): Router {
  const router = Router();
  const roles = context.readStore.collection<RoleDocument>(ROLES_COLLECTION);

  async function roleOf(res: Response, id: string): Promise<RoleDocument> {
    const doc = isRoleCode(id) ? await roles.findOne(allOf({ _id: id }, visibleRoles(res))) : null;
    if (!doc) throw missing('ROLE_NOT_FOUND', 'rol', id);
    return doc;
  }

  router.get(
    ROLES,
    requirePermission(context, 'role:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'name', 'updatedAt'],
        filters: ['q', 'permission'],
      });
      const permissions = stringsOf(query.filter, 'permission');
      const find = allOf(
        idFilterOf(query.filter),
        textSearch(stringOf(query.filter, 'q'), ['_id', 'name']),
        permissions ? { permissions: { $all: permissions } } : {},
        visibleRoles(res),
      );
      const [docs, total] = await Promise.all([
        roles.find(find, { sort: sortSpecOf(query), ...pageOptions(query) }),
        roles.count(find),
      ]);
      sendPage(res, 'roles', query, docs.map(roleRecordOf), total);
    }),
  );

  router.get(
    `${ROLES}/:id`,
    requirePermission(context, 'role:read'),
    validated({ params: IdParams }, async ({ params }, _req, res) => {
      const doc = await roleOf(res, params.id);
      setRevisionETag(res, doc.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(roleRecordOf(doc));
    }),
  );

  router.put(
    `${ROLES}/:id`,
    requirePermission(context, 'role:update'),
    validated({ params: IdParams, body: RoleUpdateBody }, async ({ params, body }, req, res) => {
      const doc = await roleOf(res, params.id);
      if (body.id !== undefined && body.id !== params.id) {
        throw notEditable('id', 'el id del cuerpo no es el del recurso');
      }
      const held = new Set(doc.permissions);
      assertPermissionsHeld(
        principalOf(res),
        body.permissions.filter((permission) => !held.has(permission)),
      );
      const streamId = roleStream(doc._id);
      const result = await handleCommand(
        context.eventStore,
        roleAggregate,
        streamId,
        {
          type: 'SetRolePermissions',
          data: { role: doc._id, name: body.name ?? doc.name, permissions: body.permissions },
        },
        commandMetadataOf(req, context.clock(), actorOf(res)),
        { expectedRevision: expectedRevisionOf(req, body.revision) },
      );
      await answer(res, doc._id, result);
    }),
  );

  async function answer(res: Response, role: string, written: { globalPosition: number; revision: number }) {
    const streamId = roleStream(role as RoleDocument['_id']);
    await untilVisible(context, streamId, written);
    let doc = await roles.findOne({ _id: role });
    if (!doc || doc.revision < written.revision) {
      doc = foldRoleDocument(role, await context.eventStore.readStream(streamId));
    }
    if (!doc) throw new Error(`role ${role} has no RolePermissionsSet event`);
    setRevisionETag(res, doc.revision);
    res.setHeader('Cache-Control', 'no-store');
    res.json(roleRecordOf(doc));
  }

  refuseWrites(
    router,
    [ROLES, `${ROLES}/:id`],
    'los roles son los de la plataforma: se editan sus permisos, no se crean ni se eliminan',
    [requirePermission(context, 'role:update')],
    'GET, PUT',
  );

  router.get(
    PERMISSIONS,
    requirePermission(context, 'role:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: ['id', 'group'], filters: ['q', 'group', 'seed'] });
      const ids = stringsOf(query.filter, 'id');
      const groups = stringsOf(query.filter, 'group');
      const q = stringOf(query.filter, 'q')?.trim().toLowerCase();
      const seed = query.filter.seed;
      if (seed !== undefined && typeof seed !== 'boolean') {
        throw invalidRequest([{ field: 'filter.seed', rule: 'format', message: 'seed es true o false' }]);
      }
      const rows: PermissionRecord[] = PERMISSION_RECORDS.filter(
        (row) =>
          (!ids || ids.includes(row.id)) &&
          (!groups || groups.includes(row.group)) &&
          (seed === undefined || row.seed === seed) &&
          (!q || row.id.includes(q)),
      );
      const sorted = pageOf([...rows], sortSpecOf(query));
      const { skip, limit } = pageOptions(query);
      sendPage(res, 'permissions', query, sorted.slice(skip, skip + limit), rows.length);
    }),
  );

  router.get(
    `${PERMISSIONS}/:id`,
    requirePermission(context, 'role:read'),
    validated(
      { params: z.strictObject({ id: z.string().min(1).max(200) }) },
      async ({ params }, _req, res) => {
        const row = PERMISSION_RECORDS.find((permission) => permission.id === params.id);
        if (!row) throw missing('NOT_FOUND', 'permiso', params.id);
        res.setHeader('Cache-Control', 'no-store');
        res.json(row);
      },
    ),
  );

  refuseWrites(
    router,
    [PERMISSIONS, `${PERMISSIONS}/:id`],
    'el catálogo de permisos es fijo: se asignan a los roles en /api/admin/roles',
    [requirePermission(context, 'role:read')],
  );

  return router;
}
