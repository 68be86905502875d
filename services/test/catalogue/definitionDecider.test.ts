import { randomUUID } from 'node:crypto';
import { CommandRejected } from '@cubre/platform/core/decider';
import { defineCatalogueEntry } from '@cubre/services/catalogue/defineEntry';
import { definitionDecider } from '@cubre/services/catalogue/definitionDecider';
import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import { DeciderSpecification } from '../support/deciderSpecification';
import { tempDataDir } from '../../platform/test/support/tempDir';

type Org = { code: string; displayName: string };
const spec = DeciderSpecification.for(definitionDecider<Org>('organization'));
const defined = (definition: Org) => ({ type: 'OrganizationDefined', data: { definition } });
const revised = (definition: Org) => ({ type: 'OrganizationRevised', data: { definition } });
const consalud = { code: 'Consalud', displayName: 'Consalud' };

describe('catalogue definition decider', () => {
  test('a first definition is recorded whole', () => {
    spec
      .given([])
      .when({ type: 'Define', definition: consalud })
      .then([defined(consalud)]);
  });

  test('the same definition again records nothing (an import re-run changes nothing)', () => {
    spec
      .given([defined(consalud)])
      .when({ type: 'Define', definition: { ...consalud } })
      .thenNothingHappens();
  });

  test('a changed definition is recorded as a revision carrying the whole new definition', () => {
    const renamed = { ...consalud, displayName: 'Isapre Consalud' };
    spec
      .given([defined(consalud)])
      .when({ type: 'Define', definition: renamed })
      .then([revised(renamed)]);
  });

  test('withdrawing takes an entry off; withdrawing again records nothing; defining again reinstates it', () => {
    const withdrawn = { type: 'OrganizationWithdrawn', data: { reason: 'cerrada' } };
    spec
      .given([defined(consalud)])
      .when({ type: 'Withdraw', reason: 'cerrada' })
      .then([withdrawn]);
    spec
      .given([defined(consalud), withdrawn])
      .when({ type: 'Withdraw', reason: 'otra vez' })
      .thenNothingHappens();
    spec
      .given([defined(consalud), withdrawn])
      .when({ type: 'Define', definition: consalud })
      .then([defined(consalud)]);
  });

  test('withdrawing what was never defined is refused', () => {
    spec
      .given([])
      .when({ type: 'Withdraw', reason: 'x' })
      .thenThrows((error) => expect(error).toBeInstanceOf(CommandRejected));
  });
});

describe('defining catalogue entries in the event store', () => {
  const dir = tempDataDir();
  const store = openSqliteEventStore({ dataDir: dir.path });
  afterAll(async () => {
    await store.close();
    dir.remove();
  });
  const options = () => ({
    actor: { kind: 'system' as const, id: 'test' },
    correlationId: randomUUID(),
    now: new Date('2026-01-01'),
  });
  const organization = {
    code: 'Colmena',
    displayName: 'Colmena Golden Cross',
    type: 'ISAPRE' as const,
    typeAlias: 'Isapre',
    url: 'Colmena',
    country: 'CL' as const,
    isapreCode: 67,
  };

  test('defined, then unchanged, then revised; concurrent identical definitions store one revision', async () => {
    expect((await defineCatalogueEntry(store, 'organization', organization, options())).outcome).toBe(
      'defined',
    );
    expect((await defineCatalogueEntry(store, 'organization', organization, options())).outcome).toBe(
      'unchanged',
    );
    const renamed = { ...organization, displayName: 'Colmena' };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => defineCatalogueEntry(store, 'organization', renamed, options())),
    );
    // Same definition, same event ids: the store keeps one revision and answers all three with it.
    expect(new Set(outcomes.map((o) => `${o.outcome}@${o.revision}:${o.globalPosition}`)).size).toBe(1);
    expect(await store.readStream('organization-Colmena')).toHaveLength(2);
  });

  test('an invalid definition is refused with zod naming the field, and stores nothing', async () => {
    await expect(
      defineCatalogueEntry(
        store,
        'organization',
        { ...organization, code: 'Nueva', type: 'BANCO' } as never,
        options(),
      ),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['type'] })] });
    expect(await store.readStream('organization-Nueva')).toEqual([]);
  });
});
