import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { importIsaprePlans } from '@cubre/services/catalogue/import';
import type { RuntimeHooks } from '@cubre/services/runtime/runtime';
import { startTestRuntime, type TestRuntime } from '../../../services/test/support/testRuntime';

const ROOT = join(__dirname, '..', '..', '..');
export const STOREFRONT_DIST = join(ROOT, 'web-storefront', 'dist');
const EXTRACT = join(ROOT, 'services', 'reference-data', 'isapres', 'planes-vigentes-2016-09.csv.gz');
/** Enough real plans for pages, filters and detail, few enough to load in a second or two. */
const PLAN_ROWS = 400;

/**
 * The whole product as `npm start` runs it (every role, embedded engines, real HTTP), serving the built
 * storefront, with the demo catalogue and the first real isapre plans of the Superintendencia extract.
 */
export async function startStorefront(
  env: Record<string, string> = {},
  hooks: RuntimeHooks = {},
): Promise<TestRuntime> {
  if (!existsSync(join(STOREFRONT_DIST, 'index.html'))) {
    throw new Error('web-storefront/dist is missing: `npm test` builds it first (npm run build:storefront)');
  }
  const runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0', ...env }, hooks);
  const store = runtime.engines.eventStore;
  await loadDemoCatalogue(store);
  const lines = gunzipSync(readFileSync(EXTRACT))
    .toString('latin1')
    .split(/\r?\n/)
    .slice(0, PLAN_ROWS + 1);
  const slice = join(runtime.dataDir, 'plans-slice.csv');
  writeFileSync(slice, Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
  await importIsaprePlans(store, slice);
  const head = await store.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    60_000,
  );
  return runtime;
}
