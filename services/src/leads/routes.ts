import { LeadParams, addonRequestBody, leadUpdateBody, planRequestBody } from '@cubre/schemas';
import { LEADS_COLLECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import { perEdition } from '@cubre/platform/http/perEdition';
import { PATHS, answerLead, callOf } from './http';
import { isUuid } from './ids';
import type { LeadCommands } from './leadCommands';
import { publicViewOf } from './publicView';

/**
 * The request calls of seed 000 §7 (rules 000-7.18, 000-7.19): POST api/solicitarplans and
 * api/seguro-adicional/solicitar start a lead, their /update calls change its contact data, and
 * GET …/{id} reads it back without personal data. Each parses, calls leadCommands.ts and answers. Field
 * names and answers: README.md beside this file.
 */
export function leadRoutes(context: AppContext, commands: LeadCommands): Router {
  const router = Router();
  const leads = context.readStore.collection<LeadDocument>(LEADS_COLLECTION);

  // Lead and add-on requests and their updates are anonymous writes: limited per client and in total,
  // with the "Soy humano!" check past the client's threshold (issue 13).
  const limited = context.rateLimits.guard('leads');
  for (const kind of ['plan', 'addon'] as const) {
    const paths = PATHS[kind];
    router.post(
      paths.request,
      limited,
      kind === 'plan'
        ? perEdition(planRequestBody, async ({ body }, req, res, country) =>
            answerLead(res, await commands.requestLead(callOf(context, req), { kind, country, body })),
          )
        : perEdition(addonRequestBody, async ({ body }, req, res, country) =>
            answerLead(res, await commands.requestLead(callOf(context, req), { kind, country, body })),
          ),
    );
    router.post(
      paths.update,
      limited,
      perEdition(leadUpdateBody, async ({ body }, req, res, country) => {
        const expectedRevision = expectedRevisionOf(req, body.revision);
        answerLead(
          res,
          await commands.updateLeadContact(callOf(context, req), { kind, country, body, expectedRevision }),
        );
      }),
    );
    router.get(
      `${paths.read}/:id`,
      validated({ params: LeadParams }, async ({ params }, _req, res) => {
        const doc = isUuid(params.id) ? await leads.findOne({ _id: params.id }) : null;
        if (!doc || doc.kind !== kind) throw notFound(`no existe la solicitud ${params.id}`);
        setRevisionETag(res, doc.revision);
        res.setHeader('Cache-Control', 'no-store');
        res.json(publicViewOf(doc._id, doc));
      }),
    );
  }

  return router;
}
