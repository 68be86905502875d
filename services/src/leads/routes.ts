import {
  COUNTRIES,
  INITIAL_LEAD_STATUS,
  LEAD_UPDATE_FIELDS,
  LeadParams,
  addonRequestBody,
  leadUpdateBody,
  planRequestBody,
  type Country,
  type LeadContactChanges,
  type LeadKind,
  type LeadRequestedData,
  type LeadView,
  type PlanRequestBody,
} from '@cubre/schemas';
import {
  LEADS_COLLECTION,
  LEADS_PROJECTION,
  searchKeys,
  type LeadDocument,
} from '@cubre/projections/leads/projection';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { CatalogueQuotes } from '../catalogue';
import type { CatalogueSnapshots } from '../catalogue';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import { contractOf, validated, withContract, type ValidInput } from '@cubre/platform/http/validate';
import { WrongExpectedRevisionError, type EventStore } from '@cubre/platform/ports/eventStore';
import { requestCountry } from '@cubre/platform/http/requestCountry';
import { LeadDomainEvent, leadDecider, leadStream, type LeadRequest } from './decider';
import { derivedId, isUuid } from './ids';
import { DUPLICATE_STATUS_ID } from './statusRules';
import { isAddonProduct, leadProductOf, productLookup, requestTypeOf } from './products';

const lead = { decider: leadDecider, eventSchema: LeadDomainEvent };

/** Where each kind of lead is requested, updated and read back. */
/** Contact-form leads are made by POST /api/contactos (contactRoutes.ts) and read in the console only. */
type RequestedKind = Exclude<LeadKind, 'contact'>;
const PATHS: Record<RequestedKind, { request: string; update: string; read: string }> = {
  plan: {
    request: '/api/solicitarplans',
    update: '/api/solicitarplans/update',
    read: '/api/solicitarplans',
  },
  addon: {
    request: '/api/seguro-adicional/solicitar',
    update: '/api/seguro-adicional/update',
    read: '/api/seguro-adicional/solicitar',
  },
};

/**
 * One validated handler per edition: the identification rule of a body depends on the edition, which the
 * `country` header names (rule 001-7.15; Chile without it).
 */
export function perEdition<S extends z.ZodType>(
  schemaFor: (country: Country) => S,
  handler: (
    input: ValidInput<z.output<S>, object, object>,
    req: Request,
    res: Response,
    country: Country,
  ) => Promise<void>,
): RequestHandler {
  const handlers = new Map(
    COUNTRIES.map(({ code }) => [
      code,
      validated({ body: schemaFor(code) }, (input, req, res) => handler(input, req, res, code)),
    ]),
  );
  const dispatch: RequestHandler = (req, res, next) => {
    let country: Country;
    try {
      country = requestCountry(req);
    } catch (error) {
      return next(error);
    }
    return handlers.get(country)!(req, res, next);
  };
  // The published contract shows each edition's body: any one of them, as the `country` header picks.
  const bodies = COUNTRIES.map(({ code }) => contractOf(handlers.get(code))!.body!);
  return withContract(dispatch, {
    ...contractOf(handlers.get('CL'))!,
    body: z.union(bodies as [z.ZodType, z.ZodType, ...z.ZodType[]]),
  });
}

/** The shown price and the quote agree: same unit (or none given) and the same amount to its precision. */
const sameAmount = (
  shown: { value: number; unit?: string },
  quote: { amount: number | null; unit: string },
) =>
  (shown.unit === undefined || shown.unit === quote.unit) &&
  quote.amount !== null &&
  Math.abs(shown.value - quote.amount) < 1e-6 * Math.max(1, quote.amount);

/**
 * The status a visitor's read-back shows: the lead's, except Duplicado, which would tell anyone holding a
 * RUT or e-mail whether that person asked for the product before (issue 13); the console sees it.
 */
const publicStatusOf = (status: LeadDocument['status']) =>
  status.id === DUPLICATE_STATUS_ID ? INITIAL_LEAD_STATUS : status;

export function viewOf(doc: LeadDocument): LeadView {
  return {
    id: doc._id,
    kind: doc.kind,
    requestType: doc.requestType,
    country: doc.country,
    productCode: doc.productCode,
    productName: doc.productName,
    productType: doc.productType,
    organizationName: doc.organizationName,
    basePlanCode: doc.basePlanCode,
    status: publicStatusOf(doc.status),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    revision: doc.revision,
  };
}

/** The view from the lead's own events: the answer when the read model did not catch up in time. */
async function viewFromStream(store: EventStore, leadId: string): Promise<LeadView | undefined> {
  const events = await store.readStream(leadStream(leadId));
  const first = events[0];
  const last = events[events.length - 1];
  if (!first || !last || first.type !== 'LeadRequested') return undefined;
  const data = first.data as LeadRequestedData;
  // Where the lead stands now: the console's changes and an online purchase's steps move it.
  let state = leadDecider.initialState();
  for (const event of events) {
    state = leadDecider.evolve(state, LeadDomainEvent.parse({ type: event.type, data: event.data }));
  }
  return {
    id: leadId,
    kind: data.kind,
    requestType: data.requestType,
    country: data.country,
    productCode: data.product.code,
    productName: data.product.displayName,
    productType: data.product.productType,
    organizationName: data.product.organizationName,
    basePlanCode: data.basePlanCode,
    status: state.status === 'Requested' ? state.leadStatus : data.status,
    createdAt: first.occurredAt,
    updatedAt: last.occurredAt,
    revision: last.revision,
  };
}

/**
 * Waits until the leads read model shows the write, then answers the lead as GET will (`LeadView`, ETag,
 * Location or Content-Location); from the lead's own events when the read model did not catch up within
 * the wait.
 */
export async function answerLead(
  context: AppContext,
  res: Response,
  leadId: string,
  written: { globalPosition: number; revision: number },
  status: 200 | 201,
) {
  if (written.globalPosition > 0) {
    await context.visibility.waitUntilVisible(
      { globalPosition: written.globalPosition, streamId: leadStream(leadId) },
      [LEADS_PROJECTION],
      context.config.readYourWritesTimeoutMs,
    );
  }
  const doc = await context.readStore.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: leadId });
  const view =
    doc && doc.revision >= written.revision ? viewOf(doc) : await viewFromStream(context.eventStore, leadId);
  if (!view) throw new Error(`lead ${leadId} has no LeadRequested event`);
  setRevisionETag(res, view.revision);
  const read = PATHS[view.kind as RequestedKind].read;
  if (status === 201) res.location(`${read}/${leadId}`);
  else res.setHeader('Content-Location', `${read}/${leadId}`);
  res.status(status).json(view);
}

export const unknownProduct = (field: string, code: string, detail: string) =>
  new HttpProblem(422, 'unknown-product', 'Producto desconocido', detail, [
    { field, rule: 'catalogue', message: `no existe el producto ${code}` },
  ]);

/**
 * The request calls of seed 000 §7 (rules 000-7.18, 000-7.19): POST api/solicitarplans and
 * api/seguro-adicional/solicitar start a lead, their /update calls change its contact data, and
 * GET …/{id} reads it back without personal data. Field names and answers: README.md beside this file.
 */
export function leadRoutes(
  context: AppContext,
  snapshots: CatalogueSnapshots,
  quotes: CatalogueQuotes,
): Router {
  const router = Router();
  const leads = context.readStore.collection<LeadDocument>(LEADS_COLLECTION);
  const findProduct = productLookup(snapshots);

  const answer = (
    res: Response,
    leadId: string,
    written: { globalPosition: number; revision: number },
    status: 200 | 201,
  ) => answerLead(context, res, leadId, written, status);

  /**
   * Duplicate detection (issue 5): the earliest lead of the same RUT or e-mail for the same product within
   * the configured window, which makes the new one Duplicado; null when none (or the window is 0).
   */
  async function earlierLeadOf(request: LeadRequest): Promise<string | null> {
    const days = context.config.leadDuplicateWindowDays;
    if (days === 0) return null;
    const keys = searchKeys(request.contact, request.country);
    const since = new Date(context.clock().getTime() - days * 86_400_000).toISOString();
    const [earlier] = await leads.find(
      {
        productCode: request.product.code,
        createdAt: { $gte: since },
        _id: { $ne: request.leadId },
        $or: [{ 'search.rut': keys.rut }, { 'search.email': keys.email }],
      },
      { sort: { createdAt: 1 }, limit: 1 },
    );
    return earlier?._id ?? null;
  }

  async function requestLead(
    kind: RequestedKind,
    body: PlanRequestBody & { basePlanCode?: string },
    req: Request,
    res: Response,
    country: Country,
  ) {
    const card = await findProduct(body.productCode);
    if (!card) throw unknownProduct('productCode', body.productCode, 'productCode no está en el catálogo');
    if (kind === 'addon' && !isAddonProduct(card)) {
      throw new HttpProblem(
        422,
        'not-an-addon',
        'No es un seguro adicional',
        'productCode no es un seguro adicional',
        [
          {
            field: 'productCode',
            rule: 'addon_type',
            message: `${body.productCode} no es un seguro adicional a un plan de isapre`,
          },
        ],
      );
    }
    if (body.basePlanCode !== undefined) {
      const plan = await findProduct(body.basePlanCode);
      if (!plan || plan.kind !== 'isaprePlan') {
        throw unknownProduct(
          'basePlanCode',
          body.basePlanCode,
          'basePlanCode no es un plan de isapre del catálogo',
        );
      }
    }

    const metadata = commandMetadataOf(req, context.clock(), anonymousVisitor);
    const leadId = derivedId('lead', metadata.commandId);
    const product = leadProductOf(card, body.productType);
    const request: LeadRequest = {
      leadId,
      kind,
      requestType: requestTypeOf(product, card.kind, country),
      country,
      product,
      basePlanCode: body.basePlanCode ?? null,
      contact: { nombre: body.nombre, rut: body.rut, email: body.email, telefono: body.telefono },
      region: body.region ?? null,
      profile: body.profile ?? null,
      price: body.price ?? null,
      // The price the card showed for this profile, by the catalogue's own pricer (issue 11): the
      // executive quotes it, whatever the client sent as `price`.
      quote: await quotes(card, body.profile ?? undefined),
      comparator: body.comparator ?? null,
      originPath: body.originPath ?? null,
    };
    const result = await handleCommand(
      context.eventStore,
      lead,
      leadStream(leadId),
      { type: 'RequestLead', data: request, duplicateOf: await earlierLeadOf(request) },
      metadata,
    );
    const created = result.events.length > 0;
    if (created && request.price && request.quote && !sameAmount(request.price, request.quote)) {
      // A client that showed another price than the catalogue's for the same profile: a stale page or a
      // bug to find. Ids, product and amounts only: never who asked.
      req.log.warn(
        { leadId, productCode: product.code, shown: request.price, quoted: request.quote.amount },
        'lead requested with a price other than the catalogue quote',
      );
    }
    if (created && !request.price?.value) {
      // Rule 000-5.27: logged, not refused. Ids and the product only: never who asked.
      req.log.warn(
        { leadId, kind, productCode: product.code, price: request.price?.value ?? null },
        'lead requested without a price',
      );
    }
    await answer(res, leadId, result, created ? 201 : 200);
  }

  async function updateLead(
    kind: RequestedKind,
    body: z.output<ReturnType<typeof leadUpdateBody>>,
    req: Request,
    res: Response,
    country: Country,
  ) {
    const expectedRevision = expectedRevisionOf(req, body.revision);
    const changes: Record<string, unknown> = {};
    for (const name of LEAD_UPDATE_FIELDS) if (body[name] !== undefined) changes[name] = body[name];
    let result;
    try {
      result = await handleCommand(
        context.eventStore,
        lead,
        leadStream(body.id),
        {
          type: 'UpdateLeadContact',
          data: { leadId: body.id, kind, country, changes: changes as LeadContactChanges },
        },
        commandMetadataOf(req, context.clock(), anonymousVisitor),
        { expectedRevision },
      );
    } catch (error) {
      const missing =
        (error instanceof WrongExpectedRevisionError && error.actual === -1) ||
        (error instanceof CommandRejected && error.rule === 'lead_not_found');
      if (missing) throw notFound(`no existe la solicitud ${body.id}`);
      throw error;
    }
    await answer(res, body.id, result, 200);
  }

  // Lead and add-on requests and their updates are anonymous writes: limited per client and in total,
  // with the "Soy humano!" check past the client's threshold (issue 13).
  const limited = context.rateLimits.guard('leads');
  for (const kind of ['plan', 'addon'] as const) {
    const paths = PATHS[kind];
    router.post(
      paths.request,
      limited,
      kind === 'plan'
        ? perEdition(planRequestBody, ({ body }, req, res, country) =>
            requestLead(kind, body, req, res, country),
          )
        : perEdition(addonRequestBody, ({ body }, req, res, country) =>
            requestLead(kind, body, req, res, country),
          ),
    );
    router.post(
      paths.update,
      limited,
      perEdition(leadUpdateBody, ({ body }, req, res, country) => updateLead(kind, body, req, res, country)),
    );
    router.get(
      `${paths.read}/:id`,
      validated({ params: LeadParams }, async ({ params }, _req, res) => {
        const doc = isUuid(params.id) ? await leads.findOne({ _id: params.id }) : null;
        if (!doc || doc.kind !== kind) throw notFound(`no existe la solicitud ${params.id}`);
        setRevisionETag(res, doc.revision);
        res.setHeader('Cache-Control', 'no-store');
        res.json(viewOf(doc));
      }),
    );
  }

  return router;
}
