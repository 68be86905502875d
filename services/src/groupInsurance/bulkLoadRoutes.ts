import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import {
  actorOf,
  forbidden,
  principalOf,
  requireAnyPermission,
  requirePermission,
} from '@cubre/platform/http/guard';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import {
  listRoute,
  pageOptions,
  parseListQuery,
  recordNotFound,
  sendPage,
  sortSpecOf,
  stringOf,
  stringsOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import {
  BULK_LOAD_PROBLEMS_COLLECTION,
  BULK_LOADS_COLLECTION,
  type BulkLoadDocument,
  type BulkLoadProblemDocument,
} from '@cubre/projections/groupInsurance/documents';
import {
  BulkLoadCommandBody,
  BulkLoadTemplateQuery,
  UploadBulkLoadQuery,
} from '@cubre/schemas/groupInsurance/bulkLoad';
import { BULK_FILE_EXTENSIONS, BULK_LOAD_MAX_BYTES } from '@cubre/schemas/groupInsurance/statuses';
import type { Permission } from '@cubre/schemas/identity/permissions';
import { formatOfFileName, reportCsv, templateOf } from './bulk';
import { answerBulkLoad, undoBulkLoad } from './batchOperations';
import type { BulkLoadRunner } from './bulkLoadRunner';
import { BulkLoadWriter } from './bulkLoadWriter';
import { bulkLoadFilePath, receiveFile } from './files';
import { folderBytes, storageFull, sweepBulkLoadFiles, type BulkLoadRetention } from './bulkLoadRetention';
import { bulkLoadProblemRecordOf, bulkLoadRecordOf } from './records';
import { policiesOf, waitVisible } from './roster';
import { companyScopeOf, inScopeOr404, scopedFilter } from './scope';

const LoadParams = z.strictObject({ id: z.uuid({ error: 'el identificador de una carga es un UUID' }) });
const SORTABLE = ['createdAt', 'fileName', 'status', 'kind'] as const;
const PROBLEM_SORTABLE = ['rowNumber', 'column', 'rule'] as const;

const kindPermission = (kind: 'activation' | 'cancellation'): Permission =>
  kind === 'activation' ? 'bulk-load:bulk-activation' : 'bulk-load:bulk-cancellation';

/** The file name as a download names it: no quotes, slashes or control characters. */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120);

/** What an upload may add to the folder: its declared length, or the most any upload may hold. */
function incomingBytes(req: Request): number {
  const declared = Number(req.get('Content-Length'));
  return Number.isFinite(declared) ? Math.min(declared, BULK_LOAD_MAX_BYTES) : BULK_LOAD_MAX_BYTES;
}

/**
 * The folder's byte budget (BULK_LOADS_MAX_BYTES): over it, the files no load needs are swept first, and
 * only then is the upload refused (507), before a byte of it is read. A bound on uploads, not on the plans
 * a dry run then writes beside them (about 300 bytes per valid row).
 */
async function withinStorageBudget(
  context: AppContext,
  dataDir: string,
  retention: BulkLoadRetention,
  incoming: number,
) {
  if (folderBytes(dataDir) + incoming <= retention.maxBytes) return;
  await sweepBulkLoadFiles(context, dataDir, retention);
  if (folderBytes(dataDir) + incoming > retention.maxBytes) throw storageFull(retention.maxBytes);
}

/**
 * The console's `bulk-loads` and `bulk-load-problems` (issue 16, 002-1.01): upload (raw body, ≤ 15 MB),
 * the dry run in the background, its report (CSV) and problems (list), commit and undo, the insurer's
 * answer to a whole load, the file itself and the empty templates. Company administrators reach only
 * their organization's loads, problems, reports and files (404 for another's).
 */
export function bulkLoadRoutes(
  context: AppContext,
  runner: BulkLoadRunner,
  dataDir: string,
  retention: BulkLoadRetention,
): Router {
  const router = Router();
  const loads = () => context.readStore.collection<BulkLoadDocument>(BULK_LOADS_COLLECTION);
  const problems = () => context.readStore.collection<BulkLoadProblemDocument>(BULK_LOAD_PROBLEMS_COLLECTION);

  async function scopedLoad(res: Response, id: string) {
    return inScopeOr404(
      companyScopeOf(principalOf(res)),
      await loads().findOne({ _id: id }),
      'bulk-loads',
      id,
    );
  }
  const policyNumberOf = async (policyId: string) =>
    (await policiesOf(context.readStore).findOne({ _id: policyId }))?.number ?? policyId;
  async function answerRecord(res: Response, id: string, status = 200) {
    const doc = (await loads().findOne({ _id: id }))!;
    res.setHeader('Cache-Control', 'no-store');
    setRevisionETag(res, doc.revision);
    res.status(status).json(bulkLoadRecordOf(doc, await policyNumberOf(doc.policyId)));
  }
  function pinned(req: Parameters<typeof expectedRevisionOf>[0], doc: BulkLoadDocument, revision?: number) {
    const expected = expectedRevisionOf(req, revision);
    if (expected !== undefined && expected !== doc.revision) {
      throw new HttpProblem(
        409,
        'conflict',
        'Conflicto de versión',
        `la carga cambió: su versión actual es ${doc.revision}`,
        [{ field: 'revision', rule: 'current_revision', message: `la versión actual es ${doc.revision}` }],
      );
    }
  }

  router.get(
    '/api/admin/bulk-loads',
    requirePermission(context, 'bulk-load:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: SORTABLE,
        filters: ['organizationId', 'policyId', 'kind', 'status'],
      });
      const base = scopedFilter(companyScopeOf(principalOf(res)), stringOf(query.filter, 'organizationId'));
      if (!base) return sendPage(res, 'bulk-loads', query, [], 0);
      const ids = stringsOf(query.filter, 'id');
      const policyId = stringOf(query.filter, 'policyId');
      const kind = stringOf(query.filter, 'kind');
      const statuses = stringsOf(query.filter, 'status');
      const filter = {
        ...base,
        ...(ids ? { _id: { $in: ids } } : {}),
        ...(policyId ? { policyId } : {}),
        ...(kind ? { kind } : {}),
        ...(statuses ? { status: { $in: statuses } } : {}),
      };
      const sort = query.sort ? sortSpecOf(query) : { createdAt: -1 as const, _id: 1 as const };
      const [docs, total] = await Promise.all([
        loads().find(filter, { sort, ...pageOptions(query) }),
        loads().count(filter),
      ]);
      const numbers = new Map<string, string>();
      for (const doc of docs)
        if (!numbers.has(doc.policyId)) numbers.set(doc.policyId, await policyNumberOf(doc.policyId));
      sendPage(
        res,
        'bulk-loads',
        query,
        docs.map((doc) => bulkLoadRecordOf(doc, numbers.get(doc.policyId)!)),
        total,
      );
    }),
  );

  router.get(
    '/api/admin/bulk-loads/template',
    requireAnyPermission(
      context,
      'bulk-load:bulk-activation',
      'bulk-load:bulk-cancellation',
      'bulk-load:read',
    ),
    validated({ query: BulkLoadTemplateQuery }, async ({ query }, _req, res) => {
      const file = await templateOf(query.kind, query.format);
      const name = `plantilla-${query.kind === 'activation' ? 'altas' : 'bajas'}.${query.format}`;
      res.setHeader(
        'Content-Type',
        query.format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
      res.send(file);
    }),
  );

  router.post(
    '/api/admin/bulk-loads',
    requireAnyPermission(context, 'bulk-load:bulk-activation', 'bulk-load:bulk-cancellation'),
    validated({ query: UploadBulkLoadQuery }, async ({ query }, req, res) => {
      const principal = principalOf(res);
      if (!principal.permissions.has(kindPermission(query.kind))) {
        throw forbidden('FORBIDDEN', `requiere el permiso ${kindPermission(query.kind)}`);
      }
      const format = formatOfFileName(query.fileName);
      if (!format) {
        const message = `se aceptan archivos ${BULK_FILE_EXTENSIONS.join(' ')}`;
        throw invalidRequest([{ field: 'fileName', rule: '002-5.13', message }]);
      }
      const scope = companyScopeOf(principal);
      const policy = await policiesOf(context.readStore).findOne({ _id: query.policyId });
      if (!policy || (scope.kind === 'organization' && policy.organizationId !== scope.organizationId)) {
        throw recordNotFound('policies', query.policyId);
      }
      await withinStorageBudget(context, dataDir, retention, incomingBytes(req));
      const id = randomUUID();
      const path = bulkLoadFilePath(dataDir, id);
      const { size, sha256 } = await receiveFile(req, path, BULK_LOAD_MAX_BYTES);
      if (size === 0) {
        await rm(path, { force: true });
        throw invalidRequest([{ field: 'body', rule: 'required', message: 'el archivo está vacío' }]);
      }
      const writer = await BulkLoadWriter.open(
        context.eventStore,
        id,
        commandMetadataOf(req, context.clock(), actorOf(res)),
      );
      await writer.write({
        type: 'Upload',
        load: {
          bulkLoadId: id,
          organizationId: policy.organizationId,
          policyId: policy._id,
          kind: query.kind,
          fileName: query.fileName,
          format,
          size,
          sha256,
          by: principal.userId,
        },
      });
      await waitVisible(context, writer.lastWrite);
      runner.validate(id);
      res.setHeader('Location', `/api/admin/bulk-loads/${id}`);
      await answerRecord(res, id, 202);
    }),
  );

  router.get(
    '/api/admin/bulk-loads/:id',
    requirePermission(context, 'bulk-load:read'),
    validated({ params: LoadParams }, async ({ params }, _req, res) => {
      await scopedLoad(res, params.id);
      await answerRecord(res, params.id);
    }),
  );

  router.get(
    '/api/admin/bulk-loads/:id/report',
    requirePermission(context, 'bulk-load:read'),
    validated({ params: LoadParams }, async ({ params }, _req, res) => {
      const load = await scopedLoad(res, params.id);
      const found = await problems().find({ bulkLoadId: load._id }, { sort: { position: 1 } });
      const csv = await reportCsv(
        found.map(({ rowNumber, column, rule, message }) => ({ rowNumber, column, rule, message })),
      );
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="errores-${safeName(load.fileName)}.csv"`);
      res.setHeader('Cache-Control', 'no-store');
      if (typeof csv === 'string' || Buffer.isBuffer(csv)) {
        res.send(csv);
        return;
      }
      for await (const part of csv as AsyncIterable<string | Buffer>) res.write(part);
      res.end();
    }),
  );

  router.get(
    '/api/admin/bulk-loads/:id/file',
    requirePermission(context, 'bulk-load:read'),
    validated({ params: LoadParams }, async ({ params }, _req, res) => {
      const load = await scopedLoad(res, params.id);
      const path = bulkLoadFilePath(dataDir, load._id);
      if (!existsSync(path)) throw recordNotFound('bulk-loads', `${load._id}/file`);
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Disposition', `attachment; filename="${safeName(load.fileName)}"`);
      res.setHeader('Cache-Control', 'no-store');
      await new Promise<void>((resolve, reject) => {
        createReadStream(path).on('error', reject).pipe(res).on('finish', resolve).on('error', reject);
      });
    }),
  );

  router.post(
    '/api/admin/bulk-loads/:id/commit',
    requirePermission(context, 'bulk-load:process'),
    validated({ params: LoadParams, body: BulkLoadCommandBody }, async ({ params, body }, req, res) => {
      const load = await scopedLoad(res, params.id);
      pinned(req, load, body.revision);
      const writer = await BulkLoadWriter.open(
        context.eventStore,
        load._id,
        commandMetadataOf(req, context.clock(), actorOf(res)),
      );
      await writer.write({
        type: 'StartCommit',
        bulkLoadId: load._id,
        batchId: randomUUID(),
        by: principalOf(res).userId,
      });
      await waitVisible(context, writer.lastWrite);
      runner.commit(load._id);
      await answerRecord(res, load._id, 202);
    }),
  );

  router.post(
    '/api/admin/bulk-loads/:id/undo',
    requirePermission(context, 'bulk-load:process'),
    validated({ params: LoadParams, body: BulkLoadCommandBody }, async ({ params, body }, req, res) => {
      const load = await scopedLoad(res, params.id);
      pinned(req, load, body.revision);
      await undoBulkLoad(
        context,
        load,
        commandMetadataOf(req, context.clock(), actorOf(res)),
        principalOf(res).userId,
      );
      await answerRecord(res, load._id, 202);
    }),
  );

  for (const answer of ['accept', 'decline'] as const) {
    router.post(
      `/api/admin/bulk-loads/:id/${answer}`,
      requireAnyPermission(
        context,
        `policy-employee:process-activation:${answer}`,
        `policy-employee:process-cancellation:${answer}`,
      ),
      validated({ params: LoadParams, body: BulkLoadCommandBody }, async ({ params, body }, req, res) => {
        const load = await scopedLoad(res, params.id);
        pinned(req, load, body.revision);
        const needed: Permission = `policy-employee:process-${load.kind}:${answer}`;
        if (!principalOf(res).permissions.has(needed))
          throw forbidden('FORBIDDEN', `requiere el permiso ${needed}`);
        if (load.status !== 'COMMITTED') {
          throw new HttpProblem(409, 'not-committed', 'Operación rechazada', 'la carga no está confirmada', [
            { field: 'status', rule: 'not-committed', message: 'la carga no está confirmada' },
          ]);
        }
        const answered = await answerBulkLoad(
          context,
          load,
          answer,
          commandMetadataOf(req, context.clock(), actorOf(res)),
          principalOf(res).userId,
        );
        res.setHeader('Cache-Control', 'no-store');
        res.json({ id: load._id, answered });
      }),
    );
  }

  router.get(
    '/api/admin/bulk-load-problems',
    requirePermission(context, 'bulk-load:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: PROBLEM_SORTABLE,
        filters: ['bulkLoadId', 'organizationId'],
      });
      const base = scopedFilter(companyScopeOf(principalOf(res)), stringOf(query.filter, 'organizationId'));
      if (!base) return sendPage(res, 'bulk-load-problems', query, [], 0);
      const bulkLoadId = stringOf(query.filter, 'bulkLoadId');
      const ids = stringsOf(query.filter, 'id');
      const filter = {
        ...base,
        ...(bulkLoadId ? { bulkLoadId } : {}),
        ...(ids ? { _id: { $in: ids } } : {}),
      };
      const sort = query.sort ? sortSpecOf(query) : { bulkLoadId: 1 as const, position: 1 as const };
      const [docs, total] = await Promise.all([
        problems().find(filter, { sort, ...pageOptions(query) }),
        problems().count(filter),
      ]);
      sendPage(res, 'bulk-load-problems', query, docs.map(bulkLoadProblemRecordOf), total);
    }),
  );

  return router;
}
