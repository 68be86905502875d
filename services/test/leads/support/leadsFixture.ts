import { Writable } from 'node:stream';
import pino from 'pino';
import {
  INSURANCE_TYPES,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { loadConfig } from '@cubre/services/runtime/config';
import { startRuntime, type Runtime, type RuntimeHooks } from '@cubre/services/runtime/runtime';
import { GENEROUS_RATE_LIMITS } from '../../../../scripts/fixtures/generousRateLimits';
import { tempDataDir } from '../../../platform/test/support/tempDir';
import { fixtureCommandOptions, ORGANIZATIONS } from '../../support/catalogueOrganizations';
import { isaprePlan } from '../../support/isaprePlan';

/** The real runtime whose every log line (trace and up) is kept in `logged`, to check what reaches logs. */
export interface LoggingRuntime extends Runtime {
  logged(): string;
  dispose(): Promise<void>;
}

export async function startLoggingRuntime(hooks: RuntimeHooks = {}): Promise<LoggingRuntime> {
  const dir = tempDataDir();
  let logged = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir.path,
    LOG_LEVEL: 'trace',
    PASSWORD_SCRYPT_N: '1024',
    // These suites post the same person again and again to test the storefront's contract; duplicate
    // detection has its own suite (services/test/leads/leadWork.http.test.ts).
    LEAD_DUPLICATE_WINDOW_DAYS: '0',
    // Many leads from this one loopback address; the limits' own suite lowers them (issue 13).
    ...GENEROUS_RATE_LIMITS,
  });
  const runtime = await startRuntime(config, pino({ level: 'trace' }, sink), hooks);
  return {
    ...runtime,
    logged: () => logged,
    async dispose() {
      await runtime.stop();
      dir.remove();
    },
  };
}

const options = fixtureCommandOptions('leads-fixture');

const organizations: OrganizationDefinition[] = [
  ORGANIZATIONS.andes,
  ORGANIZATIONS.consalud,
  ORGANIZATIONS.pacifico,
];

const product = (
  code: string,
  insuranceType: string,
  extra: Partial<ProductDefinitionInput> = {},
): ProductDefinitionInput => ({
  code,
  displayName: `Seguro ${code}`,
  url: code,
  organizationCode: 'Seguros-Andes',
  insuranceType,
  country: 'CL',
  price: { amount: 0.5, unit: 'UF' },
  availableFrom: '2020-01-01',
  ...extra,
});

/** A complementary (an add-on type), a life product, a company product and a Peruvian product. */
export const PRODUCTS: ProductDefinitionInput[] = [
  product('COMP-L', 'SEGURO COMPLEMENTARIO', { displayName: 'Complementario Andes' }),
  product('DENT-L', 'SEGURO DENTAL'),
  product('VIDA-L', 'SEGURO VIDA', { productType: 'SEGURO VIDA' }),
  product('EMP-L', 'SEGURO COMPLEMENTARIO', { productType: 'SEGURO COLECTIVO', minEmployeeQuantity: 5 }),
  product('PE-SALUD', 'SEGURO COMPLEMENTARIO', {
    organizationCode: 'Pacifico-Seguros',
    country: 'PE',
    price: { amount: 120, unit: 'PEN' },
  }),
];

/** An isapre plan, requested by its plan code. */
export const ISAPRE_PLAN: IsaprePlanDefinition = isaprePlan({ code: 'CS-01' });

/** Loads the catalogue through its own commands and waits until the catalogue projection shows it. */
export async function loadLeadsCatalogue(runtime: Runtime): Promise<void> {
  const store = runtime.engines.eventStore;
  for (const type of INSURANCE_TYPES) await defineCatalogueEntry(store, 'insuranceType', type, options());
  for (const organization of organizations)
    await defineCatalogueEntry(store, 'organization', organization, options());
  await defineCatalogueEntry(store, 'isaprePlan', ISAPRE_PLAN, options());
  for (const definition of PRODUCTS) await defineCatalogueEntry(store, 'product', definition, options());
  const head = await store.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
}
