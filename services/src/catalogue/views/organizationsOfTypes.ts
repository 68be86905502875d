import type { OrganizationDefinition } from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import { CATALOGUE_COLLECTIONS, type OrganizationDocument } from '@cubre/projections/catalogue/documents';

/**
 * The catalogue's organizations of some types, as defined now (withdrawn ones left out), for other domains
 * (insurers' settings list the insurers). The catalogue holds tens of organizations: read whole.
 */
export const organizationsOfTypes =
  (readStore: ReadStore) =>
  async (types: readonly string[]): Promise<OrganizationDefinition[]> =>
    (
      await readStore
        .collection<OrganizationDocument>(CATALOGUE_COLLECTIONS.organizations)
        .find({ withdrawn: false })
    )
      .map((organization) => organization.definition)
      .filter((definition) => types.includes(definition.type));
