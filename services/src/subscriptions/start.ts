import type { CommandMetadata } from '@cubre/schemas';
import type { MailLocale } from '@cubre/schemas/mail/mailRequest';
import { companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { periodicityOfSale, type StartSubscription } from '../payments';
import { subscriptionAggregate } from './aggregates';
import { chileDateOf, firstDayMonthsAfter, nextOperationDate, periodOf } from './calendar';
import { operationDayFor, type OperationDayOf } from './operationDays';
import { subscriptionIdOf, subscriptionStream } from './subscriptionDecider';

/** The arrears mails' language: the editions are Spanish-speaking; the buyer's own choice is a next step. */
const LOCALE: MailLocale = 'es';

/**
 * Records the subscription of a monthly sale whose first period the purchase just paid (payments calls it
 * through its `StartSubscription` port). The purchase day's month is the first period; the next operation
 * date follows 002-4.19 with the insurer's operation day. One subscription per sale: idempotent. A
 * company's subscription carries its group policy (`groupPolicyId`), so its arrears reminders reach the
 * company's administrators and, where the policy says so, its insured people (issue 15).
 */
export const subscriptionStarter =
  (store: EventStore, operationDayOf?: OperationDayOf): StartSubscription =>
  async ({ sale, paymentId, method, gateway, gatewaySubscriptionId }, metadata: CommandMetadata) => {
    const subscriptionId = subscriptionIdOf(sale.saleId);
    const today = chileDateOf(new Date(metadata.receivedAt));
    const operationDay = await operationDayFor(operationDayOf, sale.product.organization.code);
    const months = periodicityOfSale(sale);
    await handleCommand(
      store,
      subscriptionAggregate,
      subscriptionStream(subscriptionId),
      {
        type: 'CreateSubscription',
        data: {
          subscriptionId,
          saleId: sale.saleId,
          firstPaymentId: paymentId,
          country: sale.country,
          locale: LOCALE,
          product: sale.product,
          buyer: { nombre: sale.buyer.nombre, email: sale.buyer.email },
          amount: sale.amount,
          // The payment's method: Oneclick's enrolled card is tdc-token where the sale said tdc.
          method,
          provider: sale.provider,
          gateway,
          gatewaySubscriptionId,
          operationDay,
          // 002-9.03: each charge covers the sale's periodicity (the purchase paid the first one).
          ...(months > 1 ? { periodicityMonths: months } : {}),
          startedOn: today,
          firstPeriod: periodOf(today),
          nextOperationDate: firstDayMonthsAfter(nextOperationDate(today, operationDay), months - 1),
          // A company's sale pays the policy its payment opens (payments/companyPolicy.ts): that policy's id
          // derives from the sale, so it is known here whether the policy is recorded before or after.
          ...(sale.company ? { groupPolicyId: companyPolicyIdOf(sale.saleId) } : {}),
        },
      },
      metadata,
    );
  };
