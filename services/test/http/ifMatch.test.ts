import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import { nobodySignsIn } from '@cubre/platform/http/guard';
import pino from 'pino';
import { z } from 'zod';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import { CommandRejected, type Decider } from '@cubre/platform/core/decider';
import { createApp } from '@cubre/platform/http/app';
import { anonymousVisitor, commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { ifMatchRevision, setRevisionETag } from '@cubre/platform/http/etag';
import { notFound } from '@cubre/platform/http/problem';
import { createRateLimits, LIMIT_FAMILIES } from '@cubre/platform/http/rateLimits';
import { openSqliteRateLimitStore } from '@cubre/platform/adapters/sqlite/rateLimitStore';
import { validated } from '@cubre/platform/http/validate';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';

/** A tiny aggregate standing in for any domain: a titled note that can be renamed. */
type NoteEvent =
  { type: 'NoteWritten'; data: { title: string } } | { type: 'NoteRenamed'; data: { title: string } };
const NoteEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('NoteWritten'), data: z.object({ title: z.string() }) }),
  z.object({ type: z.literal('NoteRenamed'), data: z.object({ title: z.string() }) }),
]);
type NoteCommand = { type: 'WriteNote' | 'RenameNote'; title: string };
const noteDecider: Decider<{ title?: string }, NoteCommand, NoteEvent> = {
  initialState: () => ({}),
  evolve: (_state, event) => ({ title: event.data.title }),
  decide(command, state) {
    if (command.type === 'WriteNote') {
      if (state.title !== undefined) throw new CommandRejected('la nota ya existe', 'already_exists', 409);
      return [{ type: 'NoteWritten', data: { title: command.title } }];
    }
    if (state.title === undefined) throw new CommandRejected('la nota no existe', 'not_found', 422);
    return [{ type: 'NoteRenamed', data: { title: command.title } }];
  },
};
const notes = { decider: noteDecider, eventSchema: NoteEvent };

const dir = tempDataDir();
const eventStore = openSqliteEventStore({ dataDir: dir.path });
const rateLimitStore = openSqliteRateLimitStore(dir.path);
/** This app has no anonymous route of a limited family. */
const NO_LIMITS = Object.fromEntries(LIMIT_FAMILIES.map((family) => [family, {}])) as Parameters<
  typeof createRateLimits
>[1];
let server: Server;
let base: string;

beforeAll(async () => {
  const routes = Router();
  const Params = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,20}$/) });
  const Body = z.strictObject({ title: z.string().min(1).max(100) });
  routes.get(
    '/notes/:id',
    validated({ params: Params }, async ({ params }, _req, res) => {
      const { state, revision } = await loadAggregate(eventStore, notes, `note-${params.id}`);
      if (revision < 0) throw notFound(`no existe la nota ${params.id}`);
      setRevisionETag(res, revision);
      res.json(state);
    }),
  );
  routes.put(
    '/notes/:id',
    validated({ params: Params, body: Body }, async ({ params, body }, req, res) => {
      const pinned = ifMatchRevision(req);
      const result = await handleCommand(
        eventStore,
        notes,
        `note-${params.id}`,
        { type: pinned === undefined ? 'WriteNote' : 'RenameNote', title: body.title },
        commandMetadataOf(req, new Date(), anonymousVisitor),
        { expectedRevision: typeof pinned === 'number' ? pinned : undefined },
      );
      setRevisionETag(res, result.revision);
      res.status(pinned === undefined ? 201 : 200).json(result.state);
    }),
  );
  const app = createApp({
    context: {
      eventStore,
      readStore: createMemoryReadStore(),
      visibility: { waitUntilVisible: async () => true },
      authenticator: nobodySignsIn,
      clock: () => new Date(),
      config: {
        publicOrigins: [],
        bodyLimitBytes: 1024,
        readYourWritesTimeoutMs: 0,
        editionHosts: { byHost: new Map(), fallback: 'CL' },
        frameAncestors: [],
        trustedProxies: [],
        compressMinBytes: 1024,
      },
      logger: pino({ level: 'silent' }),
      rateLimits: createRateLimits(rateLimitStore, NO_LIMITS, pino({ level: 'silent' })),
      sharedState: rateLimitStore.state,
    },
    modules: [{ name: 'notes', routes: () => routes }],
    logger: pino({ level: 'silent' }),
    probe: { draining: () => false, readiness: () => ({ ready: true, checks: {} }), metrics: async () => '' },
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await eventStore.close();
  await rateLimitStore.close();
  dir.remove();
});

const put = (id: string, title: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/notes/${id}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ title }),
  });

describe('ETag and If-Match carry the expected revision over HTTP', () => {
  test('every answer carries the revision as its ETag', async () => {
    const created = await put('a1', 'Primera');
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBe('"0"');
    const read = await fetch(`${base}/notes/a1`);
    expect(read.headers.get('etag')).toBe('"0"');
  });

  test('a write with the current ETag in If-Match succeeds and moves the ETag', async () => {
    await put('b1', 'Uno');
    const renamed = await put('b1', 'Dos', { 'If-Match': '"0"' });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe('"1"');
    expect(await json(renamed)).toEqual({ title: 'Dos' });
  });

  test('a write with a stale ETag is a 409 problem naming If-Match, with the current ETag, and changes nothing', async () => {
    await put('c1', 'Uno');
    await put('c1', 'Dos', { 'If-Match': '"0"' });
    const stale = await put('c1', 'Tres', { 'If-Match': '"0"' });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.headers.get('etag')).toBe('"1"');
    expect((await json(stale)).errors).toEqual([
      { field: 'If-Match', rule: 'current_revision', message: 'la versión actual es 1' },
    ]);
    expect(await json(await fetch(`${base}/notes/c1`))).toEqual({ title: 'Dos' });
  });

  test('two clients renaming from the same ETag: one wins, the other gets a 409, nothing is overwritten silently', async () => {
    await put('d1', 'Base');
    const [a, b] = await Promise.all([
      put('d1', 'A', { 'If-Match': '"0"' }),
      put('d1', 'B', { 'If-Match': '"0"' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 'A' : 'B';
    expect(await json(await fetch(`${base}/notes/d1`))).toEqual({ title: winner });
  });

  test('a malformed If-Match is a 400 problem naming it', async () => {
    const response = await put('e1', 'X', { 'If-Match': 'version-3' });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'If-Match', rule: 'etag' }),
    );
  });

  test('a business refusal is a problem with its own rule and status', async () => {
    const response = await put('f1', 'Nueva', { 'If-Match': '"-1"' });
    expect(response.status).toBe(422);
    expect((await json(response)).errors).toEqual([
      { field: 'body', rule: 'not_found', message: 'la nota no existe' },
    ]);
  });

  test('a body over the configured limit is a 413 problem stating it', async () => {
    const response = await put('g1', 'x'.repeat(2000));
    expect(response.status).toBe(413);
    expect((await json(response)).detail).toBe('el límite es 1024 bytes');
  });
});
