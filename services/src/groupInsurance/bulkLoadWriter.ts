import { loadAggregate } from '@cubre/platform/commands/commandHandler';
import { eventIdFor } from '@cubre/platform/commands/eventIds';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import type { CommandMetadata } from '@cubre/schemas/commands';
import { BulkLoadEvent } from '@cubre/schemas/groupInsurance/bulkLoad';
import {
  bulkLoadAggregate,
  bulkLoadDecider,
  bulkLoadStream,
  type BulkLoadCommand,
  type BulkLoadState,
} from './bulkLoadDecider';

/**
 * The writer of one bulk load's stream while its dry run or commit runs: the stream is read once, then each
 * command is decided on the state kept in memory and appended pinned to the revision it knows (a second
 * runner of the same load, in another process, gets a conflict and stops instead of interleaving).
 */
export class BulkLoadWriter {
  private appends = 0;
  lastWrite = { globalPosition: 0, streamId: '' };

  private constructor(
    private readonly store: EventStore,
    readonly bulkLoadId: string,
    public state: BulkLoadState,
    private revision: number,
    private readonly metadata: CommandMetadata,
  ) {}

  static async open(store: EventStore, bulkLoadId: string, metadata: CommandMetadata) {
    const { state, revision } = await loadAggregate(store, bulkLoadAggregate, bulkLoadStream(bulkLoadId));
    return new BulkLoadWriter(store, bulkLoadId, state, revision, metadata);
  }

  async write(command: BulkLoadCommand): Promise<void> {
    const decided = bulkLoadDecider.decide(command, this.state).map((event) => BulkLoadEvent.parse(event));
    if (decided.length === 0) return;
    const streamId = bulkLoadStream(this.bulkLoadId);
    const commandId = `${this.metadata.commandId}:bulkLoad:${this.appends++}`;
    const appended = await this.store.append(
      streamId,
      decided.map((event, index) => ({
        id: eventIdFor(commandId, index),
        type: event.type,
        data: event.data,
        occurredAt: this.metadata.receivedAt,
        metadata: {
          correlationId: this.metadata.correlationId,
          causationId: this.metadata.commandId,
          actor: this.metadata.actor,
        },
      })),
      { expectedRevision: this.revision === -1 ? 'no_stream' : this.revision },
    );
    this.revision = appended.nextExpectedRevision;
    this.state = decided.reduce(bulkLoadDecider.evolve, this.state);
    this.lastWrite = { globalPosition: appended.globalPosition, streamId };
  }
}
