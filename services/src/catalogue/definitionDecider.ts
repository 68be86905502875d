import { CATALOGUE_EVENT_SCHEMAS, CATALOGUE_KINDS, type CatalogueKind } from '@cubre/schemas';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import type { AggregateDefinition } from '@cubre/platform/commands/commandHandler';

export type DefinitionState<T> =
  { status: 'Empty' } | { status: 'Defined'; definition: T } | { status: 'Withdrawn'; definition: T };

export type DefinitionCommand<T> = { type: 'Define'; definition: T } | { type: 'Withdraw'; reason: string };

type DefinitionEvent<T> =
  { type: string; data: { definition: T } } | { type: string; data: { reason: string } };

/** Definitions are compared as the JSON zod produced them: same schema, same key order. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The decider every catalogue entry shares (organizations, insurance types, products, isapre plans,
 * comparators): defining records the whole definition, revising records it again only when it changed,
 * so an import re-run records nothing; withdrawing takes the entry off the catalogue.
 */
export function definitionDecider<T>(
  kind: CatalogueKind,
): Decider<DefinitionState<T>, DefinitionCommand<T>, DefinitionEvent<T>> {
  const prefix = CATALOGUE_KINDS[kind].eventPrefix;
  return {
    initialState: () => ({ status: 'Empty' }),

    evolve(state, event) {
      if (event.type === `${prefix}Withdrawn`) {
        return state.status === 'Empty' ? state : { status: 'Withdrawn', definition: state.definition };
      }
      return { status: 'Defined', definition: (event.data as { definition: T }).definition };
    },

    decide(command, state) {
      switch (command.type) {
        case 'Define': {
          if (state.status === 'Empty' || state.status === 'Withdrawn') {
            return [{ type: `${prefix}Defined`, data: { definition: command.definition } }];
          }
          if (same(state.definition, command.definition)) return [];
          return [{ type: `${prefix}Revised`, data: { definition: command.definition } }];
        }
        case 'Withdraw': {
          if (state.status === 'Empty') {
            throw new CommandRejected(`no existe en el catálogo`, 'not_found', 422);
          }
          if (state.status === 'Withdrawn') return [];
          return [{ type: `${prefix}Withdrawn`, data: { reason: command.reason } }];
        }
        default: {
          const unknown: never = command;
          throw new Error(`unknown command ${JSON.stringify(unknown)}`);
        }
      }
    },
  };
}

/** The decider with the event schema that reads its stream back. */
export function catalogueAggregate<T>(
  kind: CatalogueKind,
): AggregateDefinition<DefinitionState<T>, DefinitionCommand<T>, DefinitionEvent<T>> {
  return { decider: definitionDecider<T>(kind), eventSchema: CATALOGUE_EVENT_SCHEMAS[kind] as never };
}

/** Stream of one catalogue entry: `product-{code}`, `isaprePlan-{code}`… */
export const catalogueStream = (kind: CatalogueKind, code: string) =>
  `${CATALOGUE_KINDS[kind].category}-${code}`;
