import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  INSURANCE_TYPES,
  type ComparatorDefinition,
  type InsuranceTypeDefinition,
  type OrganizationDefinition,
  type ProductDefinitionInput,
} from '@cubre/schemas';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import {
  CommandPool,
  defineAll,
  DEFAULT_CONCURRENCY,
  type CommandContext,
  type DefinitionCounts,
} from '../import/commandPool';
import { demoComparators } from './comparators';
import { demoOrganizations } from './organizations';
import { demoProducts } from './products';

/** The seed of the demo catalogue's generator: change it and every varied value changes. */
export const DEMO_SEED = 20_261_101;

export interface DemoCatalogue {
  organizations: OrganizationDefinition[];
  insuranceTypes: InsuranceTypeDefinition[];
  products: ProductDefinitionInput[];
  comparators: Array<z.input<typeof ComparatorDefinition>>;
}

/**
 * The demo catalogue: invented insurers and products (real clinic and isapre names as care providers and
 * sellers), every insurance type, the comparators. Pure: the same seed gives deep-equal output every run.
 */
export function generateDemoCatalogue(seed: number = DEMO_SEED): DemoCatalogue {
  return {
    organizations: demoOrganizations(),
    insuranceTypes: INSURANCE_TYPES,
    products: demoProducts(seed),
    comparators: demoComparators(),
  };
}

export interface DemoLoadSummary {
  kinds: Record<'organization' | 'insuranceType' | 'product' | 'comparator', DefinitionCounts>;
  durationMs: number;
}

/**
 * Loads the demo catalogue through the catalogue's commands, organizations and types before the products
 * that name them; a second load records nothing.
 */
export async function loadDemoCatalogue(
  store: EventStore,
  options: Partial<CommandContext> & { seed?: number; concurrency?: number } = {},
): Promise<DemoLoadSummary> {
  const started = Date.now();
  const catalogue = generateDemoCatalogue(options.seed);
  const context: CommandContext = {
    actor: options.actor ?? { kind: 'system', id: 'catalogue-demo' },
    correlationId: options.correlationId ?? randomUUID(),
    now: options.now ?? new Date(),
  };
  const pool = new CommandPool(options.concurrency ?? DEFAULT_CONCURRENCY);
  const organization = await defineAll(store, 'organization', catalogue.organizations, context, pool);
  const insuranceType = await defineAll(store, 'insuranceType', catalogue.insuranceTypes, context, pool);
  const product = await defineAll(store, 'product', catalogue.products, context, pool);
  const comparator = await defineAll(store, 'comparator', catalogue.comparators, context, pool);
  return { kinds: { organization, insuranceType, product, comparator }, durationMs: Date.now() - started };
}
