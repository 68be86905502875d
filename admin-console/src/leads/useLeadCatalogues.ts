import { useMemo } from 'react';
import { useGetList } from 'react-admin';
import type { FailureReason, LeadStatus, LeadSubStatus, LeadTransition } from '../types';
import { byOrder, type LeadCatalogues } from './statusRules';

/** A whole catalogue in one page: the API's longest page is 1,000 rows, the catalogues hold dozens. */
const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The four catalogues a status change is judged by (statuses, sub-statuses, failure reasons, transition
 * policy), read through react-admin so an edit in the catalogue screens refreshes them here too.
 */
export function useLeadCatalogues(): { catalogues: LeadCatalogues; isPending: boolean; error: unknown } {
  const statuses = useGetList<LeadStatus>('lead-statuses', ALL);
  const subStatuses = useGetList<LeadSubStatus>('lead-sub-statuses', ALL);
  const failureReasons = useGetList<FailureReason>('failure-reasons', ALL);
  const transitions = useGetList<LeadTransition>('lead-transitions', ALL);
  const catalogues = useMemo(
    () => ({
      statuses: byOrder(statuses.data ?? []),
      subStatuses: byOrder(subStatuses.data ?? []),
      failureReasons: byOrder(failureReasons.data ?? []),
      transitions: transitions.data ?? [],
    }),
    [statuses.data, subStatuses.data, failureReasons.data, transitions.data],
  );
  return {
    catalogues,
    isPending:
      statuses.isPending || subStatuses.isPending || failureReasons.isPending || transitions.isPending,
    error: statuses.error ?? subStatuses.error ?? failureReasons.error ?? transitions.error,
  };
}
