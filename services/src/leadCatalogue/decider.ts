import {
  INITIAL_LEAD_STATUS,
  LEAD_CATALOGUE_KINDS,
  LEAD_CATALOGUE_SCHEMAS,
  leadCatalogueStream,
  type LeadCatalogueKind,
  type LeadCatalogueRecord,
  type LeadStatusRecord,
} from '@cubre/schemas';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import type { AggregateDefinition } from '@cubre/platform/commands/commandHandler';
import { canonicalJson } from '@cubre/platform/core/canonicalJson';

export { leadCatalogueStream };

/** A record of one of the lead catalogues; `Deleted` keeps the last record for the answer and the audit. */
export type CatalogueRecordState<R> =
  { status: 'Empty' } | { status: 'Defined'; record: R } | { status: 'Deleted'; record: R };

/** What still refers to a record, found by the command handler in the read models: a deletion would orphan it. */
export interface CatalogueReference {
  /** The admin resource (or read model) that refers to it: `lead-sub-statuses`, `leads`. */
  resource: string;
  count: number;
  /** A few of the referring ids, for the message. */
  ids: (number | string)[];
}

export type CatalogueRecordCommand<R extends { id: number }> =
  /** From the console: a new record, or the reinstatement of a deleted one under its old id. */
  | { type: 'CreateRecord'; record: R }
  /** From the default catalogue at start: only on a stream that never existed, so edits and deletions stay. */
  | { type: 'SeedRecord'; record: R }
  /** The fields given replace the current ones; the id never changes. */
  | { type: 'ReviseRecord'; changes: Partial<Omit<R, 'id'>> }
  | { type: 'DeleteRecord'; referencedBy: CatalogueReference[] };

export type CatalogueRecordEvent<R> =
  | { type: string; data: { record: R } }
  | { type: string; data: { record: R; changedFields: string[] } }
  | { type: string; data: { id: number } };

/**
 * A rule of one catalogue on what a record may become; `next` is null for a deletion. Throws a
 * CommandRejected when the change is refused.
 */
type RecordRule<R> = (next: R | null, current: R | null) => void;

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

const notFound = (kind: LeadCatalogueKind) =>
  new CommandRejected(`no existe el registro de ${kind}`, 'not_found', 422, 'id');

/**
 * The lifecycle every lead-catalogue record shares (statuses, sub-statuses, failure reasons, transition
 * policies): created (or seeded) whole, revised field by field (an unchanged revision records nothing),
 * deleted only when nothing refers to it. `rule` adds the catalogue's own refusals.
 */
export function catalogueRecordDecider<R extends { id: number }>(
  kind: LeadCatalogueKind,
  rule: RecordRule<R> = () => undefined,
): Decider<CatalogueRecordState<R>, CatalogueRecordCommand<R>, CatalogueRecordEvent<R>> {
  const prefix = LEAD_CATALOGUE_KINDS[kind].eventPrefix;
  return {
    initialState: () => ({ status: 'Empty' }),

    evolve(state, event) {
      if (event.type === `${prefix}Deleted`) {
        return state.status === 'Empty' ? state : { status: 'Deleted', record: state.record };
      }
      return { status: 'Defined', record: (event.data as { record: R }).record };
    },

    decide(command, state) {
      switch (command.type) {
        case 'CreateRecord': {
          if (state.status === 'Defined') {
            // The same create again (a client's retry) records nothing; another record under the id is refused.
            if (same(state.record, command.record)) return [];
            throw new CommandRejected(`ya existe el registro ${command.record.id}`, 'exists', 409, 'id');
          }
          rule(command.record, null);
          return [{ type: `${prefix}Defined`, data: { record: command.record } }];
        }
        case 'SeedRecord': {
          if (state.status !== 'Empty') return [];
          rule(command.record, null);
          return [{ type: `${prefix}Defined`, data: { record: command.record } }];
        }
        case 'ReviseRecord': {
          if (state.status !== 'Defined') throw notFound(kind);
          const next = { ...state.record };
          const changedFields: string[] = [];
          for (const [field, value] of Object.entries(command.changes)) {
            if (value === undefined || field === 'id') continue;
            if (same(value, (state.record as Record<string, unknown>)[field])) continue;
            (next as Record<string, unknown>)[field] = value;
            changedFields.push(field);
          }
          if (changedFields.length === 0) return [];
          rule(next, state.record);
          return [{ type: `${prefix}Revised`, data: { record: next, changedFields } }];
        }
        case 'DeleteRecord': {
          if (state.status !== 'Defined') throw notFound(kind);
          const users = command.referencedBy.filter((reference) => reference.count > 0);
          if (users.length > 0) {
            const list = users
              .map(({ resource, count, ids }) => `${count} en ${resource} (${ids.join(', ')})`)
              .join('; ');
            throw new CommandRejected(
              `el registro ${state.record.id} está en uso: ${list}; desactívelo (active: false) o quite primero esas referencias`,
              'in_use',
              409,
              'id',
            );
          }
          rule(null, state.record);
          return [{ type: `${prefix}Deleted`, data: { id: state.record.id } }];
        }
        default: {
          const unknown: never = command;
          throw new Error(`unknown command ${String((unknown as { type: unknown }).type)}`);
        }
      }
    },
  };
}

/**
 * Sin Estado (1) is where every storefront request starts (INITIAL_LEAD_STATUS): it can be renamed and
 * recoloured, but never deleted, deactivated, nor made to require a sub-status or a failure reason, which a
 * new lead could not give.
 */
const initialStatusRule: RecordRule<LeadStatusRecord> = (next, current) => {
  const id = next?.id ?? current?.id;
  if (id !== INITIAL_LEAD_STATUS.id) return;
  const refuse = (field: string, what: string) => {
    throw new CommandRejected(
      `${INITIAL_LEAD_STATUS.name} (${id}) es el estado inicial de toda solicitud: ${what}`,
      'initial_status',
      422,
      field,
    );
  };
  if (next === null) return refuse('id', 'no se puede eliminar');
  if (!next.active) refuse('active', 'no se puede desactivar');
  if (next.requiresSubStatus) refuse('requiresSubStatus', 'no puede exigir un sub-estado');
  if (next.requiresFailureReason) refuse('requiresFailureReason', 'no puede exigir un motivo de fallo');
};

export const leadStatusDecider = catalogueRecordDecider<LeadStatusRecord>('leadStatus', initialStatusRule);
export const leadSubStatusDecider =
  catalogueRecordDecider<LeadCatalogueRecord<'leadSubStatus'>>('leadSubStatus');
export const failureReasonDecider =
  catalogueRecordDecider<LeadCatalogueRecord<'failureReason'>>('failureReason');
export const leadTransitionDecider =
  catalogueRecordDecider<LeadCatalogueRecord<'leadTransition'>>('leadTransition');

type CatalogueAggregate<K extends LeadCatalogueKind> = AggregateDefinition<
  CatalogueRecordState<LeadCatalogueRecord<K>>,
  CatalogueRecordCommand<LeadCatalogueRecord<K>>,
  CatalogueRecordEvent<LeadCatalogueRecord<K>>
>;

/** Decider and event schema of each catalogue, as the command handler takes them. */
export const LEAD_CATALOGUE_AGGREGATES: { [K in LeadCatalogueKind]: CatalogueAggregate<K> } = {
  leadStatus: { decider: leadStatusDecider, eventSchema: LEAD_CATALOGUE_SCHEMAS.leadStatus.event },
  leadSubStatus: { decider: leadSubStatusDecider, eventSchema: LEAD_CATALOGUE_SCHEMAS.leadSubStatus.event },
  failureReason: { decider: failureReasonDecider, eventSchema: LEAD_CATALOGUE_SCHEMAS.failureReason.event },
  leadTransition: {
    decider: leadTransitionDecider,
    eventSchema: LEAD_CATALOGUE_SCHEMAS.leadTransition.event,
  },
};
