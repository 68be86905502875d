import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Rule 002-3.35 through the comparator of the real runtime with the demo catalogue `npm start` serves: the
 * plans an insurer sells of one kind come in the seed's tiers, named by them, and a higher tier covers more.
 */
const TODAY = new Date('2025-09-15T12:00:00Z');
const TIERS = ['Estándar', 'Intermedio', 'Premium', 'Élite'];
const ALL_TYPES = ['ASEGURADORA', 'ISAPRE', 'CLINICA', 'PRESTADOR', 'EPS', 'MEDICINA_PREPAGADA', 'CORREDORA'];

interface Card {
  productCode: string;
  displayName: string;
  organization: { code: string } | null;
  topAmount: { amount: number | null } | null;
}

let runtime: TestRuntime;
const cards: (Card & { country: string })[] = [];
beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock: () => TODAY });
  await loadDemoCatalogue(runtime.engines.eventStore);
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    30_000,
  );
  // Every card of every edition, page by page, as the comparator lists them.
  for (const country of ['CL', 'PE', 'CO', 'INT']) {
    for (let page = 1; ; page++) {
      const response = await postJson(
        `${runtime.url}/api/insurance/compare/metadata`,
        { organizationTypes: ALL_TYPES, take: 100, page, displayShowcase: true },
        { country },
      );
      expect(response.status).toBe(200);
      const answer = await json(response);
      cards.push(...answer.data.map((card: Card) => ({ ...card, country })));
      if (page * 100 >= answer.metaData.total) break;
    }
  }
}, 90_000);
afterAll(async () => {
  await runtime.dispose();
});

/** The tiers a name carries, as whole words. */
const tiersIn = (name: string) => TIERS.filter((tier) => name.split(/\s+/).includes(tier));

describe('plan tiers', () => {
  test('002-3.35 plan tiers are Estándar, Intermedio, Premium, Élite: each plan is of one, and a higher tier has a higher top', async () => {
    const plans = cards.filter((card) => card.productCode.startsWith('DEMO-'));
    expect(plans.length).toBeGreaterThan(100);
    for (const plan of plans)
      expect([plan.displayName, tiersIn(plan.displayName).length]).toEqual([plan.displayName, 1]);
    expect([...new Set(plans.map((plan) => tiersIn(plan.displayName)[0]))].sort()).toEqual([...TIERS].sort());

    // The same plan of one insurer in several tiers: its top grows with the tier, in the seed's order.
    const lines = new Map<string, { rank: number; top: number | null }[]>();
    for (const plan of plans) {
      const tier = tiersIn(plan.displayName)[0]!;
      const key = `${plan.country} ${plan.organization?.code} ${plan.displayName.replace(tier, '…')}`;
      lines.set(key, [
        ...(lines.get(key) ?? []),
        { rank: TIERS.indexOf(tier), top: plan.topAmount?.amount ?? null },
      ]);
    }
    let growing = 0;
    for (const [key, line] of lines) {
      const byRank = [...line].sort((a, b) => a.rank - b.rank);
      // One plan per tier.
      expect([key, new Set(byRank.map((entry) => entry.rank)).size]).toEqual([key, line.length]);
      const tops = byRank.map((entry) => entry.top);
      if (line.length < 2 || tops.some((top) => top === null)) continue;
      expect([key, tops]).toEqual([key, [...(tops as number[])].sort((a, b) => a - b)]);
      if (line.length === TIERS.length && tops[0]! < tops[1]! && tops[1]! < tops[2]! && tops[2]! < tops[3]!)
        growing++;
    }
    // Chile's complementary plans, among others, come in all four tiers, each above the one before.
    expect(growing).toBeGreaterThan(0);
  });
});
