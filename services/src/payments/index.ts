import type { TransferAccount } from '@cubre/schemas/payments/bankTransfer';
import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import { SALES_CATEGORIES } from '@cubre/schemas/payments/sales';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { catalogueQuotes, catalogueSnapshotsFor, productLookup } from '../catalogue';
import { paymentAdminRoutes } from './adminRoutes';
import type { PaymentGateway } from './gateway/port';
import { SandboxGateway, sandboxTokenizerRouter } from './gateway/sandbox';
import { notificationRoutes, type NotificationSecrets } from './notifications/notificationRoutes';
import { paymentReversalRoutes } from './reversalRoutes';
import { manualOutcomeRoutes } from './manualOutcomeRoutes';
import type { RecordAutomaticCharges } from './notifications/subscriptionDebits';
import type { JudgeActivationRows } from './companySale';
import type { StartSubscription } from './purchase';
import { resumeLinkRoutes, type ResumeMail } from './resumeLinkRoutes';
import { purchaseRoutes } from './routes';
import { OneclickGateway } from './gateway/transbank/oneclickGateway';
import { WebpayPlusGateway } from './gateway/transbank/webpayPlusGateway';
import { oneclickRoutes } from './oneclickRoutes';
import { webpayRoutes } from './webpayRoutes';

/** Where the sandbox's browser tokenizer answers (`npm start`'s default gateway; issue 14). */
export const SANDBOX_TOKENS_PATH = '/api/sandbox-gateway/tokens';

/**
 * Online purchase and payments (seed 002 §3, §4, §8, §9; issue 14): a visitor's sale priced by the
 * catalogue, paid through the configured gateway (the embedded sandbox by default, whose tokenizer this
 * module serves), and the console's sales and payments. Decisions: README.md beside this file.
 */
export const paymentsModule = (
  gateway: PaymentGateway,
  options: {
    subscriptions?: (context: AppContext) => StartSubscription;
    /** Records a provider's own debits of a sale's subscription (subscriptions' `automaticChargesRecorder`). */
    automaticCharges?: (context: AppContext) => RecordAutomaticCharges;
    /** Mails the buyer a link to finish on another device; absent, that call is not served. */
    resumeMail?: ResumeMail;
    /** The providers' notification secrets; a provider without one takes no notifications (404). */
    notificationSecrets?: NotificationSecrets;
    /** Group insurance's rows module, which judges a company's collaborators (issue 14). */
    judgeActivationRows?: JudgeActivationRows;
    /** The payment step's browser tokenizer (`cardTokenizerFromEnv`); the sandbox's by default. */
    cardTokenizer?: CardTokenizer;
    /** The account buyers may transfer to (`transferAccountFromEnv`); absent: no transfers offered. */
    transferAccount?: TransferAccount | null;
  } = {},
): HttpModule & { categories: string[] } => ({
  name: 'payments',
  categories: [...SALES_CATEGORIES],
  routes(context: AppContext) {
    const router = Router();
    const snapshots = catalogueSnapshotsFor(context.readStore, context.clock);
    const catalogue = { product: productLookup(snapshots), quote: catalogueQuotes(snapshots, context.clock) };
    if (gateway instanceof SandboxGateway) {
      // Tokenizing is anonymous and stores a token: limited like the purchase calls themselves.
      router.use(
        SANDBOX_TOKENS_PATH,
        context.rateLimits.guard('purchase'),
        sandboxTokenizerRouter({ vault: gateway.vault }),
      );
    }
    const startSubscription = options.subscriptions?.(context);
    router.use(
      purchaseRoutes(
        context,
        gateway,
        catalogue,
        startSubscription,
        options.judgeActivationRows,
        options.cardTokenizer,
        options.transferAccount ?? null,
      ),
    );
    // Webpay Plus pays on Webpay's own page: its redirect and the buyer's return (webpayRoutes.ts).
    if (gateway instanceof WebpayPlusGateway) router.use(webpayRoutes(context, gateway));
    // Oneclick enrols the card on Transbank's page: its redirect and the buyer's return (oneclickRoutes.ts).
    if (gateway instanceof OneclickGateway) router.use(oneclickRoutes(context, gateway, startSubscription));
    if (options.resumeMail) router.use(resumeLinkRoutes(context, options.resumeMail));
    router.use(paymentAdminRoutes(context));
    router.use(paymentReversalRoutes(context, gateway));
    router.use(manualOutcomeRoutes(context, gateway, startSubscription));
    router.use(
      notificationRoutes(
        context,
        gateway,
        options.notificationSecrets ?? {},
        startSubscription,
        options.automaticCharges?.(context),
      ),
    );
    return router;
  },
});

export { gatewayFromEnv } from './gateway/gatewayFromEnv';
export { transferAccountFromEnv } from './bankTransfer';
export { cardTokenizerFromEnv, type BrowserSources } from './gateway/cardTokenizer';

/**
 * The origins a payment page's form may post to (the CSP's form-action): Transbank's host when Webpay Plus
 * or Oneclick takes the payments (the buyer's browser POSTs the transaction's or the inscription's token
 * there), none otherwise.
 */
export const formActionOriginsOf = (gateway: PaymentGateway): string[] =>
  gateway instanceof WebpayPlusGateway || gateway instanceof OneclickGateway ? [gateway.formOrigin] : [];
export { reconcilePendingPayments, RECONCILE_AFTER_MS } from './reconciliation';
export type { AutomaticCharge, PaymentGateway, ProviderSubscription } from './gateway/port';
export type { ResumeMail } from './resumeLinkRoutes';
export { notificationSecretsFromEnv } from './notifications/notificationSecrets';
export type { NotificationSecrets } from './notifications/notificationRoutes';
export type { RecordAutomaticCharges } from './notifications/subscriptionDebits';
export type { StartSubscription, StartedSale } from './purchase';
export { periodicityOfSale } from './purchase';
export type { JudgeActivationRows } from './companySale';
export { companySalePoliciesReactor, type CompanySalePorts } from './companyPolicy';
export { saleSettlementReactor, SALE_SETTLEMENT } from './saleSettlement';
export { saleAggregate } from './purchase';
export { saleStream } from './saleDecider';
export type { SubscriptionSaleChange } from './saleDecider';
export { recordSubscriptionSaleChange } from './subscriptionSales';
export { salesScopeOf, saleInScope, type SalesScope } from './scope';
