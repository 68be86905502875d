import { ORGANIZATIONS_COLLECTION, type CommandMetadata, type OrganizationDocument } from '@cubre/schemas';
import { categoryOf } from '@cubre/schemas/events';
import type { InsuredState, RosterChange } from '@cubre/schemas/groupInsurance/roster';
import { ONLINE_COVERAGE_GROUP, companyPolicyIdOf } from '@cubre/schemas/payments/companyPurchase';
import type { SaleCollaborator } from '@cubre/schemas/payments/companySale';
import { chileToday } from '@cubre/schemas/payments/familyPurchase';
import { SALE_CATEGORY } from '@cubre/schemas/payments/sales';
import type { GroupPolicyDocument } from '@cubre/projections/groupInsurance/documents';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { Logger } from '@cubre/platform/ports/logger';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection } from '@cubre/platform/projections/projection';
import { policyAggregate, policyStream } from '../groupInsurance/policyDecider';
import { RosterWriter } from '../groupInsurance/roster';
import { rosterStream } from '../groupInsurance/rosterDecider';
import {
  OrganizationDomainEvent,
  organizationDecider,
  organizationStream,
} from '../identity/organizationDecider';
import { saleAggregate, type StartedSale } from './purchase';
import { saleStream } from './saleDecider';

export const COMPANY_SALE_POLICIES = 'companySalePolicies';

const organizationAggregate = { decider: organizationDecider, eventSchema: OrganizationDomainEvent };

/** A company's organization id made from its RUT: the same company buying again finds the same one. */
export const companyOrganizationIdOf = (rut: string) =>
  `empresa-${rut.replace(/[^0-9kK]/g, '').toLowerCase()}`;

/**
 * A company's paid sale gives it what it bought (issue 14): its organization (the one already registered
 * with the company's RUT, else one made from the RUT), a `Policy` with the product's insurer and plan, and
 * its collaborators in PROCESS_ACTIVATION under the policy, as a bulk load's commit writes them (the
 * roster's own `RosterWriter`, one batch). A reactor on the sale's `SaleCompleted`, so the pay call, a
 * provider's notification and reconciliation all end here, and each step is idempotent: the organization
 * decider records nothing for the same name and RUT, the policy exists once, and a roster already written
 * is left as it is. A payment notified twice completes the sale once; a replayed event writes nothing.
 */
export function companySalePoliciesReactor(
  eventStore: EventStore,
  readStore: ReadStore,
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
      const metadata = (step: string): CommandMetadata => ({
        commandId: `${COMPANY_SALE_POLICIES}:${saleId}:${step}`,
        correlationId: event.metadata?.correlationId ?? saleId,
        causationId: event.id ?? null,
        actor: { kind: 'system', id: COMPANY_SALE_POLICIES },
        receivedAt: event.occurredAt,
      });
      const paidOn = chileToday(new Date(event.occurredAt));
      const started = sale.state.sale;
      const organizationId = await organizationFor(eventStore, readStore, started, metadata('organization'));
      const policyId = companyPolicyIdOf(saleId);
      await createPolicy(eventStore, started, { policyId, organizationId, paidOn }, metadata('policy'));
      const written = await activateCollaborators(eventStore, started, policyId, paidOn, metadata('roster'));
      // Ids only: the company's and the collaborators' data stay in the events.
      logger.info(
        { saleId, policyId, organizationId, collaborators: written ? started.collaborators.length : 0 },
        'company sale: policy and collaborators recorded',
      );
    },
  };
}

async function organizationFor(
  eventStore: EventStore,
  readStore: ReadStore,
  sale: StartedSale,
  metadata: CommandMetadata,
): Promise<string> {
  const company = sale.company!;
  // A company registered in the console (or by an earlier purchase) under the same RUT is the buyer's own.
  const existing = await readStore
    .collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION)
    .findOne({ rut: company.rut });
  if (existing) return existing._id;
  const organizationId = companyOrganizationIdOf(company.rut);
  try {
    await handleCommand(
      eventStore,
      organizationAggregate,
      organizationStream(organizationId),
      { type: 'RegisterOrganization', data: { organizationId, name: company.razonSocial, rut: company.rut } },
      metadata,
    );
  } catch (error) {
    // Registered already under another name (renamed in the console): it is still this company.
    if (!(error instanceof CommandRejected)) throw error;
  }
  return organizationId;
}

async function createPolicy(
  eventStore: EventStore,
  sale: StartedSale,
  ids: { policyId: string; organizationId: string; paidOn: string },
  metadata: CommandMetadata,
) {
  try {
    await handleCommand(
      eventStore,
      policyAggregate,
      policyStream(ids.policyId),
      {
        type: 'CreatePolicy',
        policy: {
          policyId: ids.policyId,
          organizationId: ids.organizationId,
          insurerCode: sale.product.organization.code,
          // The sale's number, as the buyer's success screen shows it.
          number: `WEB-${sale.saleId.slice(0, 8).toUpperCase()}`,
          name: sale.product.name,
          coverageGroups: [
            { code: ONLINE_COVERAGE_GROUP, name: 'Colaboradores', planName: sale.product.name },
          ],
          status: 'ACTIVE',
          startDate: ids.paidOn,
        },
      },
      metadata,
    );
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
  }
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

/** The collaborators' activation batch, written once: a roster that has any event is left as it is. */
async function activateCollaborators(
  eventStore: EventStore,
  sale: StartedSale,
  policyId: string,
  paidOn: string,
  metadata: CommandMetadata,
): Promise<boolean> {
  const [first] = await eventStore.readStream(rosterStream(policyId), { maxCount: 1 });
  if (first) return false;
  const changes: RosterChange[] = sale.collaborators.map((row) => ({
    legalId: row.legalId,
    rowNumber: null,
    before: null,
    after: insuredOf(row, paidOn),
  }));
  // The policy was created just above with an empty roster: the writer needs its id and that revision only
  // (its read model may not show it yet, and a reactor does not wait for another projection).
  const fresh = { _id: policyId, rosterRevision: -1, openBatch: null } as unknown as GroupPolicyDocument;
  const writer = new RosterWriter(eventStore, fresh, metadata);
  try {
    await writer.write({
      type: 'RecordBatch',
      policyId,
      batch: {
        batchId: `sale-${sale.saleId}`,
        kind: 'activation',
        bulkLoadId: null,
        refersTo: null,
        by: 'sale',
      },
      changes,
    });
  } catch (error) {
    // Another delivery of the same event wrote it first (the append was pinned to an empty stream).
    const [now] = await eventStore.readStream(rosterStream(policyId), { maxCount: 1 });
    if (now) return false;
    throw error;
  }
  return true;
}
