import { ORGANIZATIONS_COLLECTION, type CommandMetadata, type OrganizationDocument } from '@cubre/schemas';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { OrganizationDomainEvent, organizationDecider, organizationStream } from './organizationDecider';

const organizationAggregate = { decider: organizationDecider, eventSchema: OrganizationDomainEvent };

/** A company's organization id made from its RUT: the same company buying again finds the same one. */
export const companyOrganizationIdOf = (rut: string) =>
  `empresa-${rut.replace(/[^0-9kK]/g, '').toLowerCase()}`;

/**
 * The organization of a company that bought online (issue 14): the one registered with its RUT (in the
 * console, or by an earlier purchase), else one registered now under an id made from the RUT. Idempotent:
 * the decider records nothing for the same name and RUT; registered under another name (renamed in the
 * console), it is still that company's.
 */
export function registerCompanyOrganization(eventStore: EventStore, readStore: ReadStore) {
  return async (company: { rut: string; name: string }, metadata: CommandMetadata): Promise<string> => {
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
        { type: 'RegisterOrganization', data: { organizationId, name: company.name, rut: company.rut } },
        metadata,
      );
    } catch (error) {
      if (!(error instanceof CommandRejected)) throw error;
    }
    return organizationId;
  };
}
export type RegisterCompanyOrganization = ReturnType<typeof registerCompanyOrganization>;
