import { ComparatorLinkParams, SaveComparatorUrlBody, type ComparatorLinkResponse } from '@cubre/schemas';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf, isFreshCommandId } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { invalidRequest, notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import {
  COMPARATOR_LINKS_COLLECTION,
  COMPARATOR_LINKS_PROJECTION,
  type ComparatorLinkDocument,
} from '@cubre/projections/comparatorLinks/projection';
import { ComparatorLinkDomainEvent, comparatorLinkDecider, comparatorLinkStream } from './decider';
import { linkCodeFor } from './linkCode';
import { checkSiteUrl, redirectTarget } from './siteUrl';

const comparatorLink = { decider: comparatorLinkDecider, eventSchema: ComparatorLinkDomainEvent };
/** A collision needs two paths with the same 8-character code; several in a row means something else is wrong. */
const MAX_LINK_ATTEMPTS = 5;

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

function responseOf(doc: ComparatorLinkDocument, origin: string): ComparatorLinkResponse {
  return {
    link: doc._id,
    url: doc.url,
    path: doc.path,
    shortUrl: `${origin}/url/${doc._id}`,
    savedAt: doc.savedAt,
  };
}

/** The shared comparator link of seed 000 §7 and 001 §7: save a comparator URL, read it back, follow /url/{link}. */
export function comparatorLinkRoutes(context: AppContext): Router {
  const router = Router();
  const links = context.readStore.collection<ComparatorLinkDocument>(COMPARATOR_LINKS_COLLECTION);

  router.post(
    '/api/buscarplanes/comparator-url',
    context.rateLimits.guard('links'),
    validated({ body: SaveComparatorUrlBody }, async ({ body }, req, res) => {
      const site = checkSiteUrl(body.url, [...context.config.publicOrigins, originOf(req)]);
      if (!site.ok) throw invalidRequest([{ field: 'url', rule: site.rule, message: site.message }]);
      const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
      // Without an Idempotency-Key the command id is new, so its events are new: the link's stream is
      // almost always new too (decided without reading it, see expectNewStream), and what it stored is
      // exactly what the read model will show (answered without reading it back).
      const fresh = isFreshCommandId(metadata.commandId);
      for (let attempt = 0; attempt < MAX_LINK_ATTEMPTS; attempt++) {
        const link = linkCodeFor(site.path, attempt);
        const streamId = comparatorLinkStream(link);
        let result;
        try {
          result = await handleCommand(
            context.eventStore,
            comparatorLink,
            streamId,
            { type: 'SaveComparatorUrl', data: { link, url: body.url, path: site.path } },
            // Each attempt is its own command: its events must not share ids with the refused one.
            {
              ...metadata,
              commandId: attempt === 0 ? metadata.commandId : `${metadata.commandId}#${attempt}`,
            },
            { expectNewStream: fresh },
          );
        } catch (error) {
          if (error instanceof CommandRejected && error.rule === 'link_taken') continue;
          throw error;
        }
        const created = result.events.length > 0;
        if (created) {
          await context.visibility.waitUntilVisible(
            { globalPosition: result.globalPosition, streamId },
            [COMPARATOR_LINKS_PROJECTION],
            context.config.readYourWritesTimeoutMs,
          );
        }
        // Still waited for above: the answer means a GET of the link finds it (read-your-writes).
        const doc = created && fresh ? null : await links.findOne({ _id: link });
        const answer: ComparatorLinkResponse = doc
          ? responseOf(doc, originOf(req))
          : {
              link,
              url: body.url,
              path: site.path,
              shortUrl: `${originOf(req)}/url/${link}`,
              savedAt: metadata.receivedAt,
            };
        setRevisionETag(res, result.revision);
        res.location(`/api/buscarplanes/comparator/url/${link}`);
        res.status(created ? 201 : 200).json(answer);
        return;
      }
      throw new Error(`no free short link for a path after ${MAX_LINK_ATTEMPTS} attempts`);
    }),
  );

  router.get(
    '/api/buscarplanes/comparator/url/:lastSegment',
    validated({ params: ComparatorLinkParams }, async ({ params }, req, res) => {
      const doc = await links.findOne({ _id: params.lastSegment });
      if (!doc) throw notFound(`no existe el enlace ${params.lastSegment}`);
      setRevisionETag(res, doc.revision);
      res.json(responseOf(doc, originOf(req)));
    }),
  );

  router.get(
    '/url/:link',
    validated(
      { params: z.strictObject({ link: z.string() }), query: z.record(z.string(), z.unknown()) },
      async ({ params }, _req, res) => {
        const code = ComparatorLinkParams.shape.lastSegment.safeParse(params.link);
        const doc = code.success ? await links.findOne({ _id: code.data }) : null;
        if (!doc) throw notFound(`no existe el enlace ${params.link}`);
        res.redirect(302, redirectTarget(doc.path));
      },
    ),
  );

  return router;
}
