import {
  LEAD_AGENDA_COLLECTION,
  LEADS_COLLECTION,
  type AgendaDocument,
  type LeadDocument,
} from '@cubre/projections/leads/projection';
import { USERS_COLLECTION, type StoredEvent, type UserDocument } from '@cubre/schemas';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { principalOf, requireAnyPermission, requirePermission } from '@cubre/platform/http/guard';
import { permissionsOf } from '../identity';
import type { AppContext } from '@cubre/platform/http/app';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem } from '@cubre/platform/http/problem';
import {
  idFilterOf,
  listRoute,
  ListQueryParameters,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  sortSpecOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import {
  AssignBody,
  BulkAssignBody,
  NoteBody,
  ScheduleBody,
  StatusChangeBody,
} from '@cubre/schemas/leads/adminRequests';
import type { AgendaEntry, LeadCounts } from '@cubre/schemas/leads/adminViews';
import { leadConsoleCommands, type ConsoleCaller } from './adminCommands';
import { LEAD_LIST_FILTERS, LEAD_LIST_SORTS, leadListFilter, mayReach } from './adminQueries';
import { adminViewOf, adminViewOfFold, type AdminLeadView } from './adminView';
import { historyEntryOf } from './history';
import { callOf } from './http';
import { leadStream } from './leadModel';
import { foldLead } from './state';

const LeadIdParams = z.strictObject({ id: z.uuid({ error: 'id es el identificador de la solicitud' }) });
const OneQuery = z.strictObject({
  asOf: z.iso.datetime({ offset: true, error: 'asOf es una fecha y hora ISO con zona' }).optional(),
  forceRefresh: z.string().optional(),
  isqps: z.string().optional(),
});

/**
 * The console's lead API (issue 5; admin-console/API.md): the list with its filters, one lead (now or as
 * of a past moment), its history, counts, the agenda, and the commands that work it. Every route checks
 * its permission here; an executive without lead:read-all reaches only the leads assigned to them.
 */
export function leadAdminRoutes(context: AppContext): Router {
  const router = Router();
  const leads = context.readStore.collection<LeadDocument>(LEADS_COLLECTION);
  const agenda = context.readStore.collection<AgendaDocument>(LEAD_AGENDA_COLLECTION);
  const readLeads = requireAnyPermission(context, 'lead:read', 'lead:read-all');
  const commands = leadConsoleCommands(context);
  const callerOf = (req: Request, res: Response): ConsoleCaller => ({
    principal: principalOf(res),
    call: callOf(context, req),
  });

  router.get(
    '/api/admin/leads',
    readLeads,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: LEAD_LIST_SORTS, filters: LEAD_LIST_FILTERS });
      const filter = { ...leadListFilter(query.filter, principalOf(res)), ...idFilterOf(query.filter) };
      const [rows, total] = await Promise.all([
        leads.find(filter, { sort: sortSpecOf(query), ...pageOptions(query) }),
        leads.count(filter),
      ]);
      sendPage(res, 'leads', query, rows.map(adminViewOf), total);
    }),
  );

  router.get(
    '/api/admin/leads/:id',
    readLeads,
    validated({ params: LeadIdParams, query: OneQuery }, async ({ params, query }, _req, res) => {
      const doc = await leads.findOne({ _id: params.id });
      if (!doc || !mayReach(principalOf(res), doc)) throw recordNotFound('leads', params.id);
      res.setHeader('Cache-Control', 'no-store');
      if (!query.asOf) {
        setRevisionETag(res, doc.revision);
        res.json(adminViewOf(doc));
        return;
      }
      const folded = foldLead(await context.eventStore.readStream(leadStream(params.id)), {
        asOf: query.asOf,
      });
      if (!folded) {
        throw new HttpProblem(404, 'not-found', 'No encontrado', 'la solicitud no existía en esa fecha', [
          { field: 'asOf', rule: 'before_creation', message: 'la solicitud no existía en esa fecha' },
        ]);
      }
      const view: AdminLeadView = { ...adminViewOfFold(params.id, folded), asOf: query.asOf };
      res.json(view);
    }),
  );

  router.get(
    '/api/admin/leads/:id/history',
    requireAnyPermission(context, 'lead:read-history'),
    validated({ params: LeadIdParams }, async ({ params }, _req, res) => {
      const doc = await leads.findOne({ _id: params.id });
      if (!doc || !mayReach(principalOf(res), doc)) throw recordNotFound('leads', params.id);
      const events: StoredEvent[] = await context.eventStore.readStream(leadStream(params.id));
      const actorIds = [
        ...new Set(events.filter((e) => e.metadata.actor.kind === 'user').map((e) => e.metadata.actor.id)),
      ];
      const users = await context.readStore
        .collection<UserDocument>(USERS_COLLECTION)
        .find({ _id: { $in: actorIds } });
      const names = new Map(users.map((user) => [user._id, user.name]));
      res.setHeader('Cache-Control', 'no-store');
      res.json(events.map((event) => historyEntryOf(event, names)));
    }),
  );

  router.post(
    '/api/admin/leads/assign',
    requirePermission(context, 'lead:assign'),
    validated({ body: BulkAssignBody }, async ({ body }, req, res) => {
      res.json(
        await commands.assignMany(callerOf(req, res), {
          ids: body.ids,
          executiveId: body.executiveId,
          reason: body.reason ?? null,
        }),
      );
    }),
  );

  const answer = (res: Response, lead: AdminLeadView) => {
    setRevisionETag(res, lead.revision);
    res.json(lead);
  };

  router.post(
    '/api/admin/leads/:id/status',
    requirePermission(context, 'lead:update-status'),
    validated({ params: LeadIdParams, body: StatusChangeBody }, async ({ params, body }, req, res) => {
      const expectedRevision = expectedRevisionOf(req, body.revision);
      const lead = await commands.changeStatus(callerOf(req, res), {
        leadId: params.id,
        statusId: body.statusId,
        subStatusId: body.subStatusId ?? null,
        failureReasonId: body.failureReasonId ?? null,
        reason: body.reason ?? null,
        expectedRevision,
      });
      answer(res, lead);
    }),
  );

  router.post(
    '/api/admin/leads/:id/assign',
    requirePermission(context, 'lead:assign'),
    validated({ params: LeadIdParams, body: AssignBody }, async ({ params, body }, req, res) => {
      const expectedRevision = expectedRevisionOf(req, body.revision);
      const lead = await commands.assign(callerOf(req, res), {
        leadId: params.id,
        executiveId: body.executiveId,
        reason: body.reason ?? null,
        expectedRevision,
      });
      answer(res, lead);
    }),
  );

  router.post(
    '/api/admin/leads/:id/notes',
    requirePermission(context, 'lead:note'),
    validated({ params: LeadIdParams, body: NoteBody }, async ({ params, body }, req, res) => {
      const expectedRevision = expectedRevisionOf(req, body.revision);
      const lead = await commands.addNote(callerOf(req, res), {
        leadId: params.id,
        text: body.text,
        expectedRevision,
      });
      answer(res.status(201), lead);
    }),
  );

  router.post(
    '/api/admin/leads/:id/events',
    requirePermission(context, 'lead:schedule'),
    validated({ params: LeadIdParams, body: ScheduleBody }, async ({ params, body }, req, res) => {
      const expectedRevision = expectedRevisionOf(req, body.revision);
      const lead = await commands.scheduleEvent(callerOf(req, res), {
        leadId: params.id,
        type: body.type,
        at: body.at,
        remindAt: body.remindAt ?? null,
        note: body.note ?? null,
        expectedRevision,
      });
      answer(res.status(201), lead);
    }),
  );

  router.get(
    '/api/admin/lead-counts',
    readLeads,
    // No parameters but the interceptors' and react-admin's cache buster `_`, each refused by name.
    validated(
      { query: ListQueryParameters.pick({ forceRefresh: true, isqps: true, _: true }) },
      async (_input, _req, res) => {
        const principal = principalOf(res);
        const own = principal.permissions.has('lead:read-all') ? {} : { executiveId: principal.userId };
        const policy = await commands.policy();
        const byStatus = await Promise.all(
          [...policy.statuses].map(async ([statusId, status]) => ({
            statusId,
            name: status.name,
            count: await leads.count({ ...own, 'status.id': statusId }),
          })),
        );
        const users = await context.readStore
          .collection<UserDocument>(USERS_COLLECTION)
          .find({ status: 'Activo' });
        const executives = [];
        for (const user of users) {
          if (!principal.permissions.has('lead:read-all') && user._id !== principal.userId) continue;
          if (!(await permissionsOf(context.readStore, user.roles)).has('lead:read')) continue;
          executives.push({
            executiveId: user._id,
            name: user.name,
            count: await leads.count({ executiveId: user._id }),
          });
        }
        const counts: LeadCounts = {
          byStatus,
          byExecutive: executives,
          unassigned: principal.permissions.has('lead:read-all')
            ? await leads.count({ executiveId: null })
            : 0,
        };
        res.setHeader('Cache-Control', 'no-store');
        res.json(counts);
      },
    ),
  );

  router.get(
    '/api/admin/agenda',
    readLeads,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['at', 'createdAt'],
        filters: ['executiveId', 'leadId', 'at_gte', 'at_lte', 'type'],
      });
      const principal = principalOf(res);
      const raw = query.filter;
      const filter: Record<string, unknown> = { ...idFilterOf(raw) };
      for (const field of ['executiveId', 'leadId', 'type'] as const) {
        if (raw[field] !== undefined) filter[field] = { $in: [raw[field]].flat().map(String) };
      }
      const at: Record<string, string> = {};
      for (const [key, op] of [
        ['at_gte', '$gte'],
        ['at_lte', '$lte'],
      ] as const) {
        const value = raw[key];
        if (value === undefined) continue;
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
          throw new HttpProblem(400, 'validation', 'Solicitud inválida', `${key} es una fecha ISO`, [
            { field: `filter.${key}`, rule: 'format', message: `${key} es una fecha ISO` },
          ]);
        }
        at[op] = new Date(value).toISOString();
      }
      if (Object.keys(at).length) filter.at = at;
      if (!principal.permissions.has('lead:read-all')) filter.executiveId = principal.userId;
      const [rows, total] = await Promise.all([
        agenda.find(filter, {
          sort: sortSpecOf(query.sort ? query : { ...query, sort: { field: 'at', order: 'ASC' } }),
          ...pageOptions(query),
        }),
        agenda.count(filter),
      ]);
      sendPage(
        res,
        'agenda',
        query,
        rows.map(({ _id, ...rest }): AgendaEntry => ({ id: _id, ...rest })),
        total,
      );
    }),
  );

  return router;
}
