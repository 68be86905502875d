import type { ContractingProgress, StoredEvent } from '@cubre/schemas';
import type { LeadHistoryEntry } from '@cubre/schemas/leads/adminViews';

/** What each kind of change shows in the timeline: the fields that matter, never the whole profile. */
function changesOf(event: StoredEvent): Record<string, unknown> {
  const data = event.data;
  const product = (data.product ?? {}) as { code?: string; displayName?: string };
  switch (event.type) {
    case 'LeadRequested': {
      const contracting = data.contracting as ContractingProgress | undefined;
      return {
        status: data.status,
        productCode: product.code,
        productName: product.displayName,
        requestType: data.requestType,
        originPath: data.originPath,
        // An online purchase opens its lead with its first step.
        ...(contracting
          ? {
              subStatus: data.subStatus ?? null,
              ...contracting,
            }
          : {}),
      };
    }
    case 'LeadContractingStepRecorded': {
      const { leadId: _leadId, ...rest } = data;
      return rest;
    }
    case 'LeadContactUpdated':
      return { fields: Object.keys((data.changes ?? {}) as object) };
    case 'LeadStatusChanged':
    case 'LeadAssigned':
    case 'LeadNoteAdded':
    case 'LeadEventScheduled': {
      const { leadId: _leadId, ...rest } = data;
      return rest;
    }
    default:
      return {};
  }
}

/** One line of a lead's history (issue 5): what changed, when, by whom and why. */
export function historyEntryOf(event: StoredEvent, userNames: ReadonlyMap<string, string>): LeadHistoryEntry {
  const { actor } = event.metadata;
  return {
    id: event.id,
    revision: event.revision,
    type: event.type,
    occurredAt: event.occurredAt,
    actor: {
      kind: actor.kind,
      id: actor.id,
      name:
        actor.kind === 'user'
          ? (userNames.get(actor.id) ?? actor.id)
          : actor.kind === 'visitor'
            ? 'Visitante'
            : 'Sistema',
    },
    reason: ((event.data as Record<string, unknown>).reason as string | null | undefined) ?? null,
    changes: changesOf(event),
  };
}
