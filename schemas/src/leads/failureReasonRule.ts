import { countryCodeOf } from '../countries';

/** What a failure reason says of where it applies: an empty list does not restrict that axis. */
export interface FailureReasonScope {
  active: boolean;
  requestTypes: readonly string[];
  countries: readonly (string | number)[];
  subStatusIds: readonly number[];
}

/**
 * Whether a failure reason may close this lead with this sub-status: active, and for the lead's request
 * type, its country (by code or numeric id) and the chosen sub-status, where the reason lists any. The
 * server judges a status change with it and the console offers reasons with it, so both say the same.
 */
export function failureReasonApplies(
  reason: FailureReasonScope,
  lead: { requestType: string; country: string | number },
  subStatusId: number | null,
): boolean {
  const country = countryCodeOf(lead.country);
  return (
    reason.active &&
    (reason.requestTypes.length === 0 || reason.requestTypes.includes(lead.requestType)) &&
    (reason.countries.length === 0 || reason.countries.some((code) => countryCodeOf(code) === country)) &&
    (reason.subStatusIds.length === 0 || (subStatusId !== null && reason.subStatusIds.includes(subStatusId)))
  );
}
