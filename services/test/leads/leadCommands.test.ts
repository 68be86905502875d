import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Actor, CommandMetadata, PlanRequestBody, Principal } from '@cubre/schemas';
import { catalogueQuotes, catalogueSnapshotsFor } from '@cubre/services/catalogue';
import { findUserById, permissionsOf } from '@cubre/services/identity';
import { seededUserId } from '@cubre/services/identity/seed';
import { leadConsoleCommands } from '@cubre/services/leads/adminCommands';
import { leadCommands, type CommandCall, type LeadServiceContext } from '@cubre/services/leads/leadCommands';
import type { LeadSettings } from '@cubre/services/leads/settings';
import { LEADS_COLLECTION, type LeadDocument } from '@cubre/projections/leads/projection';
import { HttpProblem } from '@cubre/platform/http/problem';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadLeadsCatalogue } from './support/leadsFixture';

/**
 * The lead command services without HTTP (issue 12): plain data and a caller in (the anonymous visitor, or
 * the console's principal), the lead out. The duplicate rule is the service's, not a route's.
 */
let runtime: TestRuntime;
let context: LeadServiceContext & { leads: LeadSettings };
const actors: Actor[] = [];

beforeAll(async () => {
  runtime = await startTestRuntime({ LEAD_DUPLICATE_WINDOW_DAYS: '30' });
  await loadLeadsCatalogue(runtime);
  const runner = runtime.runner!;
  context = {
    eventStore: runtime.engines.eventStore,
    readStore: runtime.engines.readStore,
    visibility: {
      waitUntilVisible: (target, names, timeoutMs) => runner.waitUntilVisible(target, names, timeoutMs),
    },
    clock: () => new Date(),
    config: { readYourWritesTimeoutMs: 5_000 },
    leads: { duplicateWindowDays: 30 },
  };
});
afterAll(async () => {
  await runtime.dispose();
});

/** A call as a route makes one: a fresh command id per command, the actor the service names recorded. */
const call = (): CommandCall => ({
  metadataFor(actor): CommandMetadata {
    actors.push(actor);
    return {
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor,
      receivedAt: new Date().toISOString(),
    };
  },
  log: pino({ level: 'silent' }),
});

const body = (email: string): PlanRequestBody => ({
  productCode: 'COMP-L',
  nombre: 'Rosa Pérez',
  rut: '16.543.210-6',
  email,
  telefono: '+56912345678',
  price: { value: 0.5, unit: 'UF' },
});

const principalOf = async (email: string): Promise<Principal> => {
  const user = (await findUserById(context.readStore, seededUserId(email)))!;
  return {
    userId: user._id,
    email: user.email,
    name: user.name,
    roles: user.roles,
    permissions: await permissionsOf(context.readStore, user.roles),
    organizationId: user.organizationId,
  };
};

describe('the lead command services, called without HTTP', () => {
  test('a visitor request of the same person and product within the window is Duplicado of the first; the visitor is told Sin Estado', async () => {
    const snapshots = catalogueSnapshotsFor(context.readStore);
    const commands = leadCommands(context, snapshots, catalogueQuotes(snapshots, context.clock));
    const first = await commands.requestLead(call(), {
      kind: 'plan',
      country: 'CL',
      body: body('rosa@example.com'),
    });
    const second = await commands.requestLead(call(), {
      kind: 'plan',
      country: 'CL',
      body: { ...body('ROSA@example.com'), rut: '9.876.543-3' },
    });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: true, view: { status: { id: 1, name: 'Sin Estado' } } });
    const stored = await context.readStore
      .collection<LeadDocument>(LEADS_COLLECTION)
      .findOne({ _id: second.view.id });
    expect(stored).toMatchObject({ status: { id: 6, name: 'Duplicado' }, duplicateOf: first.view.id });
    expect(actors.every((actor) => actor.kind === 'visitor' && actor.id === 'anonymous')).toBe(true);
  });

  test("a console command takes the principal: an executive without lead:read-all is refused another's lead; a supervisor assigns it", async () => {
    const snapshots = catalogueSnapshotsFor(context.readStore);
    const commands = leadCommands(context, snapshots, catalogueQuotes(snapshots, context.clock));
    const { view } = await commands.requestLead(call(), {
      kind: 'plan',
      country: 'CL',
      body: { ...body('otra@example.com'), rut: '11.111.111-1' },
    });
    const consoleCommands = leadConsoleCommands(context);
    const executive = await principalOf('ejecutivo@demo.cl');
    const supervisor = await principalOf('supervisor@demo.cl');
    const refused = await consoleCommands
      .addNote({ principal: executive, call: call() }, { leadId: view.id, text: 'no es mía' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpProblem);
    expect(refused).toMatchObject({ status: 403 });

    const assigned = await consoleCommands.assign(
      { principal: supervisor, call: call() },
      { leadId: view.id, executiveId: executive.userId, reason: null },
    );
    expect(assigned).toMatchObject({
      id: view.id,
      executiveId: executive.userId,
      status: { id: 2, name: 'Asignado' },
    });
    expect(actors.at(-1)).toEqual({ kind: 'user', id: supervisor.userId });
  });
});
