import type { CommandMetadata } from '@cubre/schemas';
import { categoryOf } from '@cubre/schemas/events';
import type { PolicyCreatedData } from '@cubre/schemas/groupInsurance/policy';
import type { InsuredState } from '@cubre/schemas/groupInsurance/roster';
import { ONLINE_COVERAGE_GROUP, companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import type { SaleCollaborator } from '@cubre/schemas/payments/companySale';
import { chileToday } from '@cubre/schemas/payments/familyPurchase';
import { SALE_CATEGORY } from '@cubre/schemas/payments/sales';
import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { Projection } from '@cubre/platform/projections/projection';
import { saleAggregate } from './purchase';
import { saleStream } from './saleDecider';

export const COMPANY_SALE_POLICIES = 'companySalePolicies';

/**
 * What a company's paid sale asks of the other domains (the runtime wires them, so payments never import
 * them): identity registers (or finds) the company's organization; group insurance opens the policy and
 * activates its people. Both idempotent.
 */
export interface CompanySalePorts {
  registerCompany(company: { rut: string; name: string }, metadata: CommandMetadata): Promise<string>;
  openPolicy(
    input: { policy: PolicyCreatedData; batchId: string; people: InsuredState[] },
    metadata: (step: 'policy' | 'roster') => CommandMetadata,
  ): Promise<boolean>;
  /**
   * Identity invites the buyer's contact e-mail as the company's administrator (issue 15): once per
   * organization and address, however often the event arrives.
   */
  inviteAdministrator(
    invitee: { organizationId: string; organizationName: string; email: string; name: string },
    metadata: CommandMetadata,
  ): Promise<string>;
}

/** A collaborator as the roster keeps a person: a holder waiting for the insurer's answer. */
const insuredOf = (row: SaleCollaborator, paidOn: string): InsuredState => ({
  person: {
    legalId: row.legalId,
    name: row.name,
    paternalSurname: row.paternalSurname,
    maternalSurname: row.maternalSurname,
    birthDate: row.birthDate,
    gender: row.gender,
    email: row.email,
    phone: row.phone,
    insuredType: 'TITULAR',
    holderLegalId: null,
    dependentType: null,
    coverageGroup: ONLINE_COVERAGE_GROUP,
    accountType: null,
    accountNumber: null,
    bank: null,
  },
  status: 'PROCESS_ACTIVATION',
  movement: 'ALTA',
  effectiveDate: paidOn,
  cancellationReason: null,
});

/**
 * A company's paid sale gives it what it bought (issue 14): its organization, a `Policy` with the
 * product's insurer and plan, its collaborators in PROCESS_ACTIVATION under the policy, as a bulk load's
 * commit writes them, and its buyer invited by e-mail as the company's administrator (issue 15). A reactor on the sale's `SaleCompleted`, so the pay call, a provider's
 * notification and reconciliation all end here; every step is idempotent, so a payment notified twice, a
 * replay or the same event twice write nothing more.
 */
export function companySalePoliciesReactor(
  eventStore: EventStore,
  ports: CompanySalePorts,
  logger: Logger,
): Projection {
  return {
    name: COMPANY_SALE_POLICIES,
    categories: [SALE_CATEGORY],
    collections: [],
    withMetadata: true,
    async apply(event) {
      if (event.type !== 'SaleCompleted' || categoryOf(event.streamId) !== SALE_CATEGORY) return;
      const saleId = event.streamId.slice(SALE_CATEGORY.length + 1);
      const sale = await loadAggregate(eventStore, saleAggregate, saleStream(saleId));
      if (sale.state.status === 'Empty' || !sale.state.sale.company) return;
      const { company, collaborators, product } = sale.state.sale;
      const metadata = (step: string): CommandMetadata => ({
        commandId: `${COMPANY_SALE_POLICIES}:${saleId}:${step}`,
        correlationId: event.metadata?.correlationId ?? saleId,
        causationId: event.id ?? null,
        actor: { kind: 'system', id: COMPANY_SALE_POLICIES },
        receivedAt: event.occurredAt,
      });
      const paidOn = chileToday(new Date(event.occurredAt));
      const organizationId = await ports.registerCompany(
        { rut: company.rut, name: company.razonSocial },
        metadata('organization'),
      );
      const policyId = companyPolicyIdOf(saleId);
      const written = await ports.openPolicy(
        {
          policy: {
            policyId,
            organizationId,
            insurerCode: product.organization.code,
            // The sale's number, as the buyer's success screen shows it.
            number: `WEB-${saleId.slice(0, 8).toUpperCase()}`,
            name: product.name,
            coverageGroups: [{ code: ONLINE_COVERAGE_GROUP, name: 'Colaboradores', planName: product.name }],
            status: 'ACTIVE',
            startDate: paidOn,
          },
          batchId: `sale-${saleId}`,
          people: collaborators.map((row) => insuredOf(row, paidOn)),
        },
        metadata,
      );
      // After the policy: the administrator invited signs in to a company that has it.
      const administrator = await ports.inviteAdministrator(
        {
          organizationId,
          organizationName: company.razonSocial,
          email: sale.state.sale.buyer.email,
          name: sale.state.sale.buyer.nombre,
        },
        metadata('administrator'),
      );
      // Ids only: the company's, the buyer's and the collaborators' data stay in the events.
      logger.info(
        {
          saleId,
          policyId,
          organizationId,
          collaborators: written ? collaborators.length : 0,
          administrator,
        },
        'company sale: policy and collaborators recorded',
      );
    },
  };
}
