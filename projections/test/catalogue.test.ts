import { randomUUID } from 'node:crypto';
import { catalogueProjection } from '@cubre/projections/catalogue/projection';
import { CATALOGUE_COLLECTIONS } from '@cubre/projections/catalogue/documents';
import { detailPath } from '@cubre/services/catalogue/comparator/detailPath';
import { createMemoryReadStore } from '@cubre/platform/adapters/memory/readStore';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { organizations, plans } from '../../services/test/catalogue/support/catalogueFixture';

let position = 0;
const event = (streamId: string, type: string, revision: number, data: Record<string, unknown>) => ({
  id: randomUUID(),
  type,
  streamId,
  revision,
  globalPosition: ++position,
  occurredAt: new Date().toISOString(),
  data,
  metadata: { correlationId: 'c', causationId: null, actor: { kind: 'system' as const, id: 'test' } },
});

describe('catalogue projection', () => {
  test('a card whose organization arrives later is completed then; a replayed event changes nothing', async () => {
    const store = createMemoryReadStore();
    await catalogueProjection.setup!(store);
    const planEvent = event('isaprePlan-CS-01', 'IsaprePlanDefined', 0, { definition: plans[0] });
    await catalogueProjection.apply(planEvent, store);
    const cards = store.collection<CardDocument>(CATALOGUE_COLLECTIONS.cards);
    expect((await cards.findOne({ _id: 'CS-01' }))?.organization).toBeNull();
    await catalogueProjection.apply(
      event('organization-Consalud', 'OrganizationDefined', 0, { definition: organizations[0] }),
      store,
    );
    expect((await cards.findOne({ _id: 'CS-01' }))?.organization).toMatchObject({
      code: 'Consalud',
      type: 'ISAPRE',
    });
    const before = await cards.find({});
    await catalogueProjection.apply(planEvent, store);
    expect(await cards.find({})).toEqual(before);
  });

  test('a revision replaces the definition; a withdrawal takes the card off', async () => {
    const store = createMemoryReadStore();
    await catalogueProjection.setup!(store);
    await catalogueProjection.apply(
      event('isaprePlan-CS-02', 'IsaprePlanDefined', 0, { definition: plans[1] }),
      store,
    );
    const revised = { ...plans[1]!, basePriceUf: 9.9 };
    await catalogueProjection.apply(
      event('isaprePlan-CS-02', 'IsaprePlanRevised', 1, { definition: revised }),
      store,
    );
    const cards = store.collection<CardDocument>(CATALOGUE_COLLECTIONS.cards);
    expect(((await cards.findOne({ _id: 'CS-02' }))?.definition as { basePriceUf: number }).basePriceUf).toBe(
      9.9,
    );
    await catalogueProjection.apply(
      event('isaprePlan-CS-02', 'IsaprePlanWithdrawn', 2, { reason: 'cerrado' }),
      store,
    );
    expect((await cards.findOne({ _id: 'CS-02' }))?.withdrawn).toBe(true);
  });

  test('an event that does not hold its schema is refused loudly rather than half-applied', async () => {
    const store = createMemoryReadStore();
    await expect(
      catalogueProjection.apply(
        event('product-X', 'ProductDefined', 0, { definition: { code: 'X' } }),
        store,
      ),
    ).rejects.toThrow();
  });
});

describe('detail paths by country (seed 000 §2)', () => {
  const card = (overrides: Partial<CardDocument>): CardDocument =>
    ({
      kind: 'product',
      url: 'Plan-Oro',
      country: 'CL',
      productType: '',
      organizationRef: 'Org',
      organization: {
        code: 'Org',
        displayName: 'Org',
        type: 'ASEGURADORA',
        metadata: { url: 'Org-Url', typeAlias: 'x' },
      },
      ...overrides,
    }) as CardDocument;
  const typed = (type: string, extra: Partial<CardDocument> = {}) =>
    card({
      organization: { code: 'Org', displayName: 'Org', type, metadata: { url: 'Org-Url', typeAlias: 'x' } },
      ...extra,
    });

  test.each([
    ['Chile insurer', card({}), '/Seguros/Org-Url/Plan-Oro'],
    ['Chile clinic', typed('CLINICA'), '/Clinicas-y-Hospitales/Org-Url/Seguro/Plan-Oro'],
    ['Chile isapre add-on', typed('ISAPRE'), '/Isapre/Org-Url/Complementos/Plan-Oro'],
    [
      'Chile isapre plan',
      typed('ISAPRE', { kind: 'isaprePlan', url: '13-EF0510' }),
      '/Isapre/Org-Url/Planes/13-EF0510',
    ],
    ['Colombia EPS', typed('EPS', { country: 'CO' }), '/EPS/Org-Url/Plan-Oro'],
    [
      'Colombia prepaid',
      typed('MEDICINA_PREPAGADA', { country: 'CO' }),
      '/Medicina-Prepagada/Org-Url/Plan-Oro',
    ],
    ['Colombia insurer', card({ country: 'CO' }), '/Seguros/Org-Url/Plan-Oro'],
    ['Peru clinic', typed('CLINICA', { country: 'PE' }), '/Clinicas-y-Hospitales/Org-Url/Plan-Oro'],
    ['Peru EPS', typed('EPS', { country: 'PE' }), '/EPS/Org-Url/Planes/Plan-Oro'],
    ['international', card({ country: 'INT' }), '/Internacional/Org-Url/Plan-Oro'],
  ])('%s', (_name, given, path) => {
    expect(detailPath(given, 'Internacional')).toBe(path);
  });
});
