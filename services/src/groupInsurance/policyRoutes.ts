import { Router } from 'express';
import { z } from 'zod';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { actorOf, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import {
  listRoute,
  pageOptions,
  parseListQuery,
  sendPage,
  sortSpecOf,
  stringOf,
  stringsOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { POLICY_SORTABLE } from '@cubre/projections/groupInsurance/documents';
import { CreatePolicyBody } from '@cubre/schemas/groupInsurance/policy';
import { ORGANIZATIONS_COLLECTION } from '@cubre/schemas/identity/documents';
import { organizationsOfTypes } from '../catalogue';
import { INSURER_TYPES } from '../insurers';
import { policyAggregate, policyStream } from './policyDecider';
import { policiesOf, waitVisible } from './roster';
import { policyNames, policyRecordOf } from './records';
import { companyScopeOf, inScopeOr404, scopedFilter } from './scope';

const PolicyParams = z.strictObject({ id: z.string().min(1).max(60) });

const unprocessable = (field: string, rule: string, message: string) =>
  new HttpProblem(422, 'validation', 'Solicitud inválida', message, [{ field, rule, message }]);

/** An id from the policy's number: lowercase letters, digits and dashes. */
const idOf = (organizationId: string, number: string) =>
  `${organizationId}-${number}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/**
 * The console's `policies` (issue 16): a company administrator lists their organization's, staff every
 * company's; staff create them (`policy:create`) for an organization with an insurer of the catalogue.
 */
export function policyRoutes(context: AppContext): Router {
  const router = Router();
  const policies = () => policiesOf(context.readStore);

  router.get(
    '/api/admin/policies',
    requirePermission(context, 'policy:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: POLICY_SORTABLE,
        filters: ['organizationId', 'insurerCode', 'status', 'q'],
      });
      const base = scopedFilter(companyScopeOf(principalOf(res)), stringOf(query.filter, 'organizationId'));
      if (!base) return sendPage(res, 'policies', query, [], 0);
      const ids = stringsOf(query.filter, 'id');
      const statuses = stringsOf(query.filter, 'status');
      const insurer = stringOf(query.filter, 'insurerCode');
      const q = stringOf(query.filter, 'q')?.trim();
      const filter = {
        ...base,
        ...(ids ? { _id: { $in: ids } } : {}),
        ...(statuses ? { status: { $in: statuses } } : {}),
        ...(insurer ? { insurerCode: insurer } : {}),
        ...(q ? { number: { $gte: q, $lt: `${q}\uffff` } } : {}),
      };
      const [docs, total] = await Promise.all([
        policies().find(filter, { sort: sortSpecOf(query), ...pageOptions(query) }),
        policies().count(filter),
      ]);
      const names = await policyNames(
        context.readStore,
        docs.map((doc) => doc.organizationId),
      );
      sendPage(
        res,
        'policies',
        query,
        docs.map((doc) => policyRecordOf(doc, names)),
        total,
      );
    }),
  );

  router.get(
    '/api/admin/policies/:id',
    requirePermission(context, 'policy:read'),
    validated({ params: PolicyParams }, async ({ params }, _req, res) => {
      const doc = inScopeOr404(
        companyScopeOf(principalOf(res)),
        await policies().findOne({ _id: params.id }),
        'policies',
        params.id,
      );
      res.setHeader('Cache-Control', 'no-store');
      setRevisionETag(res, doc.revision);
      res.json(policyRecordOf(doc, await policyNames(context.readStore, [doc.organizationId])));
    }),
  );

  router.post(
    '/api/admin/policies',
    requirePermission(context, 'policy:create'),
    validated({ body: CreatePolicyBody }, async ({ body }, req, res) => {
      // Staff only: a company administrator holding policy:create still creates nothing for another company.
      const principal = principalOf(res);
      if (principal.organizationId !== null && principal.organizationId !== body.organizationId) {
        throw unprocessable('organizationId', 'scope', 'la organización no es la suya');
      }
      const organization = await context.readStore
        .collection(ORGANIZATIONS_COLLECTION)
        .findOne({ _id: body.organizationId });
      if (!organization) throw unprocessable('organizationId', 'exists', 'la organización no existe');
      const insurers = await organizationsOfTypes(context.readStore)(INSURER_TYPES);
      if (!insurers.some((insurer) => insurer.code === body.insurerCode)) {
        throw unprocessable('insurerCode', 'exists', 'la aseguradora no está en el catálogo');
      }
      const policyId = body.id ?? idOf(body.organizationId, body.number);
      const streamId = policyStream(policyId);
      const result = await handleCommand(
        context.eventStore,
        policyAggregate,
        streamId,
        {
          type: 'CreatePolicy',
          policy: {
            policyId,
            organizationId: body.organizationId,
            insurerCode: body.insurerCode,
            number: body.number,
            name: body.name,
            coverageGroups: body.coverageGroups,
            status: 'ACTIVE',
            startDate: body.startDate,
          },
        },
        commandMetadataOf(req, context.clock(), actorOf(res)),
      );
      await waitVisible(context, { globalPosition: result.globalPosition, streamId });
      const doc = await policies().findOne({ _id: policyId });
      setRevisionETag(res, result.revision);
      res.status(201).json(policyRecordOf(doc!, await policyNames(context.readStore, [doc!.organizationId])));
    }),
  );

  return router;
}
