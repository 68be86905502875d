import type { ReadStore } from '@cubre/platform/ports/readStore';
import { CATALOGUE_COLLECTIONS, type OrganizationDocument } from '@cubre/projections/catalogue/documents';

/**
 * An organization's own website as the catalogue defines it now (null when withdrawn or never given), for
 * other domains: a failed payment on some plans sends the buyer there (002-2.11). One read by id.
 */
export const organizationWebsite =
  (readStore: ReadStore) =>
  async (code: string): Promise<string | null> => {
    const organization = await readStore
      .collection<OrganizationDocument>(CATALOGUE_COLLECTIONS.organizations)
      .findOne({ _id: code });
    if (!organization || organization.withdrawn) return null;
    return organization.definition.website ?? null;
  };
