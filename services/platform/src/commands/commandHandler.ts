import type { CommandMetadata } from '@cubre/schemas/commands';
import type { NewEvent, StoredEvent } from '@cubre/schemas/events';
import type { z } from 'zod';
import type { Decider, DomainEvent } from '../core/decider';
import { WrongExpectedRevisionError, type EventStore } from '../ports/eventStore';
import { eventIdFor } from './eventIds';

export interface CommandResult<State> {
  state: State;
  /** Events this command stored; empty when the decider had nothing to record. */
  events: NewEvent[];
  /** Revision of the stream's last event after the command: the new ETag; -1 for a stream still empty. */
  revision: number;
  /** Position to wait for before reading one's own write; 0 when nothing was written. */
  globalPosition: number;
}

export interface HandleOptions {
  /** From `If-Match`: the command runs only against exactly this revision, never retried. */
  expectedRevision?: number;
  /** Conflicts retried by re-reading and deciding again when the caller did not pin a revision. */
  retries?: number;
}

export interface AggregateDefinition<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  /** Parses stored events back into the domain's event union: a stored shape the code no longer knows fails loudly. */
  eventSchema: z.ZodType<Event>;
}

export async function loadAggregate<State, Command, Event extends DomainEvent>(
  store: EventStore,
  definition: AggregateDefinition<State, Command, Event>,
  streamId: string,
): Promise<{ state: State; revision: number; events: StoredEvent[] }> {
  const events = await store.readStream(streamId);
  let state = definition.decider.initialState();
  for (const stored of events) {
    state = definition.decider.evolve(
      state,
      definition.eventSchema.parse({ type: stored.type, data: stored.data }),
    );
  }
  return { state, revision: events.length === 0 ? -1 : events[events.length - 1]!.revision, events };
}

/** Read the stream, decide, append with the revision that was read (STYLE.md: the handler of a decider). */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  definition: AggregateDefinition<State, Command, Event>,
  streamId: string,
  command: Command,
  metadata: CommandMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  const { decider } = definition;
  const retries = options.expectedRevision === undefined ? (options.retries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = await loadAggregate(store, definition, streamId);
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, revision);
    }
    // Events are validated on the way in, so readers (projections replaying at full speed) can trust them.
    const decided = decider.decide(command, state).map((event) => definition.eventSchema.parse(event));
    if (decided.length === 0) return { state, events: [], revision, globalPosition: 0 };
    const events: NewEvent[] = decided.map((event, index) => ({
      id: eventIdFor(metadata.commandId, index),
      type: event.type,
      data: event.data,
      occurredAt: metadata.receivedAt,
      metadata: {
        correlationId: metadata.correlationId,
        causationId: metadata.commandId,
        actor: metadata.actor,
      },
    }));
    try {
      const appended = await store.append(streamId, events, {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      const newState = decided.reduce(decider.evolve, state);
      return {
        state: newState,
        events,
        revision: appended.nextExpectedRevision,
        globalPosition: appended.globalPosition,
      };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt < retries) continue;
      throw error;
    }
  }
}
