import {
  PAYMENT_METHODS,
  PURCHASE_STEPS,
  PaymentMethod,
  PurchaseStep,
  contractingStepBody,
  type ContractingStepBody,
  type FieldError,
} from '@cubre/schemas';
import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { HttpProblem } from '@cubre/platform/http/problem';
import { perEdition } from '@cubre/platform/http/perEdition';
import { answerLead, callOf } from './http';
import type { LeadCommands } from './leadCommands';

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
 * Online. The route checks the seed's lists, calls leadCommands.ts and answers. Contract and decisions:
 * README.md beside this file.
 */
export function contractingRoutes(context: AppContext, commands: LeadCommands): Router {
  const router = Router();

  router.post(
    CONTRACTING_STEP_PATH,
    // Each step creates or moves a lead: the lead requests' limits and human check (issue 13).
    context.rateLimits.guard('purchase'),
    perEdition(contractingStepBody, async ({ body }, req, res, country) => {
      const { step, paymentMethod } = checkLists(body);
      answerLead(
        res,
        await commands.recordContractingStep(callOf(context, req), { country, body, step, paymentMethod }),
      );
    }),
  );
  return router;
}
