/**
 * Issue 13: the comparator's memory is bounded in bytes, and a new profile costs a price per card and a
 * sort, over the real catalogue (the shipped extract's 8,413 plans and the demo products).
 */
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompareRequest } from '@cubre/schemas';
import { affinity } from '@cubre/services/catalogue/comparator/affinity';
import { ByteLru, ENTRY_OVERHEAD_BYTES } from '@cubre/services/catalogue/comparator/byteLru';
import { createComparator } from '@cubre/services/catalogue/comparator/compare';
import { cardFilter } from '@cubre/services/catalogue/comparator/filters';
import { amountForPriceFilter } from '@cubre/services/catalogue/comparator/priceFilter';
import { loadPricingContext } from '@cubre/services/catalogue/comparator/pricingContext';
import { createProfilePricer, type CardPrice } from '@cubre/services/catalogue/comparator/profilePricing';
import {
  createCatalogueSnapshots,
  type CatalogueSnapshot,
} from '@cubre/services/catalogue/comparator/snapshot';
import { loadDemoCatalogue } from '@cubre/services/catalogue/demo';
import { importIsaprePlans } from '@cubre/services/catalogue/import';
import { loadConfig } from '@cubre/services/runtime/config';
import type { CardDocument } from '@cubre/projections/catalogue/documents';
import { startTestRuntime, type TestRuntime } from '../../support/testRuntime';

const SHIPPED = join(__dirname, '../../../reference-data/isapres/planes-vigentes-2016-09.csv.gz');
const today = new Date('2025-09-15T12:00:00Z');
const ALL_TYPES = ['ISAPRE', 'ASEGURADORA', 'CLINICA', 'PRESTADOR', 'EPS', 'MEDICINA_PREPAGADA', 'CORREDORA'];
const ORDERS = ['lowerPrice', 'higherPrice', 'recommended', 'popular', 'distance'] as const;

/** The i-th distinct family profile: the income alone makes each one a query never ranked before. */
const familyProfile = (i: number) => ({
  cotizante: [{ sexo: i % 2 ? 'Femenino' : 'Masculino', edad: 25 + (i % 40), ingreso: 900_000 + i * 250 }],
  cargas: [
    { sexo: i % 2 ? 'Masculino' : 'Femenino', edad: 25 + ((i * 7) % 40), parentesco: 'Cónyuge' },
    { sexo: 'Femenino', edad: i % 18, parentesco: 'Hija' },
  ],
});
const request = (fields: Record<string, unknown>) =>
  CompareRequest.parse({ organizationTypes: ALL_TYPES, ...fields });

let runtime: TestRuntime;
let snapshot: CatalogueSnapshot;
const context = loadPricingContext();

beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock: () => today });
  await importIsaprePlans(runtime.engines.eventStore, SHIPPED, { now: today });
  await loadDemoCatalogue(runtime.engines.eventStore, { now: today });
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    170_000,
  );
  snapshot = await createCatalogueSnapshots(runtime.engines.readStore).get();
}, 240_000);
afterAll(async () => {
  await runtime.dispose();
});

describe('issue 13 caches bounded in bytes', () => {
  test('issue 13 a byte-bounded cache never holds more than its budget, whatever entries arrive, and evicts the least recently used', () => {
    const budget = 10_000;
    const cache = new ByteLru<number>(budget);
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    for (let i = 0; i < 5_000; i++) {
      const key = `k${random(60)}`;
      if (random(3) === 0) cache.get(key);
      else cache.set(key, i, random(4_000));
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    }
    // An entry larger than the whole budget is not kept, and takes nothing out.
    const before = cache.bytes;
    cache.set('huge', 1, budget);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(before);
    // Least recently used first: touching `a` makes `b` the one to go.
    const lru = new ByteLru<string>(3 * (100 + ENTRY_OVERHEAD_BYTES));
    for (const key of ['a', 'b', 'c']) lru.set(key, key, 100);
    lru.get('a');
    lru.set('d', 'd', 100);
    expect(['a', 'b', 'c', 'd'].map((key) => lru.get(key))).toEqual(['a', undefined, 'c', 'd']);
    // A budget of 0 keeps nothing.
    const none = new ByteLru<number>(0);
    none.set('a', 1, 0);
    expect([none.size, none.bytes]).toEqual([0, 0]);
  });

  test('issue 13 over the real catalogue, 300 distinct family profiles never take the comparator past its byte budgets', () => {
    expect(snapshot.cards.filter((card) => card.kind === 'isaprePlan')).toHaveLength(8413);
    const budgets = { rankedCacheBytes: 1024 * 1024, pageCacheBytes: 256 * 1024 };
    const comparator = createComparator(context, budgets);
    for (let i = 0; i < 300; i++) {
      // Shallow pages, deep pages (which sort the whole result), every order, plain and compressed, and
      // every fourth query asked twice (which lets its page into the page cache).
      const asked = request({
        order: ORDERS[i % 5],
        page: i % 7 === 0 ? 300 : 1 + (i % 3),
        profile: familyProfile(i),
      });
      for (let time = 0; time < (i % 4 === 0 ? 2 : 1); time++) {
        if (i % 3 === 0) comparator.compareEncoded(asked, snapshot, 'CL', today, i % 2 ? 'br' : 'gzip');
        else comparator.compareJson(asked, snapshot, 'CL', today);
      }
      const stats = comparator.cacheStats();
      expect(stats.ranked.bytes).toBeLessThanOrEqual(budgets.rankedCacheBytes);
      expect(stats.pages.bytes).toBeLessThanOrEqual(budgets.pageCacheBytes);
      expect(stats.seenPages.bytes).toBeLessThanOrEqual(stats.seenPages.budgetBytes);
    }
    const stats = comparator.cacheStats();
    // It does cache: whole results (several, each 12–20 bytes a card) and the pages asked twice.
    expect(stats.ranked.entries).toBeGreaterThan(3);
    expect(stats.pages.entries).toBeGreaterThan(0);
  });

  test('issue 13 COMPARATOR_CACHE_MB and COMPARATOR_PAGE_CACHE_MB are megabytes (64 and 32 by default); a bad value names the variable', () => {
    expect(loadConfig({})).toMatchObject({ COMPARATOR_CACHE_MB: 64, COMPARATOR_PAGE_CACHE_MB: 32 });
    expect(() => loadConfig({ COMPARATOR_CACHE_MB: '-1' })).toThrow(/COMPARATOR_CACHE_MB/);
    expect(() => loadConfig({ COMPARATOR_PAGE_CACHE_MB: 'lots' })).toThrow(/COMPARATOR_PAGE_CACHE_MB/);
  });
});

/**
 * The orders of seed 000 §3 as the comparator computed them before issue 13: every card priced and
 * compared as an object, names in Spanish collation. An independent oracle for the compact ranking.
 */
function rankedAsObjects(asked: CompareRequest) {
  const pricer = createProfilePricer(context, asked.profile ?? undefined, today);
  const keep = cardFilter(asked, snapshot, 'CL');
  const wanted = [...(asked.features ?? []), ...(asked.featuresFilter ?? [])];
  type Row = { card: CardDocument; price: CardPrice; distance: number };
  const rows: Row[] = [];
  for (const card of snapshot.cards) {
    if (!keep(card)) continue;
    const price = pricer.price(card);
    const amount = amountForPriceFilter(price, asked.targetCurrency, pricer.ufValue);
    if (asked.fromPrice !== undefined && (amount === null || amount < asked.fromPrice)) continue;
    if (asked.toPrice !== undefined && (amount === null || amount > asked.toPrice)) continue;
    rows.push({
      card,
      price,
      distance: affinity(card, price, pricer.suggestedRange, wanted, asked.ponderer),
    });
  }
  const product = (row: Row) => (row.card.kind === 'product' ? (row.card.definition as any) : undefined);
  const byName = (a: Row, b: Row) => a.card.displayName.localeCompare(b.card.displayName, 'es');
  const known = (row: Row) => (Number.isFinite(row.price.sortKey) ? row.price.sortKey : -1);
  const orders: Record<CompareRequest['order'], (a: Row, b: Row) => number> = {
    lowerPrice: (a, b) => a.price.sortKey - b.price.sortKey || byName(a, b),
    higherPrice: (a, b) => known(b) - known(a) || byName(a, b),
    recommended: (a, b) =>
      (product(b)?.isPromoted ? 1 : 0) - (product(a)?.isPromoted ? 1 : 0) ||
      (product(b)?.recommendation ?? 5) - (product(a)?.recommendation ?? 5) ||
      b.distance - a.distance ||
      a.price.sortKey - b.price.sortKey,
    popular: (a, b) =>
      (product(b)?.requestCount ?? 0) - (product(a)?.requestCount ?? 0) ||
      a.price.sortKey - b.price.sortKey ||
      byName(a, b),
    distance: (a, b) => b.distance - a.distance || a.price.sortKey - b.price.sortKey || byName(a, b),
  };
  return rows.sort(orders[asked.order]);
}

describe('issue 13 compact ranking, same answers', () => {
  test('issue 13 the compact ranking orders and prices the real catalogue as the card objects did: five orders, shallow and deep pages, price bounds', () => {
    const comparator = createComparator(context);
    for (const [i, order] of ORDERS.entries()) {
      for (const extra of [
        {},
        { fromPrice: 60_000, toPrice: 400_000 },
        { ponderer: 0.9, features: ['dental'] },
      ]) {
        const asked = request({ order, take: 100, profile: familyProfile(1000 + i), ...extra });
        const expected = rankedAsObjects(asked);
        for (const page of [1, 2, 40]) {
          const answer = comparator.compare({ ...asked, page }, snapshot, 'CL', today);
          const slice = expected.slice((page - 1) * 100, page * 100);
          expect(answer.metaData.total).toBe(expected.length);
          expect(answer.data.map((card) => card.productCode)).toEqual(
            slice.map((row) => row.card.productCode),
          );
          expect(answer.data.map((card) => card.price.value)).toEqual(slice.map((row) => row.price.amount));
          expect(answer.data.map((card) => card.distance)).toEqual(slice.map((row) => row.distance));
        }
      }
    }
  });

  test('issue 13 the same profile answers the same page bytes every time, plain and compressed, before and after a flood of other profiles', async () => {
    const body = {
      organizationTypes: ALL_TYPES,
      order: 'lowerPrice',
      page: 3,
      profile: familyProfile(4242),
    };
    const ask = async (encoding: string, given: object = body) => {
      const response = await fetch(`${runtime.url}/api/insurance/compare/metadata`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        body: JSON.stringify(given),
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    // fetch decodes what it receives: what is compared is the answer as the client reads it.
    const first = await ask('identity');
    const answer = JSON.parse(first.toString());
    expect(answer.metaData).toMatchObject({ page: 3, take: 20, total: expect.any(Number) });
    expect(answer.data).toHaveLength(20);
    // Built, then kept on its second request, then served from the cache: the same bytes each time.
    for (let i = 0; i < 3; i++) expect((await ask('identity')).equals(first)).toBe(true);
    for (const encoding of ['br', 'gzip', 'br', 'gzip'])
      expect((await ask(encoding)).equals(first)).toBe(true);
    for (let i = 0; i < 40; i++) await ask('br', { ...body, profile: familyProfile(i) });
    expect((await ask('identity')).equals(first)).toBe(true);
    expect((await ask('gzip')).equals(first)).toBe(true);
  });

  test('issue 13 compressed bytes decompress to the plain answer (page cache and first sight)', async () => {
    const { request: send } = await import('node:http');
    const raw = (given: object, encoding: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const sent = send(
          `${runtime.url}/api/insurance/compare/metadata`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve(Buffer.concat(chunks)));
          },
        );
        sent.on('error', reject);
        sent.end(JSON.stringify(given));
      });
    for (const i of [1, 2]) {
      const body = { organizationTypes: ALL_TYPES, order: 'higherPrice', profile: familyProfile(7000 + i) };
      const brotli = await raw(body, 'br');
      const gzip = await raw(body, 'gzip');
      const plain = await raw(body, 'identity');
      expect(brotliDecompressSync(brotli).equals(plain)).toBe(true);
      expect(gunzipSync(gzip).equals(plain)).toBe(true);
      expect(brotliDecompressSync(await raw(body, 'br')).equals(plain)).toBe(true);
    }
  });
});
