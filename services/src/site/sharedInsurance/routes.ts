import type { Profile } from '@cubre/schemas';
import {
  PROFILE_CONTACT_FIELDS,
  SHARED_PROFILE_MAX_BYTES,
  ShareInsuranceBody,
  SharedInsuranceParams,
  type ResolvedSharedInsurance,
  type SharedInsuranceData,
  type SharedInsuranceResponse,
} from '@cubre/schemas/site';
import type { CardDocument } from '../../catalogue';
import {
  SHARED_INSURANCE_COLLECTION,
  SHARED_INSURANCE_PROJECTION,
  type SharedInsuranceDocument,
} from '@cubre/projections/site/sharedInsurance';
import { Router, type Request, type Response } from 'express';
import type { CatalogueSnapshot, CatalogueSnapshots } from '../../catalogue';
import { checkSiteUrl } from '../../comparatorLinks';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem, invalidRequest, notFound } from '@cubre/platform/http/problem';
import { validated } from '@cubre/platform/http/validate';
import {
  SharedInsuranceDomainEvent,
  shareContentOf,
  sharedInsuranceDecider,
  sharedInsuranceStream,
} from './decider';
import { shareCodeFor, shareLink, sharedPath, sharedQuoteUrl } from './shareCode';

const sharedInsurance = { decider: sharedInsuranceDecider, eventSchema: SharedInsuranceDomainEvent };
/** A collision needs two contents with the same 10-character code; several in a row means something else is wrong. */
const MAX_CODE_ATTEMPTS = 5;

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/** A share is readable by whoever holds its link: the profile's contact fields never go into it. */
function withoutContactFields(profile: Profile): Profile {
  const copy: Record<string, unknown> = { ...profile };
  for (const name of PROFILE_CONTACT_FIELDS) delete copy[name];
  return copy as Profile;
}

/** Cards by product code, one index per catalogue version. */
function productIndex() {
  let indexed: { version: string; byCode: Map<string, CardDocument> } = { version: '', byCode: new Map() };
  return (snapshot: CatalogueSnapshot) => {
    if (indexed.version !== snapshot.version) {
      indexed = {
        version: snapshot.version,
        byCode: new Map(snapshot.cards.map((card) => [card.productCode, card])),
      };
    }
    return indexed.byCode;
  };
}

function responseOf(doc: SharedInsuranceDocument, origin: string): SharedInsuranceResponse {
  const share = { code: doc._id, path: doc.path, productCode: doc.productCode, productType: doc.productType };
  return {
    code: doc._id,
    link: shareLink(origin, share),
    productCode: doc.productCode,
    productType: doc.productType as SharedInsuranceResponse['productType'],
    path: doc.path,
    savedAt: doc.savedAt,
  };
}

/**
 * Shared insurance links (rule 000-7.26): POST or PUT api/buscarplanes/sharedinsurance saves one and answers
 * its link; POST api/buscarplanes/sharedinsurance/{code} resolves it. PUT is the same call: a share is
 * named by its content, so saving is idempotent whatever the verb.
 */
export function sharedInsuranceRoutes(context: AppContext, snapshots: CatalogueSnapshots): Router {
  const router = Router();
  const shares = context.readStore.collection<SharedInsuranceDocument>(SHARED_INSURANCE_COLLECTION);
  const productsOf = productIndex();

  const save = validated({ body: ShareInsuranceBody }, async ({ body }, req: Request, res: Response) => {
    const site = checkSiteUrl(body.url, [...context.config.publicOrigins, originOf(req)]);
    if (!site.ok) throw invalidRequest([{ field: 'url', rule: site.rule, message: site.message }]);
    const card = productsOf(await snapshots.get()).get(body.productCode);
    if (!card) {
      throw new HttpProblem(
        422,
        'unknown-product',
        'Producto desconocido',
        'productCode no está en el catálogo',
        [{ field: 'productCode', rule: 'catalogue', message: `no existe el producto ${body.productCode}` }],
      );
    }
    const profile = withoutContactFields(body.profile);
    if (Buffer.byteLength(JSON.stringify(profile)) > SHARED_PROFILE_MAX_BYTES) {
      throw invalidRequest([
        {
          field: 'profile',
          rule: 'max_bytes',
          message: `el perfil compartido admite a lo más ${SHARED_PROFILE_MAX_BYTES} bytes`,
        },
      ]);
    }
    const content: Omit<SharedInsuranceData, 'code'> = {
      productCode: card.productCode,
      productType: body.productType ?? (card.productType as SharedInsuranceData['productType']),
      path: sharedPath(site.path),
      profile,
    };
    const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
    const text = shareContentOf({ code: '', ...content });
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const code = shareCodeFor(text, attempt);
      const streamId = sharedInsuranceStream(code);
      let result;
      try {
        result = await handleCommand(
          context.eventStore,
          sharedInsurance,
          streamId,
          { type: 'SaveSharedInsurance', data: { code, ...content } },
          // Each attempt is its own command: its events must not share ids with the refused one.
          { ...metadata, commandId: attempt === 0 ? metadata.commandId : `${metadata.commandId}#${attempt}` },
        );
      } catch (error) {
        if (error instanceof CommandRejected && error.rule === 'code_taken') continue;
        throw error;
      }
      const created = result.events.length > 0;
      if (created) {
        await context.visibility.waitUntilVisible(
          { globalPosition: result.globalPosition, streamId },
          [SHARED_INSURANCE_PROJECTION],
          context.config.readYourWritesTimeoutMs,
        );
      }
      const doc = await shares.findOne({ _id: code });
      const answer = responseOf(
        doc ?? { _id: code, ...content, savedAt: metadata.receivedAt, revision: result.revision },
        originOf(req),
      );
      setRevisionETag(res, result.revision);
      res.location(`/api/buscarplanes/sharedinsurance/${code}`);
      res.status(created ? 201 : 200).json(answer);
      return;
    }
    throw new Error(`no free shared insurance code after ${MAX_CODE_ATTEMPTS} attempts`);
  });
  const limited = context.rateLimits.guard('links');
  router.post('/api/buscarplanes/sharedinsurance', limited, save);
  router.put('/api/buscarplanes/sharedinsurance', limited, save);

  router.post(
    '/api/buscarplanes/sharedinsurance/:code',
    validated({ params: SharedInsuranceParams }, async ({ params }, req, res) => {
      const doc = await shares.findOne({ _id: params.code });
      if (!doc) throw notFound(`no existe el seguro compartido ${params.code}`);
      const origin = originOf(req);
      const answer: ResolvedSharedInsurance = {
        ...responseOf(doc, origin),
        profile: doc.profile,
        url: sharedQuoteUrl(origin, doc),
        productAvailable: productsOf(await snapshots.get()).has(doc.productCode),
      };
      setRevisionETag(res, doc.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(answer);
    }),
  );

  return router;
}
