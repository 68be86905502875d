import type { EventStore } from '@cubre/platform/ports/eventStore';
import { json } from '../../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../../support/testRuntime';
import { loadDetailFixture } from '../support/catalogueFixture';

/** The day every detail suite runs on (the UF of 2025-09-09 applies, as in the comparator's suite). */
export const TODAY = new Date('2025-09-15T12:00:00Z');

/** The real runtime over HTTP with a catalogue loaded and the catalogue projection caught up. */
export async function startCatalogueRuntime(
  load: (store: EventStore) => Promise<unknown> = loadDetailFixture,
): Promise<TestRuntime> {
  const runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock: () => TODAY });
  await load(runtime.engines.eventStore);
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    20_000,
  );
  return runtime;
}

/** GET a path; the status and the parsed body (JSON or problem+json). */
export async function getJson(runtime: TestRuntime, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${runtime.url}${path}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: await json(response) };
}

export async function post(
  runtime: TestRuntime,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await postJson(`${runtime.url}${path}`, body, headers);
  return { status: response.status, type: response.headers.get('content-type'), body: await json(response) };
}

/** A problem+json answer naming `field` (and `rule` when given). */
export function expectProblem(
  answer: { status: number; type: string | null; body: any },
  status: number,
  field: string,
  rule?: string,
) {
  expect(answer.status).toBe(status);
  expect(answer.type).toMatch(/^application\/problem\+json/);
  expect(answer.body.errors).toContainEqual(expect.objectContaining({ field, ...(rule ? { rule } : {}) }));
}
