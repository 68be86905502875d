/**
 * The number a visitor quotes when they call about their request: the first eight characters of the lead's
 * id in capitals ('3F2A9C1D'), which the console shows on the lead. The whole UUID is not something a person
 * reads out over the phone (issue 11).
 */
export const requestNumber = (leadId: string): string => leadId.replace(/-/g, '').slice(0, 8).toUpperCase();
