import {
  CATALOGUE_EVENT_SCHEMAS,
  CATALOGUE_KINDS,
  categoryOf,
  type CatalogueKind,
  type ComparatorDefinition,
  type InsuranceTypeDefinition,
  type IsaprePlanDefinition,
  type OrganizationDefinition,
  type ProductDefinition,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import { cardInsuranceType, cardOrganization, ISAPRE_PLAN_TYPE } from './cards';
import {
  CATALOGUE_COLLECTIONS as C,
  type CardDocument,
  type ComparatorDocument,
  type InsuranceTypeDocument,
  type OrganizationDocument,
  type ProductDocument,
} from './documents';

export const CATALOGUE_PROJECTION = 'catalogue';

const kindOfCategory = new Map<string, CatalogueKind>(
  Object.entries(CATALOGUE_KINDS).map(([kind, { category }]) => [category, kind as CatalogueKind]),
);

/** References under which cards name an organization: its code, and `isapre:{n}` for an isapre. */
const organizationRefs = (definition: OrganizationDefinition) =>
  definition.isapreCode === undefined
    ? [definition.code]
    : [definition.code, `isapre:${definition.isapreCode}`];

async function applyOrganization(
  store: ReadStore,
  event: ProjectionEvent,
  definition: OrganizationDefinition | null,
) {
  const organizations = store.collection<OrganizationDocument>(C.organizations);
  const code = event.streamId.slice(event.streamId.indexOf('-') + 1);
  const guard = { revision: { $lt: event.revision } };
  if (!definition) {
    await organizations.guardedUpdate(code, guard, { $set: { withdrawn: true, revision: event.revision } });
    return;
  }
  await organizations.guardedUpdate(
    code,
    guard,
    { $set: { definition, withdrawn: false, revision: event.revision } },
    { upsert: true },
  );
  // Cards carry their organization: refresh those that name this one and saw an older version of it.
  const cards = store.collection<CardDocument>(C.cards);
  const organization = cardOrganization(definition);
  for (const card of await cards.find({ organizationRef: { $in: organizationRefs(definition) } })) {
    await cards.guardedUpdate(
      card._id,
      { organizationRevision: { $lt: event.revision } },
      { $set: { organization, organizationRevision: event.revision } },
    );
  }
}

async function applyInsuranceType(
  store: ReadStore,
  event: ProjectionEvent,
  definition: InsuranceTypeDefinition | null,
) {
  const types = store.collection<InsuranceTypeDocument>(C.insuranceTypes);
  const segment = event.streamId.slice(event.streamId.indexOf('-') + 1);
  const guard = { revision: { $lt: event.revision } };
  if (!definition) {
    await types.guardedUpdate(segment, guard, { $set: { withdrawn: true, revision: event.revision } });
    return;
  }
  await types.guardedUpdate(
    segment,
    guard,
    { $set: { definition, withdrawn: false, revision: event.revision } },
    { upsert: true },
  );
  const cards = store.collection<CardDocument>(C.cards);
  const insuranceType = cardInsuranceType(definition);
  for (const card of await cards.find({ insuranceTypeName: definition.name })) {
    await cards.guardedUpdate(
      card._id,
      { insuranceTypeRevision: { $lt: event.revision } },
      { $set: { insuranceType, insuranceTypeRevision: event.revision } },
    );
  }
}

async function organizationFor(store: ReadStore, ref: string) {
  const organizations = store.collection<OrganizationDocument>(C.organizations);
  const filter = ref.startsWith('isapre:') ? { 'definition.isapreCode': Number(ref.slice(7)) } : { _id: ref };
  return organizations.findOne(filter);
}

async function applyProduct(
  store: ReadStore,
  event: ProjectionEvent,
  kind: 'product' | 'isaprePlan',
  definition: ProductDefinition | IsaprePlanDefinition | null,
) {
  const code = event.streamId.slice(event.streamId.indexOf('-') + 1);
  const products = store.collection<ProductDocument>(C.products);
  const cards = store.collection<CardDocument>(C.cards);
  const guard = { revision: { $lt: event.revision } };
  if (!definition) {
    const withdrawn = { $set: { withdrawn: true, revision: event.revision } };
    await products.guardedUpdate(code, guard, withdrawn);
    await cards.guardedUpdate(code, guard, withdrawn);
    return;
  }
  await products.guardedUpdate(
    code,
    guard,
    { $set: { kind, definition, withdrawn: false, revision: event.revision } },
    { upsert: true },
  );
  const plan = kind === 'isaprePlan' ? (definition as IsaprePlanDefinition) : undefined;
  const product = kind === 'product' ? (definition as ProductDefinition) : undefined;
  const organizationRef = plan ? `isapre:${plan.isapreCode}` : product!.organizationCode;
  const insuranceTypeName = plan ? ISAPRE_PLAN_TYPE : product!.insuranceType;
  const organization = await organizationFor(store, organizationRef);
  const insuranceType = await store
    .collection<InsuranceTypeDocument>(C.insuranceTypes)
    .findOne({ 'definition.name': insuranceTypeName });
  await cards.guardedUpdate(
    code,
    guard,
    {
      $set: {
        kind,
        productCode: definition.code,
        displayName: definition.displayName,
        url: plan ? plan.code : product!.url,
        country: plan ? 'CL' : product!.country,
        productType: plan ? 'ISAPRES' : product!.productType,
        insuranceTypeName,
        organizationRef,
        organization: organization ? cardOrganization(organization.definition) : null,
        organizationRevision: organization?.revision ?? -1,
        insuranceType: insuranceType ? cardInsuranceType(insuranceType.definition) : null,
        insuranceTypeRevision: insuranceType?.revision ?? -1,
        definition,
        withdrawn: false,
        revision: event.revision,
      },
    },
    { upsert: true },
  );
}

async function applyComparator(
  store: ReadStore,
  event: ProjectionEvent,
  definition: ComparatorDefinition | null,
) {
  const comparators = store.collection<ComparatorDocument>(C.comparators);
  const code = event.streamId.slice(event.streamId.indexOf('-') + 1);
  const guard = { revision: { $lt: event.revision } };
  if (!definition) {
    await comparators.guardedUpdate(code, guard, { $set: { withdrawn: true, revision: event.revision } });
    return;
  }
  await comparators.guardedUpdate(
    code,
    guard,
    { $set: { definition, withdrawn: false, revision: event.revision } },
    { upsert: true },
  );
}

/**
 * The catalogue's read models: organizations, insurance types, products and isapre plans, comparators,
 * and the stored part of every result card (seed 000 §3), joined with its organization and insurance
 * type. Events of different categories may arrive in any order (Kafka partitions): a card whose
 * organization is not known yet is completed when the organization's event arrives.
 */
export const catalogueProjection: Projection = {
  name: CATALOGUE_PROJECTION,
  categories: Object.values(CATALOGUE_KINDS).map((kind) => kind.category),
  collections: Object.values(C),
  async setup(store) {
    await store.collection(C.cards).createIndex({ organizationRef: 1 });
    await store.collection(C.cards).createIndex({ insuranceTypeName: 1 });
    await store.collection(C.cards).createIndex({ kind: 1 });
    await store.collection(C.organizations).createIndex({ 'definition.isapreCode': 1 });
    await store.collection(C.insuranceTypes).createIndex({ 'definition.name': 1 });
  },
  async apply(event, store) {
    const kind = kindOfCategory.get(categoryOf(event.streamId));
    if (!kind) return;
    const parsed = CATALOGUE_EVENT_SCHEMAS[kind].parse({ type: event.type, data: event.data });
    const definition = 'definition' in parsed.data ? parsed.data.definition : null;
    switch (kind) {
      case 'organization':
        return applyOrganization(store, event, definition as OrganizationDefinition | null);
      case 'insuranceType':
        return applyInsuranceType(store, event, definition as InsuranceTypeDefinition | null);
      case 'product':
      case 'isaprePlan':
        return applyProduct(
          store,
          event,
          kind,
          definition as ProductDefinition | IsaprePlanDefinition | null,
        );
      case 'comparator':
        return applyComparator(store, event, definition as ComparatorDefinition | null);
    }
  },
};
