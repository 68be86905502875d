import { createHash } from 'node:crypto';
import { CATALOGUE_DEFINITION_SCHEMAS, type Actor, type CatalogueKind } from '@cubre/schemas';
import type { z } from 'zod';
import { handleCommand, type CommandResult } from '@cubre/platform/commands/commandHandler';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { catalogueAggregate, catalogueStream, type DefinitionState } from './definitionDecider';

type DefinitionOf<K extends CatalogueKind> = z.output<(typeof CATALOGUE_DEFINITION_SCHEMAS)[K]>;
type DefinitionInputOf<K extends CatalogueKind> = z.input<(typeof CATALOGUE_DEFINITION_SCHEMAS)[K]>;

export interface DefineOutcome {
  code: string;
  /** 'defined' (new or reinstated), 'revised' (changed) or 'unchanged'. */
  outcome: 'defined' | 'revised' | 'unchanged';
  revision: number;
  globalPosition: number;
}

/**
 * Defines (or revises) one catalogue entry through its decider. The command id is derived from the
 * definition itself, so the same definition sent twice, even concurrently, stores one event at most.
 * @throws z.ZodError when the definition does not hold (callers report it with the entry's code).
 */
export async function defineCatalogueEntry<K extends CatalogueKind>(
  store: EventStore,
  kind: K,
  input: DefinitionInputOf<K>,
  options: { actor: Actor; correlationId: string; now: Date },
): Promise<DefineOutcome> {
  const definition = CATALOGUE_DEFINITION_SCHEMAS[kind].parse(input) as DefinitionOf<K> & {
    code?: string;
    name?: string;
  };
  const code = String(definition.code ?? definition.name);
  const digest = createHash('sha1').update(JSON.stringify(definition)).digest('base64url');
  const streamId = catalogueStream(
    kind,
    kind === 'insuranceType' ? (definition as { urlSegment: string }).urlSegment : code,
  );
  const result: CommandResult<DefinitionState<DefinitionOf<K>>> = await handleCommand(
    store,
    catalogueAggregate<DefinitionOf<K>>(kind),
    streamId,
    { type: 'Define', definition },
    {
      commandId: `catalogue:${kind}:${code}:${digest}`,
      correlationId: options.correlationId,
      causationId: null,
      actor: options.actor,
      receivedAt: options.now.toISOString(),
    },
  );
  const type = result.events[0]?.type ?? '';
  return {
    code,
    outcome: result.events.length === 0 ? 'unchanged' : type.endsWith('Revised') ? 'revised' : 'defined',
    revision: result.revision,
    globalPosition: result.globalPosition,
  };
}
