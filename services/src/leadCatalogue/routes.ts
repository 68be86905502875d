import {
  LEAD_CATALOGUE_SCHEMAS,
  LeadCatalogueId,
  LeadCatalogueParams,
  leadCatalogueStream,
  type LeadCatalogueKind,
  type LeadCatalogueRecord,
} from '@cubre/schemas';
import { LEAD_CATALOGUE_PROJECTION } from '@cubre/projections/leadCatalogue/projection';
import { Router, type Request, type Response } from 'express';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
import {
  handleCommand,
  type AggregateDefinition,
  type CommandResult,
} from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import {
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  type ListQuery,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { fieldErrorsOf } from '@cubre/platform/http/zodErrors';
import { WrongExpectedRevisionError } from '@cubre/platform/ports/eventStore';
import type { SortSpec } from '@cubre/platform/ports/readStore';
import {
  LEAD_CATALOGUE_AGGREGATES,
  type CatalogueRecordCommand,
  type CatalogueRecordEvent,
  type CatalogueRecordState,
} from './decider';
import { catalogueCollection, checkRecord, nextCatalogueId, referencesTo } from './references';
import type { CatalogueUsage } from './usage';
import { CATALOGUE_RESOURCES, type CatalogueResource } from './resources';

const ADMIN = '/api/admin';
/** Tries of a create without id when another create took the allocated id first. */
const ID_ALLOCATION_TRIES = 5;

type AnyRecord = { id: number } & Record<string, unknown>;

/** The largest id the records take (999999): an allocated one past it is no id at all. */
const LEAD_CATALOGUE_MAX_ID = LeadCatalogueId.maxValue ?? Number.MAX_SAFE_INTEGER;
const noIdLeft = (resource: string) => {
  const message = `no quedan ids de ${resource} después de ${LEAD_CATALOGUE_MAX_ID}: indique el id`;
  return new HttpProblem(409, 'conflict', 'Conflicto', message, [{ field: 'id', rule: 'max', message }]);
};

/** Lists sort by `order` (ties by id) unless told otherwise; `id` sorts by the number, not its text. */
function sortOf(query: ListQuery, kind: LeadCatalogueKind): SortSpec {
  if (!query.sort) return kind === 'leadTransition' ? { id: 1 } : { order: 1, id: 1 };
  const direction = query.sort.order === 'ASC' ? 1 : -1;
  return query.sort.field === 'id' ? { id: direction } : { [query.sort.field]: direction, id: 1 };
}

/**
 * The admin API of one lead catalogue (admin-console/API.md, ra-data-simple-rest): list, getMany (filter
 * `id`), one with its ETag, create (201), update (If-Match or `revision`; stale → 409), delete (409
 * `in_use` while something refers to the record). Reads need `lead-catalogue:read`, writes
 * `lead-catalogue:update`; every write waits for the projection, so the next list shows it.
 */
function resourceRoutes(
  context: AppContext,
  spec: CatalogueResource,
  usages: readonly CatalogueUsage[],
): Router {
  const router = Router();
  const { kind, resource } = spec;
  const collection = catalogueCollection(context.readStore, kind);
  const recordSchema = LEAD_CATALOGUE_SCHEMAS[kind].record;
  const aggregate = LEAD_CATALOGUE_AGGREGATES[kind] as unknown as AggregateDefinition<
    CatalogueRecordState<AnyRecord>,
    CatalogueRecordCommand<AnyRecord>,
    CatalogueRecordEvent<AnyRecord>
  >;
  const base = `${ADMIN}/${resource}`;
  const read = requirePermission(context, 'lead-catalogue:read');
  const write = requirePermission(context, 'lead-catalogue:update');

  const viewOf = (record: Record<string, unknown>, revision: number) => {
    const view: Record<string, unknown> = {};
    for (const field of spec.fields) view[field] = record[field];
    view.revision = revision;
    return view;
  };

  const run = (
    req: Request,
    res: Response,
    id: number,
    command: CatalogueRecordCommand<AnyRecord>,
    expectedRevision?: number,
  ) =>
    handleCommand(
      context.eventStore,
      aggregate,
      leadCatalogueStream(kind, id),
      command,
      commandMetadataOf(req, context.clock(), actorOf(res)),
      { expectedRevision },
    );

  /** Waits for the projection, then answers the record as the command left it (the stream is the truth). */
  async function answer(
    res: Response,
    id: number,
    result: CommandResult<CatalogueRecordState<AnyRecord>>,
    status: 200 | 201,
  ) {
    if (result.globalPosition > 0) {
      await context.visibility.waitUntilVisible(
        { globalPosition: result.globalPosition, streamId: leadCatalogueStream(kind, id) },
        [LEAD_CATALOGUE_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
    }
    if (result.state.status === 'Empty') throw new Error(`${kind} ${id} has no record after a command`);
    setRevisionETag(res, result.revision);
    if (status === 201) res.location(`${base}/${id}`);
    res.status(status).json(viewOf(result.state.record, result.revision));
  }

  /** A stream that is not there (or was deleted) is a 404, whatever the decider or the store said. */
  const missingAs404 = (id: number) => (error: unknown) => {
    const missing =
      (error instanceof WrongExpectedRevisionError && error.actual === -1) ||
      (error instanceof CommandRejected && error.rule === 'not_found');
    throw missing ? recordNotFound(resource, String(id)) : error;
  };

  router.get(
    base,
    read,
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: spec.sortable,
        filters: Object.keys(spec.filters.shape),
      });
      const { id: _ids, ...rest } = query.filter;
      const parsed = spec.filters.safeParse(rest, { reportInput: true });
      if (!parsed.success) {
        throw invalidRequest(
          fieldErrorsOf(parsed.error, 'body').map((error) => ({ ...error, field: `filter.${error.field}` })),
        );
      }
      const ids = idFilterOf(query.filter);
      // getMany sends only `filter={"id":[…]}`: without a range it gets every id it asked for.
      const requested = (ids._id as { $in?: unknown[] } | undefined)?.$in;
      const page: ListQuery =
        requested && req.query.range === undefined
          ? { ...query, range: { start: 0, end: Math.max(requested.length - 1, 0) } }
          : query;
      const filter = { deleted: false, ...ids, ...spec.filterOf(parsed.data) };
      const [total, docs] = await Promise.all([
        collection.count(filter),
        collection.find(filter, { sort: sortOf(page, kind), ...pageOptions(page) }),
      ]);
      sendPage(
        res,
        resource,
        page,
        docs.map((doc) => viewOf(doc, doc.revision)),
        total,
      );
    }),
  );

  router.get(
    `${base}/:id`,
    read,
    validated({ params: LeadCatalogueParams }, async ({ params }, _req, res) => {
      const doc = await collection.findOne({ _id: params.id, deleted: false });
      if (!doc) throw recordNotFound(resource, params.id);
      setRevisionETag(res, doc.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(viewOf(doc, doc.revision));
    }),
  );

  router.post(
    base,
    write,
    validated({ body: spec.createBody }, async ({ body }, req, res) => {
      const given = (body as { id?: number }).id;
      let id = given ?? (await nextCatalogueId(context.readStore, kind));
      const fields = new Set(Object.keys(recordSchema.shape));
      for (let attempt = 1; ; attempt++) {
        // An admin may have taken the last id (999999): the next one is no id at all (issue 13, a 500).
        if (given === undefined && id > LEAD_CATALOGUE_MAX_ID) throw noIdLeft(resource);
        const record = recordSchema.parse({ ...(body as object), id }) as AnyRecord;
        await checkRecord(context.readStore, kind, record as LeadCatalogueRecord<typeof kind>, fields);
        try {
          const result = await run(req, res, id, { type: 'CreateRecord', record });
          return await answer(res, id, result, result.events.length > 0 ? 201 : 200);
        } catch (error) {
          const taken = error instanceof CommandRejected && error.rule === 'exists';
          if (!taken || given !== undefined || attempt >= ID_ALLOCATION_TRIES) throw error;
          id += 1;
        }
      }
    }),
  );

  router.put(
    `${base}/:id`,
    write,
    validated({ body: spec.updateBody, params: LeadCatalogueParams }, async ({ body, params }, req, res) => {
      const id = Number(params.id);
      const { id: bodyId, revision, ...changes } = body as { id?: number; revision?: number };
      if (bodyId !== undefined && bodyId !== id) {
        throw invalidRequest([
          {
            field: 'id',
            rule: 'path_id',
            message: `el id del cuerpo (${bodyId}) no es el de la ruta (${id})`,
          },
        ]);
      }
      const expectedRevision = expectedRevisionOf(req, revision);
      const current = await collection.findOne({ _id: params.id, deleted: false });
      if (!current) throw recordNotFound(resource, params.id);
      const merged = { ...current, ...changes, id } as unknown as LeadCatalogueRecord<typeof kind>;
      await checkRecord(context.readStore, kind, merged, new Set(Object.keys(changes)));
      const result = await run(req, res, id, { type: 'ReviseRecord', changes }, expectedRevision).catch(
        missingAs404(id),
      );
      await answer(res, id, result, 200);
    }),
  );

  router.delete(
    `${base}/:id`,
    write,
    validated({ params: LeadCatalogueParams }, async ({ params }, req, res) => {
      const id = Number(params.id);
      const expectedRevision = expectedRevisionOf(req, undefined);
      const referencedBy = await referencesTo(context.readStore, kind, id, usages);
      const result = await run(req, res, id, { type: 'DeleteRecord', referencedBy }, expectedRevision).catch(
        missingAs404(id),
      );
      await answer(res, id, result, 200);
    }),
  );

  return router;
}

/** The four lead-catalogue resources under /api/admin. */
export function leadCatalogueRoutes(context: AppContext, usages: readonly CatalogueUsage[]): Router {
  const router = Router();
  for (const spec of CATALOGUE_RESOURCES) router.use(resourceRoutes(context, spec, usages));
  return router;
}
