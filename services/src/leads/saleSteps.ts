import type { CommandMetadata, Country, LeadContact, PaymentMethod, PurchaseStep } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { productLookup, type CatalogueQuotes, type CatalogueSnapshots } from '../catalogue';
import { loadLeadPolicy } from '../leadCatalogue';
import { leadAggregate } from './decider';
import { contractingStepCommand } from './leadCommands';

/** A step a sale's own events report on its session's lead. */
export interface SaleStep {
  session: string;
  productCode: string;
  country: Country;
  buyer: LeadContact;
  paymentMethod: PaymentMethod;
  step: PurchaseStep;
  /** A monthly sale (issue 15): paid, its lead closes as Web - Suscripción activa (002-3.06). */
  subscription?: boolean;
}

/**
 * Leads' answer to a sale's events (issue 14: the lead follows the purchase "driven by the sale's own
 * events"): the step on the session's lead, which the buyer's page opened with its first step, or which
 * this opens with the sale's buyer when the page never reported one. No read-your-writes wait: it runs in
 * the projector, whose other projections it must not hold up. A step the lead refuses (another session's
 * lead, another product) is logged and skipped: a sale is never undone by its lead.
 */
export function leadSaleSteps(deps: {
  eventStore: EventStore;
  readStore: ReadStore;
  snapshots: CatalogueSnapshots;
  quotes: CatalogueQuotes;
  logger: Logger;
}) {
  const findProduct = productLookup(deps.snapshots);
  return async function recordSaleStep(input: SaleStep, metadata: CommandMetadata): Promise<void> {
    const card = await findProduct(input.productCode);
    if (!card) {
      deps.logger.warn({ productCode: input.productCode, step: input.step }, 'sale step: product withdrawn');
      return;
    }
    const command = await contractingStepCommand(card, deps.quotes, await loadLeadPolicy(deps.readStore), {
      session: input.session,
      country: input.country,
      step: input.step,
      paymentMethod: input.paymentMethod,
      contact: input.buyer,
      subscription: input.subscription ?? false,
    });
    try {
      await handleCommand(
        deps.eventStore,
        leadAggregate,
        leadAggregate.streamOf(command.data.leadId),
        command,
        metadata,
      );
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
      // Ids and the rule only: never who bought.
      deps.logger.warn(
        { leadId: command.data.leadId, step: input.step, rule: error.rule },
        'sale step refused',
      );
    }
  };
}
export type RecordSaleStep = ReturnType<typeof leadSaleSteps>;
