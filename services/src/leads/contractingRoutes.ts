import {
  PAYMENT_METHODS,
  PURCHASE_STEPS,
  PaymentMethod,
  PurchaseStep,
  REQUIRED_MESSAGE,
  contractingStepBody,
  type ContractingStepBody,
  type Country,
  type FieldError,
  type LeadContact,
} from '@cubre/schemas';
import { Router, type Request, type Response } from 'express';
import type { CatalogueQuotes } from '../catalogue';
import type { CatalogueSnapshots } from '../catalogue';
import { loadLeadPolicy } from '../leadCatalogue';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { AppContext } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { HttpProblem } from '@cubre/platform/http/problem';
import { CONTACT_FIELDS, missingContactFields } from './contracting';
import { LeadDomainEvent, leadDecider, leadStream, type RecordContractingStep } from './decider';
import { contractingLeadId } from './ids';
import { isAddonProduct, leadProductOf, productLookup, requestTypeOf } from './products';
import { answerLead, perEdition, unknownProduct } from './routes';

const lead = { decider: leadDecider, eventSchema: LeadDomainEvent };

export const CONTRACTING_STEP_PATH = '/api/compra-online/pasos';

const listed = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** The step and payment method name entries of the seed's lists (rules 002-2.08, 002-4.10). */
function checkLists(body: ContractingStepBody) {
  const errors: FieldError[] = [];
  if (!PurchaseStep.safeParse(body.step).success) {
    errors.push({ field: 'step', rule: 'step', message: `step es uno de: ${listed(PURCHASE_STEPS)}` });
  }
  if (body.paymentMethod !== undefined && !PaymentMethod.safeParse(body.paymentMethod).success) {
    errors.push({
      field: 'paymentMethod',
      rule: 'payment_method',
      message: `paymentMethod es uno de: ${listed(PAYMENT_METHODS)}`,
    });
  }
  if (errors.length > 0) {
    throw new HttpProblem(
      422,
      'unknown-step',
      'Paso de compra desconocido',
      errors.map((error) => `${error.field}: ${error.message}`).join('; '),
      errors,
    );
  }
  return {
    step: body.step as PurchaseStep,
    paymentMethod: (body.paymentMethod as PaymentMethod | undefined) ?? null,
  };
}

/**
 * The online purchase's steps (issue 5): POST /api/compra-online/pasos records a visitor's progress through
 * the purchase form on the lead of the purchase session, which the back-office sees in Contratación
 * Online. Contract and decisions: README.md beside this file.
 */
export function contractingRoutes(
  context: AppContext,
  snapshots: CatalogueSnapshots,
  quotes: CatalogueQuotes,
): Router {
  const router = Router();
  const findProduct = productLookup(snapshots);

  async function recordStep(body: ContractingStepBody, req: Request, res: Response, country: Country) {
    const { step, paymentMethod } = checkLists(body);
    const card = await findProduct(body.productCode);
    if (!card) throw unknownProduct('productCode', body.productCode, 'productCode no está en el catálogo');

    const leadId = contractingLeadId(body.session);
    const product = leadProductOf(card);
    const contact: Partial<LeadContact> = {};
    for (const name of CONTACT_FIELDS) if (body[name] !== undefined) contact[name] = body[name];
    const command: RecordContractingStep = {
      type: 'RecordContractingStep',
      data: {
        leadId,
        session: body.session.toLowerCase(),
        step,
        sessionType: body.sessionType ?? null,
        paymentMethod,
        subscription: body.subscription ?? null,
      },
      request: {
        leadId,
        kind: isAddonProduct(card) ? 'addon' : 'plan',
        requestType: requestTypeOf(product, card.kind, country),
        country,
        product,
        basePlanCode: null,
        contact,
        region: body.region ?? null,
        profile: body.profile ?? null,
        price: null,
        quote: await quotes(card, body.profile ?? undefined),
        comparator: null,
        originPath: `/Compra-Online/${product.code}`,
      },
      policy: await loadLeadPolicy(context.readStore),
    };
    let result;
    try {
      result = await handleCommand(
        context.eventStore,
        lead,
        leadStream(leadId),
        command,
        commandMetadataOf(req, context.clock(), anonymousVisitor),
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
    const created = result.events[0]?.type === 'LeadRequested';
    if (result.events.length > 0) {
      // Ids, product and step only: never who is buying.
      req.log.info({ leadId, productCode: product.code, step }, 'online purchase step recorded');
    }
    await answerLead(context, res, leadId, result, created ? 201 : 200);
  }

  router.post(
    CONTRACTING_STEP_PATH,
    // Each step creates or moves a lead: the lead requests' limits and human check (issue 13).
    context.rateLimits.guard('leads'),
    perEdition(contractingStepBody, ({ body }, req, res, country) => recordStep(body, req, res, country)),
  );
  return router;
}
