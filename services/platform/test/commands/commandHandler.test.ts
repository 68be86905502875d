import { randomUUID } from 'node:crypto';
import type { CommandMetadata } from '@cubre/schemas/commands';
import { z } from 'zod';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { isFreshCommandId } from '@cubre/platform/http/commandMetadata';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { tempDataDir } from '../support/tempDir';

/**
 * `expectNewStream` (issue 12): a command on a stream that is almost always new is decided on the initial
 * state without reading the stream. Whatever the stream really holds, the outcome must be the one a read
 * first gives: these tests run each case on a real SQLite event store, with and without the option.
 */
type NoteEvent =
  { type: 'NoteWritten'; data: { title: string } } | { type: 'NoteRenamed'; data: { title: string } };
const NoteEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NoteWritten'), data: z.object({ title: z.string() }) }),
  z.object({ type: z.literal('NoteRenamed'), data: z.object({ title: z.string() }) }),
]);
/** Write: once (the same title again changes nothing). Rename: only a written note. Echo: nothing when empty. */
type NoteCommand = { type: 'Write' | 'Rename' | 'Echo'; title: string };
const noteDecider: Decider<{ title?: string }, NoteCommand, NoteEvent> = {
  initialState: () => ({}),
  evolve: (_state, event) => ({ title: event.data.title }),
  decide(command, state) {
    switch (command.type) {
      case 'Write':
        if (state.title === command.title) return [];
        if (state.title !== undefined) throw new CommandRejected('la nota ya existe', 'already_exists', 409);
        return [{ type: 'NoteWritten', data: { title: command.title } }];
      case 'Rename':
        if (state.title === undefined) throw new CommandRejected('la nota no existe', 'not_found', 422);
        return [{ type: 'NoteRenamed', data: { title: command.title } }];
      case 'Echo':
        return state.title === undefined ? [] : [{ type: 'NoteRenamed', data: { title: state.title } }];
    }
  },
};
const notes = { decider: noteDecider, eventSchema: NoteEvent };

const dir = tempDataDir();
const store = openSqliteEventStore({ dataDir: dir.path });
/** The real store, counting its stream reads: how the tests see that a guess saved the read. */
let streamReads = 0;
const counted: EventStore = Object.assign(Object.create(store) as EventStore, {
  readStream: (...args: Parameters<EventStore['readStream']>) => {
    streamReads++;
    return store.readStream(...args);
  },
});

afterAll(async () => {
  await store.close();
  dir.remove();
});

const metadata = (): CommandMetadata => ({
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
  actor: { kind: 'system', id: 'test' },
  receivedAt: new Date().toISOString(),
});
const run = (streamId: string, command: NoteCommand, expectNewStream: boolean) =>
  handleCommand(counted, notes, streamId, command, metadata(), { expectNewStream });
/** The outcome as a caller sees it: revision, stored event types, or the refusal's rule. */
const outcome = (streamId: string, command: NoteCommand, expectNewStream: boolean) =>
  run(streamId, command, expectNewStream).then(
    (result) => ({ revision: result.revision, stored: result.events.map((event) => event.type) }),
    (error: unknown) => ({ refused: error instanceof CommandRejected ? error.rule : String(error) }),
  );
let streams = 0;
/** A stream holding one written note (titled 'a'), or none. */
async function streamWith(written: boolean) {
  const streamId = `note-${streams++}`;
  if (written) await run(streamId, { type: 'Write', title: 'a' }, false);
  return streamId;
}

test('a command on a new stream is decided without reading it and stored at revision 0', async () => {
  const streamId = await streamWith(false);
  const before = streamReads;
  const result = await run(streamId, { type: 'Write', title: 'a' }, true);
  expect(streamReads).toBe(before);
  expect(result.revision).toBe(0);
  expect((await store.readStream(streamId)).map((event) => event.data)).toEqual([{ title: 'a' }]);
});

test.each([
  ['the append finds the stream taken, and the real state refuses', { type: 'Write', title: 'b' }],
  [
    'the append finds the stream taken, and the real state has nothing to record',
    { type: 'Write', title: 'a' },
  ],
  ['the guessed empty state refuses what the real state allows', { type: 'Rename', title: 'b' }],
  ['the guessed empty state records nothing where the real state records', { type: 'Echo', title: '' }],
] as const)(
  'on a stream that exists, a wrong guess answers as a read first does: %s',
  async (_case, command) => {
    const withGuess = await outcome(await streamWith(true), command, true);
    const withRead = await outcome(await streamWith(true), command, false);
    expect(withGuess).toEqual(withRead);
  },
);

test('on a new stream, a command that refuses or records nothing answers as a read first does', async () => {
  for (const command of [
    { type: 'Rename', title: 'b' },
    { type: 'Echo', title: '' },
  ] as const) {
    expect(await outcome(await streamWith(false), command, true)).toEqual(
      await outcome(await streamWith(false), command, false),
    );
  }
});

test('two guesses racing for one new stream: one stores, the other is decided on what it stored', async () => {
  const streamId = await streamWith(false);
  const results = await Promise.all([
    outcome(streamId, { type: 'Write', title: 'a' }, true),
    outcome(streamId, { type: 'Write', title: 'b' }, true),
  ]);
  expect(results).toContainEqual({ revision: 0, stored: ['NoteWritten'] });
  expect(results).toContainEqual({ refused: 'already_exists' });
  expect(await store.readStream(streamId)).toHaveLength(1);
});

test('only a command id drawn at random is fresh: an Idempotency-Key one may be a retry', () => {
  expect(isFreshCommandId(randomUUID())).toBe(true);
  expect(isFreshCommandId(`POST /api/buscarplanes/comparator-url retry-key-0001 ${'x'.repeat(27)}`)).toBe(
    false,
  );
  expect(isFreshCommandId(`${randomUUID()}#1`)).toBe(false);
});
