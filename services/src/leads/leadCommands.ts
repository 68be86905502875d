import {
  LEAD_UPDATE_FIELDS,
  REQUIRED_MESSAGE,
  type Actor,
  type CommandMetadata,
  type ContractingStepBody,
  type Country,
  type LeadContact,
  type LeadContactChanges,
  type LeadKind,
  type LeadPolicy,
  type LeadUpdateBody,
  type LeadView,
  type PaymentMethod,
  type PlanRequestBody,
  type PurchaseStep,
} from '@cubre/schemas';
import { LEADS_COLLECTION, LEADS_PROJECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import type { CardDocument, CatalogueQuotes, CatalogueSnapshots } from '../catalogue';
import { loadLeadPolicy } from '../leadCatalogue';
import { handleCommand, type CommandResult } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppConfig, AppContext } from '@cubre/platform/http/app';
import type { LeadSettings } from './settings';
import { anonymousVisitor, isFreshCommandId } from '@cubre/platform/http/commandMetadata';
import { HttpProblem, notFound } from '@cubre/platform/http/problem';
import { WrongExpectedRevisionError } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import { adminViewOfFold } from './adminView';
import { CONTACT_FIELDS, missingContactFields } from './contracting';
import { leadAggregate, type LeadRequest, type RecordContractingStep } from './decider';
import { earlierLeadOf } from './duplicates';
import { contractingLeadId, derivedId } from './ids';
import { productLookup } from '../catalogue';
import { isAddonProduct, leadProductOf, requestTypeOf } from './products';
import { publicViewOf } from './publicView';
import { foldLead } from './state';

/**
 * The visitor's commands on a lead (seed 000 §7, issue 5): request a plan or an add-on, correct its contact
 * data, report an online purchase's step. Plain data in, the lead as the storefront reads it back out; the
 * HTTP layer (routes.ts, contractingRoutes.ts) parses the request, calls one of these and answers. The
 * actor is always the anonymous visitor: no personal data goes into event metadata.
 */

/** What a command service needs of the call that carried a command, without the transport itself. */
export interface CommandCall {
  /** The command's metadata for an actor: its id (from an Idempotency-Key, or random), correlation, time. */
  metadataFor(actor: Actor): CommandMetadata;
  /** Where the call's notices go: ids, product and amounts only, never who asked. */
  log: Logger;
}

/**
 * What the lead command services use of the app's context: the stores, read-your-writes, the clock and its
 * timeout (the request commands add the leads' settings). Narrow on purpose, so a service runs (and is tested) without the HTTP app around it.
 */
export type LeadServiceContext = Pick<AppContext, 'eventStore' | 'readStore' | 'visibility' | 'clock'> & {
  config: Pick<AppConfig, 'readYourWritesTimeoutMs'>;
};

/** The storefront's kinds of lead; contact-form leads are contactCommands.ts's. */
export type RequestedKind = Exclude<LeadKind, 'contact'>;

/** A lead after a command: as the storefront reads it back, and whether this command opened it. */
export interface LeadWritten {
  view: LeadView;
  created: boolean;
}

export const unknownProduct = (field: string, code: string, detail: string) =>
  new HttpProblem(422, 'unknown-product', 'Producto desconocido', detail, [
    { field, rule: 'catalogue', message: `no existe el producto ${code}` },
  ]);

const notAnAddon = (code: string) =>
  new HttpProblem(422, 'not-an-addon', 'No es un seguro adicional', 'productCode no es un seguro adicional', [
    {
      field: 'productCode',
      rule: 'addon_type',
      message: `${code} no es un seguro adicional a un plan de isapre`,
    },
  ]);

/** The shown price and the quote agree: same unit (or none given) and the same amount to its precision. */
const sameAmount = (
  shown: { value: number; unit?: string },
  quote: { amount: number | null; unit: string },
) =>
  (shown.unit === undefined || shown.unit === quote.unit) &&
  quote.amount !== null &&
  Math.abs(shown.value - quote.amount) < 1e-6 * Math.max(1, quote.amount);

export function leadCommands(
  context: LeadServiceContext & { leads: LeadSettings },
  snapshots: CatalogueSnapshots,
  quotes: CatalogueQuotes,
) {
  const findProduct = productLookup(snapshots);

  /**
   * The lead after a write, as GET will read it: once the leads read model shows the write
   * (read-your-writes), or folded from the lead's own events when it did not catch up within the wait.
   */
  async function visibleLead(
    leadId: string,
    written: Pick<CommandResult<unknown>, 'globalPosition' | 'revision'>,
  ): Promise<LeadView> {
    if (written.globalPosition > 0) {
      await context.visibility.waitUntilVisible(
        { globalPosition: written.globalPosition, streamId: leadAggregate.streamOf(leadId) },
        [LEADS_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
    }
    const doc = await context.readStore.collection<LeadDocument>(LEADS_COLLECTION).findOne({ _id: leadId });
    if (doc && doc.revision >= written.revision) return publicViewOf(doc._id, doc);
    const folded = foldLead(await context.eventStore.readStream(leadAggregate.streamOf(leadId)));
    if (!folded) throw new Error(`lead ${leadId} has no LeadRequested event`);
    return publicViewOf(leadId, adminViewOfFold(leadId, folded));
  }

  /** A plan or add-on request (rules 000-7.18, 000-7.19): Duplicado when the same person asked before. */
  async function requestLead(
    call: CommandCall,
    input: { kind: RequestedKind; country: Country; body: PlanRequestBody & { basePlanCode?: string } },
  ): Promise<LeadWritten> {
    const { kind, country, body } = input;
    const card = await findProduct(body.productCode);
    if (!card) throw unknownProduct('productCode', body.productCode, 'productCode no está en el catálogo');
    if (kind === 'addon' && !isAddonProduct(card)) throw notAnAddon(body.productCode);
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

    const metadata = call.metadataFor(anonymousVisitor);
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
    const duplicateOf = await earlierLeadOf(context.readStore, request, {
      days: context.leads.duplicateWindowDays,
      now: context.clock(),
    });
    const result = await handleCommand(
      context.eventStore,
      leadAggregate,
      leadAggregate.streamOf(leadId),
      { type: 'RequestLead', data: request, duplicateOf },
      metadata,
      // The lead's id comes from a new command id: its stream is new, no need to read it first.
      { expectNewStream: isFreshCommandId(metadata.commandId) },
    );
    const created = result.events.length > 0;
    if (created && request.price && request.quote && !sameAmount(request.price, request.quote)) {
      // A client that showed another price than the catalogue's for the same profile: a stale page or a
      // bug to find. Ids, product and amounts only: never who asked.
      call.log.warn(
        { leadId, productCode: product.code, shown: request.price, quoted: request.quote.amount },
        'lead requested with a price other than the catalogue quote',
      );
    }
    if (created && !request.price?.value) {
      // Rule 000-5.27: logged, not refused. Ids and the product only: never who asked.
      call.log.warn(
        { leadId, kind, productCode: product.code, price: request.price?.value ?? null },
        'lead requested without a price',
      );
    }
    return { view: await visibleLead(leadId, result), created };
  }

  /** The contact data of a lead of this kind and edition, pinned to a revision when the client sent one. */
  async function updateLeadContact(
    call: CommandCall,
    input: { kind: RequestedKind; country: Country; body: LeadUpdateBody; expectedRevision?: number },
  ): Promise<LeadWritten> {
    const { kind, country, body, expectedRevision } = input;
    const changes: Record<string, unknown> = {};
    for (const name of LEAD_UPDATE_FIELDS) if (body[name] !== undefined) changes[name] = body[name];
    let result;
    try {
      result = await handleCommand(
        context.eventStore,
        leadAggregate,
        leadAggregate.streamOf(body.id),
        {
          type: 'UpdateLeadContact',
          data: { leadId: body.id, kind, country, changes: changes as LeadContactChanges },
        },
        call.metadataFor(anonymousVisitor),
        { expectedRevision },
      );
    } catch (error) {
      const missing =
        (error instanceof WrongExpectedRevisionError && error.actual === -1) ||
        (error instanceof CommandRejected && error.rule === 'lead_not_found');
      if (missing) throw notFound(`no existe la solicitud ${body.id}`);
      throw error;
    }
    return { view: await visibleLead(body.id, result), created: false };
  }

  /**
   * A step of an online purchase (POST /api/compra-online/pasos): the session's lead, opened by its first
   * step and moved by the next ones (contracting.ts). The step and payment method are already the seed's.
   */
  async function recordContractingStep(
    call: CommandCall,
    input: {
      country: Country;
      body: ContractingStepBody;
      step: PurchaseStep;
      paymentMethod: PaymentMethod | null;
    },
  ): Promise<LeadWritten> {
    const { country, body, step, paymentMethod } = input;
    const card = await findProduct(body.productCode);
    if (!card) throw unknownProduct('productCode', body.productCode, 'productCode no está en el catálogo');

    const contact: Partial<LeadContact> = {};
    for (const name of CONTACT_FIELDS) if (body[name] !== undefined) contact[name] = body[name];
    const command = await contractingStepCommand(card, quotes, await loadLeadPolicy(context.readStore), {
      ...body,
      country,
      step,
      paymentMethod,
      contact,
    });
    const { leadId } = command.data;
    const product = command.request.product;
    let result;
    try {
      result = await handleCommand(
        context.eventStore,
        leadAggregate,
        leadAggregate.streamOf(leadId),
        command,
        call.metadataFor(anonymousVisitor),
      );
    } catch (error) {
      if (error instanceof CommandRejected && error.rule === 'required') {
        throw new HttpProblem(
          422,
          'contact-required',
          'Faltan datos de contacto',
          'el primer paso de una sesión de compra necesita nombre, rut, email y telefono',
          missingContactFields(contact).map((field) => ({
            field,
            rule: 'required',
            message: REQUIRED_MESSAGE,
          })),
        );
      }
      throw error;
    }
    if (result.events.length > 0) {
      // Ids, product and step only: never who is buying.
      call.log.info({ leadId, productCode: product.code, step }, 'online purchase step recorded');
    }
    const created = result.events[0]?.type === 'LeadRequested';
    return { view: await visibleLead(leadId, result), created };
  }

  return { requestLead, updateLeadContact, recordContractingStep };
}
export type LeadCommands = ReturnType<typeof leadCommands>;

/** What a purchase step says, whoever reports it (the visitor's page, or the sale's own events). */
export interface ContractingStepInput {
  session: string;
  country: Country;
  step: PurchaseStep;
  paymentMethod: PaymentMethod | null;
  contact: Partial<LeadContact>;
  sessionType?: string | null;
  subscription?: boolean | null;
  region?: ContractingStepBody['region'] | null;
  profile?: ContractingStepBody['profile'] | null;
}

/** The lead command of a purchase step on the session's lead (contracting.ts decides it). */
export async function contractingStepCommand(
  card: CardDocument,
  quotes: CatalogueQuotes,
  policy: LeadPolicy,
  input: ContractingStepInput,
): Promise<RecordContractingStep> {
  const leadId = contractingLeadId(input.session);
  const product = leadProductOf(card);
  return {
    type: 'RecordContractingStep',
    data: {
      leadId,
      session: input.session.toLowerCase(),
      step: input.step,
      sessionType: input.sessionType ?? null,
      paymentMethod: input.paymentMethod,
      subscription: input.subscription ?? null,
    },
    request: {
      leadId,
      kind: isAddonProduct(card) ? 'addon' : 'plan',
      requestType: requestTypeOf(product, card.kind, input.country),
      country: input.country,
      product,
      basePlanCode: null,
      contact: input.contact,
      region: input.region ?? null,
      profile: input.profile ?? null,
      price: null,
      quote: await quotes(card, input.profile ?? undefined),
      comparator: null,
      originPath: `/Compra-Online/${product.code}`,
    },
    policy,
  };
}
