import { z } from 'zod';
import { LEAD_EVENT_TYPES, REQUEST_TYPES } from './lists';

export { LEAD_EVENT_TYPES, REQUEST_TYPES };
export const RequestType = z.enum(REQUEST_TYPES);
export type RequestType = z.infer<typeof RequestType>;

export const LeadEventType = z.enum(LEAD_EVENT_TYPES);
export type LeadEventType = z.infer<typeof LeadEventType>;

/**
 * What the lead decider needs to know of the editable catalogues to judge a status change: built by the
 * lead-catalogue module from its read models and handed to the decider inside the command, so the decider
 * stays a pure function (the policy a change was judged by is the one the console showed).
 */
export interface LeadPolicy {
  statuses: ReadonlyMap<
    number,
    { name: string; requiresSubStatus: boolean; requiresFailureReason: boolean; active: boolean }
  >;
  subStatuses: ReadonlyMap<number, { name: string; parentIds: readonly number[]; active: boolean }>;
  failureReasons: ReadonlyMap<
    number,
    {
      name: string;
      requestTypes: readonly string[];
      subStatusIds: readonly number[];
      countries: readonly string[];
      active: boolean;
    }
  >;
  /** Allowed moves: from a status id to the ids it may move to. A status without an entry moves nowhere. */
  transitions: ReadonlyMap<number, ReadonlySet<number>>;
}
