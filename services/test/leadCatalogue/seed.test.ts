import { LEAD_CATALOGUE_CATEGORIES, categoryOf, type StoredEvent } from '@cubre/schemas';
import { loadLeadPolicy } from '@cubre/services/leadCatalogue/policy';
import { json } from '../support/http';
import { tempDataDir } from '../../platform/test/support/tempDir';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { DEMO, signIn } from './support/adminClient';

const dir = tempDataDir();
const env = { DATA_DIR: dir.path, PASSWORD_SCRYPT_N: '1024' };
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime(env);
});
afterAll(async () => {
  await runtime.dispose();
  dir.remove();
});

async function catalogueEvents(target: TestRuntime): Promise<StoredEvent[]> {
  const events = await target.engines.eventStore.readAll({ after: 0, maxCount: 100_000 });
  return events.filter((event) => LEAD_CATALOGUE_CATEGORIES.includes(categoryOf(event.streamId)));
}

describe('the default lead catalogue, seeded at start', () => {
  test('002-3.01 every default record is its own stream, defined by the system seed', async () => {
    const events = await catalogueEvents(runtime);
    // 20 statuses, 33 sub-statuses, 49 failure reasons, 20 transition policies.
    expect(events).toHaveLength(122);
    expect(new Set(events.map((event) => event.streamId)).size).toBe(122);
    const [status] = await runtime.engines.eventStore.readStream('leadStatus-2');
    expect(status).toMatchObject({
      type: 'LeadStatusDefined',
      revision: 0,
      data: { record: { id: 2, name: 'Asignado' } },
      metadata: { actor: { kind: 'system', id: 'seed' } },
    });
    for (const stream of ['leadSubStatus-330', 'failureReason-7', 'leadTransition-2']) {
      expect(await runtime.engines.eventStore.readStream(stream)).toHaveLength(1);
    }
  });

  test('the lead policy holds the whole catalogue, and is cached until the catalogue changes', async () => {
    const store = runtime.engines.readStore;
    const policy = await loadLeadPolicy(store);
    expect(policy.statuses.size).toBe(20);
    expect(policy.statuses.get(4)).toEqual({
      name: 'Fallido',
      requiresSubStatus: true,
      requiresFailureReason: true,
      active: true,
    });
    expect(policy.subStatuses.get(330)).toEqual({ name: 'Recaudación', parentIds: [500, 501], active: true });
    expect(policy.failureReasons.size).toBe(49);
    expect(policy.failureReasons.get(1)).toMatchObject({ name: 'No contesta', subStatusIds: [401, 402] });
    expect([...policy.transitions.get(4)!]).toEqual([4, 7]);
    expect(await loadLeadPolicy(store)).toBe(policy);

    const supervisor = await signIn(runtime, DEMO.supervisor);
    expect((await supervisor.put('lead-statuses/13', { active: false })).status).toBe(200);
    const changed = await loadLeadPolicy(store);
    expect(changed).not.toBe(policy);
    expect(changed.statuses.get(13)?.active).toBe(false);
    expect(await loadLeadPolicy(store)).toBe(changed);
  });

  test('a restart stores nothing twice, and keeps what the console changed or deleted', async () => {
    const supervisor = await signIn(runtime, DEMO.supervisor);
    const me = await json(await supervisor.get('me'));
    expect((await supervisor.put('lead-statuses/2', { colour: '#000080' })).status).toBe(200);
    expect((await supervisor.del('lead-sub-statuses/1303')).status).toBe(200);
    const before = await catalogueEvents(runtime);
    expect(before.at(-1)).toMatchObject({
      streamId: 'leadSubStatus-1303',
      type: 'LeadSubStatusDeleted',
      metadata: { actor: { kind: 'user', id: me.id } },
    });

    await runtime.dispose();
    runtime = await startTestRuntime(env);
    expect(await catalogueEvents(runtime)).toHaveLength(before.length);
    const after = await signIn(runtime, DEMO.ejecutivo);
    expect(await json(await after.get('lead-statuses/2'))).toMatchObject({ colour: '#000080', revision: 1 });
    expect((await after.get('lead-sub-statuses/1303')).status).toBe(404);
  });
});
