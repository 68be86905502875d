import { catalogueProjection } from '@cubre/projections/catalogue/projection';
import { comparatorLinksProjection } from '@cubre/projections/comparatorLinks/projection';
import { identityProjection } from '@cubre/projections/identity/projection';
import { leadCatalogueProjection } from '@cubre/projections/leadCatalogue/projection';
import { contactsProjection, leadsProjection } from '@cubre/projections/leads/projection';
import { paymentsProjection } from '@cubre/projections/payments/projection';
import { jobsProjection } from '@cubre/projections/jobs/projection';
import { insurersProjection } from '@cubre/projections/insurers/projection';
import { groupInsuranceProjection } from '@cubre/projections/groupInsurance/projection';
import { GROUP_INSURANCE_CATEGORIES, groupInsuranceModule } from '../groupInsurance';
import { JOBS_CATEGORIES } from '@cubre/schemas/jobs/runs';
import { arrearsProjection } from '@cubre/projections/arrears/projection';
import { operationDayOf } from '../insurers';
import { subscriptionsProjection } from '@cubre/projections/subscriptions/projection';
import { SUBSCRIPTIONS_CATEGORIES } from '@cubre/schemas/subscriptions/events';
import { mailProjection } from '@cubre/projections/mail/projection';
import { MAIL_CATEGORY } from '@cubre/schemas/mail/events';
import { sharedInsuranceProjection } from '@cubre/projections/site/sharedInsurance';
import { SALES_CATEGORIES } from '@cubre/schemas/payments/sales';
import { CATALOGUE_MODULE_CATEGORIES, catalogueModule, type CatalogueSettings } from '../catalogue';
import type { Projection } from '@cubre/platform/projections/projection';
import { comparatorLinksModule } from '../comparatorLinks';
import {
  IDENTITY_MODULE_CATEGORIES,
  companyAdministratorInviter,
  identityModule,
  type IdentitySettings,
} from '../identity';
import { leadCatalogueModule } from '../leadCatalogue';
import {
  LEADS_MODULE_CATEGORIES,
  leadSaleSteps,
  leadsModule,
  leadsReferringTo,
  type LeadSettings,
} from '../leads';
import { catalogueQuotes, catalogueSnapshotsFor } from '../catalogue';
import { saleLeadStepsReactor } from '../payments/leadSteps';
import { companySalePoliciesReactor } from '../payments/companyPolicy';
import { saleSettlementReactor } from '../payments/saleSettlement';
import { judgeActivationRows } from '../groupInsurance/saleRows';
import { openSalePolicy } from '../groupInsurance/salePolicy';
import type { BulkLoadRetention } from '../groupInsurance/bulkLoadRetention';
import { registerCompanyOrganization } from '../identity/companyRegistration';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { HttpModule } from '@cubre/platform/http/app';
import { siteModule } from '../site';
import { insurersModule } from '../insurers';
import { paymentsModule } from '../payments';
import { arrearsModule } from '../arrears';
import type { TransferAccount } from '@cubre/schemas/payments/bankTransfer';
import type { CardTokenizer } from '@cubre/schemas/payments/cardTokenizer';
import type { NotificationSecrets, PaymentGateway, ResumeMail } from '../payments';
import {
  subscriptionSaleStatesReactor,
  subscriptionStarter,
  automaticChargesRecorder,
  subscriptionsModule,
  type OperationDayOf,
  type RetrySchedule,
} from '../subscriptions';

/** Every domain the runtime serves: its HTTP routes, its stream categories and its projections. */
export interface DomainModule extends HttpModule {
  categories: string[];
}

/**
 * The domains' own settings, which the runtime reads from its configuration and gives to each domain's
 * module when it builds it: the platform's AppConfig carries none (issue 12).
 */
export interface DomainSettings {
  catalogue: CatalogueSettings;
  leads: LeadSettings;
  identity: IdentitySettings;
}

/** The domains that need no settings (their modules, and so their categories, are known up front). */
const plainModules = {
  comparatorLinks: comparatorLinksModule,
  site: siteModule,
  leadCatalogue: leadCatalogueModule([leadsReferringTo]),
  insurers: insurersModule,
  arrears: arrearsModule,
};

/** Every domain the runtime serves, in the order their routes are mounted. */
export const domainModules = (settings: DomainSettings): DomainModule[] => [
  plainModules.comparatorLinks,
  catalogueModule(settings.catalogue),
  plainModules.site,
  leadsModule(settings.leads),
  identityModule(settings.identity),
  plainModules.leadCatalogue,
  plainModules.insurers,
  plainModules.arrears,
];

export const projections: Projection[] = [
  comparatorLinksProjection,
  catalogueProjection,
  sharedInsuranceProjection,
  leadsProjection,
  contactsProjection,
  identityProjection,
  leadCatalogueProjection,
  paymentsProjection,
  jobsProjection,
  insurersProjection,
  arrearsProjection,
  subscriptionsProjection,
  mailProjection,
  groupInsuranceProjection,
];

/** Stream categories of every domain: the Kafka topics the relay writes to. */
export const allCategories = (): string[] => [
  ...new Set([
    ...Object.values(plainModules).flatMap((module) => module.categories),
    ...CATALOGUE_MODULE_CATEGORIES,
    ...LEADS_MODULE_CATEGORIES,
    ...IDENTITY_MODULE_CATEGORIES,
    ...SALES_CATEGORIES,
    ...JOBS_CATEGORIES,
    ...SUBSCRIPTIONS_CATEGORIES,
    MAIL_CATEGORY,
    ...GROUP_INSURANCE_CATEGORIES,
  ]),
];

/**
 * Reactors: runner subscribers that own no read model and answer one domain's events with another's
 * commands (a sale's events move its lead). They run in the projector role beside the projections.
 */
export function reactorsFor(engines: {
  eventStore: EventStore;
  readStore: ReadStore;
  clock: () => Date;
  logger: Logger;
  /** Identity's settings with the invitation mail: the company buyer is invited (issue 15). */
  identity: IdentitySettings;
}): Projection[] {
  const snapshots = catalogueSnapshotsFor(engines.readStore, engines.clock);
  const recordSaleStep = leadSaleSteps({
    eventStore: engines.eventStore,
    readStore: engines.readStore,
    snapshots,
    quotes: catalogueQuotes(snapshots, engines.clock),
    logger: engines.logger,
  });
  return [
    // A payment's recorded answer settles its sale, also after a stop between the two (issue 14).
    saleSettlementReactor(engines.eventStore),
    saleLeadStepsReactor(engines.eventStore, recordSaleStep),
    // A subscription's charges and cancellation move its sale (002-3.30).
    subscriptionSaleStatesReactor(engines.eventStore),
    // A company's paid sale opens its organization, policy and collaborators' activation (issue 14).
    companySalePoliciesReactor(
      engines.eventStore,
      {
        registerCompany: registerCompanyOrganization(engines.eventStore, engines.readStore),
        openPolicy: openSalePolicy(engines.eventStore),
        inviteAdministrator: companyAdministratorInviter(engines, engines.identity),
      },
      engines.logger,
    ),
  ];
}

/**
 * The domains whose modules need what the runtime makes at start (payments: the configured gateway); their
 * categories are in allCategories all the same.
 */
export const configuredModules = (options: {
  paymentGateway: PaymentGateway;
  retrySchedule: RetrySchedule;
  /** The operation day of a sale's insurer (002-4.19): the insurers' settings unless a test gives its own. */
  operationDayOf?: OperationDayOf;
  /** The buyer's resume-on-another-device mail (the mail domain's port and the public site's address). */
  resumeMail?: ResumeMail;
  /** The providers' notification (webhook) secrets. */
  notificationSecrets?: NotificationSecrets;
  /** The payment step's browser tokenizer (the configured gateway's library and public id). */
  cardTokenizer?: CardTokenizer;
  /** The account buyers may transfer to; null: transfers not offered. */
  transferAccount?: TransferAccount | null;
  /** DATA_DIR: group insurance keeps its bulk-load files there (issue 16). */
  dataDir: string;
  /** Rows between two progress events of a running bulk load (tests lower it). */
  bulkLoadProgressEvery?: number;
  /** How long bulk-load files are kept and the folder's budget (BULK_LOAD_VALIDATED_DAYS, …). */
  bulkLoadRetention?: BulkLoadRetention;
  /** The demo companies' group insurance is seeded (with the demo users). */
  demoData: boolean;
}): DomainModule[] => [
  paymentsModule(options.paymentGateway, {
    resumeMail: options.resumeMail,
    notificationSecrets: options.notificationSecrets,
    cardTokenizer: options.cardTokenizer,
    transferAccount: options.transferAccount,
    judgeActivationRows,
    subscriptions: (context) =>
      subscriptionStarter(context.eventStore, options.operationDayOf ?? operationDayOf(context.readStore)),
    automaticCharges: (context) =>
      automaticChargesRecorder({
        eventStore: context.eventStore,
        gateway: options.paymentGateway,
        logger: context.logger,
        clock: context.clock,
        retrySchedule: options.retrySchedule,
      }),
  }),
  subscriptionsModule({ gateway: options.paymentGateway, retrySchedule: options.retrySchedule }),
  groupInsuranceModule({
    dataDir: options.dataDir,
    progressEvery: options.bulkLoadProgressEvery,
    retention: options.bulkLoadRetention,
    demoData: options.demoData,
  }),
];
