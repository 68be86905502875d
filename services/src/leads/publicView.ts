import { INITIAL_LEAD_STATUS, type LeadView } from '@cubre/schemas';
import type { LeadDocument } from '@cubre/projections/leads/projection';
import { DUPLICATE_STATUS_ID } from './statusRules';

/** The fields of a lead the storefront may read back, from the read model or from the lead's fold. */
type PublicFields = Pick<
  LeadDocument,
  | 'kind'
  | 'requestType'
  | 'country'
  | 'productCode'
  | 'productName'
  | 'productType'
  | 'organizationName'
  | 'basePlanCode'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'revision'
>;

/**
 * The status a visitor's read-back shows: the lead's, except Duplicado, which would tell anyone holding a
 * RUT or e-mail whether that person asked for the product before (issue 13); the console sees it.
 */
const publicStatusOf = (status: LeadDocument['status']) =>
  status.id === DUPLICATE_STATUS_ID ? INITIAL_LEAD_STATUS : status;

/** The lead as the storefront reads it back (`LeadView`): no personal data, ever. */
export function publicViewOf(id: string, lead: PublicFields): LeadView {
  return {
    id,
    kind: lead.kind,
    requestType: lead.requestType,
    country: lead.country,
    productCode: lead.productCode,
    productName: lead.productName,
    productType: lead.productType,
    organizationName: lead.organizationName,
    basePlanCode: lead.basePlanCode,
    status: publicStatusOf(lead.status),
    createdAt: lead.createdAt,
    updatedAt: lead.updatedAt,
    revision: lead.revision,
  };
}
