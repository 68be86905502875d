/**
 * Seed 002 §2 (rule 002-2.11): a payment that fails on one of these plans sends the buyer to the insurer's
 * own site, where the insurer finishes the contract. Free of zod: the storefront may read it too.
 */
export const FAILURE_REDIRECT_PLAN_CODES: readonly string[] = [
  'QPS230',
  'QPS231',
  'QPS235',
  'QPS236',
  'QPS238',
  'QPS239',
  'QPS255',
  'QPS256',
];

const CODES: ReadonlySet<string> = new Set(FAILURE_REDIRECT_PLAN_CODES);

/** Whether a failed payment of this plan redirects to the insurer's site. */
export const redirectsOnFailure = (productCode: string): boolean => CODES.has(productCode);
