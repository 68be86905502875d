import { normalizeProfile } from '@cubre/schemas';
import { loadPricingContext } from '@cubre/services/catalogue/comparator/pricingContext';
import { priceIsaprePlanForProfile } from '@cubre/services/catalogue/pricing/isaprePlanPrice';
import { json } from '../../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../../support/testRuntime';
import { loadCatalogueFixture, plans } from '../support/catalogueFixture';

let runtime: TestRuntime;
const today = new Date('2025-09-15T12:00:00Z');

beforeAll(async () => {
  runtime = await startTestRuntime({ COMPARE_RATE_LIMIT_PER_MINUTE: '0' }, { clock: () => today });
  await loadCatalogueFixture(runtime.engines.eventStore);
  const head = await runtime.engines.eventStore.headPosition();
  await runtime.runner!.waitUntilVisible(
    { globalPosition: head, streamId: 'product-x' },
    ['catalogue'],
    10_000,
  );
});
afterAll(async () => {
  await runtime.dispose();
});

const compare = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/insurance/compare/metadata`, body, headers);
const codes = (answer: { data: { productCode: string }[] }) => answer.data.map((card) => card.productCode);
const allTypes = ['ISAPRE', 'ASEGURADORA', 'CLINICA'];

describe('POST /api/insurance/compare/metadata', () => {
  test('000-5.26 a comparison without organizationTypes is refused with its message', async () => {
    const response = await compare({ page: 1 });
    expect(response.status).toBe(400);
    expect((await json(response)).errors).toContainEqual({
      field: 'organizationTypes',
      rule: 'required',
      message: 'organizationTypes es requerido',
    });
  });

  test('take above 100 is a 400 naming take; unknown fields are refused by name', async () => {
    const tooMany = await compare({ organizationTypes: allTypes, take: 101 });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).errors).toContainEqual(
      expect.objectContaining({ field: 'take', rule: 'max' }),
    );
    const unknown = await compare({ organizationTypes: allTypes, sortBy: 'price' });
    expect((await json(unknown)).errors).toContainEqual(
      expect.objectContaining({ field: 'sortBy', rule: 'unknown_field' }),
    );
  });

  test('000-9.01 answers {metaData: {uuid, total}, data} with pages of 20 by default', async () => {
    const answer = await json(await compare({ organizationTypes: allTypes, uuid: 'search-1' }));
    expect(answer.metaData).toMatchObject({ uuid: 'search-1', total: 13, page: 1, take: 20 });
    expect(answer.data).toHaveLength(13);
    const second = await json(await compare({ organizationTypes: allTypes, take: 5, page: 3 }));
    expect(second.data).toHaveLength(3);
    expect(second.metaData.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a page asked again (served from the page cache) is the same answer: the same result set, the same id', async () => {
    const body = {
      organizationTypes: allTypes,
      order: 'lowerPrice',
      take: 4,
      page: 2,
      profile: { cotizante: [{ edad: 50 }] },
    };
    const [first, again] = [await json(await compare(body)), await json(await compare(body))];
    expect(again.data).toEqual(first.data);
    expect(again.metaData.total).toBe(first.metaData.total);
    // The result set's id follows from the query: the same query is the same result set (issue 12: so the
    // same page is the same bytes, compressed once).
    expect(again.metaData.uuid).toBe(first.metaData.uuid);
    expect(first.metaData.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const otherQuery = await json(await compare({ ...body, order: 'higherPrice' }));
    expect(otherQuery.metaData.uuid).not.toBe(first.metaData.uuid);
    const other = await json(await compare({ ...body, page: 3 }));
    expect(codes(other)).not.toEqual(codes(first));
  });

  test('issue 12 a compressed answer (br or gzip, as the client asks) reads back as the plain one, for any result-set id', async () => {
    const { request } = await import('node:http');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const raw = (body: object, encoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }>(
        (resolve, reject) => {
          const sent = request(
            `${runtime.url}/api/insurance/compare/metadata`,
            { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  encoding: response.headers['content-encoding'],
                  vary: response.headers.vary,
                  bytes: Buffer.concat(chunks),
                }),
              );
            },
          );
          sent.on('error', reject);
          sent.end(JSON.stringify(body));
        },
      );
    for (const body of [
      { organizationTypes: allTypes, take: 20 },
      { organizationTypes: allTypes, take: 5, page: 2, uuid: 'search-7' },
    ]) {
      const plain = await raw(body, 'identity');
      expect(plain.encoding).toBeUndefined();
      // A browser's usual list: one of its encodings, by its own order.
      expect((await raw(body, 'gzip, deflate, br')).encoding).toMatch(/^(gzip|br)$/);
      const brotli = await raw(body, 'br');
      expect(brotli.encoding).toBe('br');
      expect(brotli.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.bytes).toString()).toBe(plain.bytes.toString());
      const gzip = await raw(body, 'gzip');
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString()).toBe(plain.bytes.toString());
    }
  });

  test('000-9.01 a landing comparator’s page size (15) applies when the request gives none', async () => {
    const landing = await json(await compare({ organizationTypes: allTypes, comparator: 'landing-salud' }));
    expect(landing.metaData.take).toBe(15);
    const asked = await json(
      await compare({ organizationTypes: allTypes, comparator: 'landing-salud', take: 5 }),
    );
    expect(asked.metaData.take).toBe(5);
  });

  test('a card has the result-card shape of seed 000 §3', async () => {
    const answer = await json(
      await compare({ organizationTypes: ['ASEGURADORA'], insuranceTypes: ['Complementario'] }),
    );
    const card = answer.data.find((c: { productCode: string }) => c.productCode === 'COMP-A');
    expect(card).toMatchObject({
      id: 'COMP-A',
      displayName: 'Seguro COMP-A',
      productCode: 'COMP-A',
      url: 'COMP-A',
      isNew: false,
      exclusive: false,
      isPromoted: false,
      distance: expect.any(Number),
      insuranceType: {
        name: 'SEGURO COMPLEMENTARIO',
        displayName: 'Complementario',
        upperType: { name: 'SEGUROS DE SALUD' },
      },
      organization: {
        displayName: 'Seguros Andes',
        metadata: { url: 'Seguros-Andes', typeAlias: 'Aseguradora' },
      },
      insuranceMetadata: { salesChannel: ['EJECUTIVO'], hasOffer: false, isPopular: false },
      price: { value: 0.4, unit: { code: 'UF' }, label: 'Desde', suffix: '/mes', arePricesDefined: false },
      priceRange: { from: 0.4, unit: 'UF' },
      priceSuffix: '/mes',
      newWindowUrl: '/Seguros/Seguros-Andes/COMP-A',
      coverage: '80%',
      topAmount: { text: 'UF 1.000', period: 'anual' },
      deductible: { text: 'UF 3', amount: 3 },
    });
  });

  test("issue 11 a card's composed Spanish texts come with the numbers they are made of", async () => {
    const profile = { cotizante: [{ sexo: 'Masculino', edad: 40 }], cargas: [{ edad: 10 }] };
    const answer = await json(await compare({ organizationTypes: allTypes, profile }));
    const product = answer.data.find((c: { productCode: string }) => c.productCode === 'COMP-A');
    expect(product.topAmount).toEqual({ text: 'UF 1.000', amount: 1000, unit: 'UF', period: 'anual' });
    expect(product.deductible).toMatchObject({ text: 'UF 3', amount: 3, unit: 'UF' });
    expect(product.insuranceMetadata.price_detail).toMatchObject({ label: 'para 2 personas', insured: 2 });
    const plan = answer.data.find((c: { plan?: unknown }) => c.plan);
    expect(plan.topAmount).toMatchObject({ amount: expect.any(Number), unit: 'UF' });
    expect(plan.topAmount.text).toEqual(
      plan.topAmount.amount === 0 ? 'Sin tope' : expect.stringMatching(/^UF /),
    );
    expect(plan.plan.factorTableCode === null ? plan.plan.factorTable : plan.plan.factorTableCode).toBe(
      plan.plan.factorTable,
    );
    const unpriced = await json(await compare({ organizationTypes: allTypes }));
    expect(unpriced.data[0].insuranceMetadata.price_detail.insured).toBeNull();
  });

  test('filters: organization types, insurance types (name or url segment), organizations, providers, features', async () => {
    expect(codes(await json(await compare({ organizationTypes: 'ISAPRE' })))).toHaveLength(7);
    const byType = await json(
      await compare({ organizationTypes: allTypes, insuranceTypes: 'SEGURO CATASTROFICO,Guardias' }),
    );
    expect(codes(byType).sort()).toEqual(['CAT-A', 'GUARD-A']);
    const byOrganization = await json(
      await compare({ organizationTypes: allTypes, organizations: ['Colmena'] }),
    );
    expect(codes(byOrganization).sort()).toEqual(['CO-01', 'CO-02', 'CO-03']);
    const byProvider = await json(
      await compare({ organizationTypes: allTypes, coverageOrganizations: 'Clinica-Davila' }),
    );
    expect(codes(byProvider)).toEqual(['CLIN-A']);
    const allOf = await json(
      await compare({ organizationTypes: allTypes, featuresFilter: ['telemedicina', 'dental'] }),
    );
    expect(codes(allOf)).toEqual(['COMP-B']);
  });

  test('plan filters: commercial state, birth coverage, plan type', async () => {
    const commercial = await json(await compare({ organizationTypes: 'ISAPRE', comercializable: false }));
    expect(codes(commercial)).toEqual(['CS-03']);
    const reduced = await json(
      await compare({ organizationTypes: 'ISAPRE', planFilters: { reducidoParto: true } }),
    );
    expect(codes(reduced)).toEqual(['CS-02']);
    const closedOrFree = await json(
      await compare({
        organizationTypes: 'ISAPRE',
        libreEleccion: true,
        planCerrado: true,
        order: 'lowerPrice',
      }),
    );
    expect(codes(closedOrFree).sort()).toEqual(['CS-02', 'CS-04']);
  });

  test('the country header picks the edition; Peru sees its products only', async () => {
    const peru = await json(await compare({ organizationTypes: allTypes }, { country: 'PE' }));
    expect(codes(peru)).toEqual(['PE-A']);
    expect(peru.data[0].price).toMatchObject({ value: 120, unit: { code: 'PEN' } });
    expect((await compare({ organizationTypes: allTypes }, { country: 'XX' })).status).toBe(400);
  });
});

describe('prices from the profile', () => {
  const profile = {
    cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: 2_000_000 }],
    cargas: [
      { sexo: 'Masculino', edad: 43, parentesco: 'Cónyuge' },
      { sexo: 'Femenino', edad: 1, parentesco: 'Hija' },
    ],
  };

  test('000-1.02 isapre prices are the profile’s: base × Σ factors + GES per beneficiary, as the pricing engine says', async () => {
    const answer = await json(await compare({ organizationTypes: 'ISAPRE', profile, take: 100 }));
    const context = loadPricingContext();
    const normalized = normalizeProfile(profile as never, { country: 'CL' });
    for (const card of answer.data) {
      const plan = plans.find((p) => p.code === card.productCode)!;
      const engine = priceIsaprePlanForProfile(plan, normalized, {
        tables: context.tables,
        ufValue: context.ufValueAt(today),
        topeImponibleUf: context.topeImponibleUfAt(today),
      });
      if (engine.totalUf === null) expect(card.price.value).toBeNull();
      else expect(card.price.value).toBeCloseTo(engine.totalUf, 6);
      expect(card.price).toMatchObject({ arePricesDefined: true, label: '' });
    }
  });

  test('sorting by price sorts the whole filtered set by the profile’s prices, pages included; unpriced plans last', async () => {
    const all = await json(
      await compare({ organizationTypes: 'ISAPRE', profile, order: 'lowerPrice', take: 100 }),
    );
    const prices = all.data.map((card: { price: { value: number | null } }) => card.price.value);
    const priced = prices.filter((p: number | null) => p !== null);
    expect(priced).toEqual([...priced].sort((a: number, b: number) => a - b));
    expect(prices.slice(priced.length).every((p: number | null) => p === null)).toBe(true);
    const pageTwo = await json(
      await compare({ organizationTypes: 'ISAPRE', profile, order: 'lowerPrice', take: 3, page: 2 }),
    );
    expect(codes(pageTwo)).toEqual(codes(all).slice(3, 6));
    const descending = await json(
      await compare({ organizationTypes: 'ISAPRE', profile, order: 'higherPrice', take: 100 }),
    );
    const down = descending.data
      .map((card: { price: { value: number | null } }) => card.price.value)
      .filter((p: number | null) => p !== null);
    expect(down).toEqual([...down].sort((a: number, b: number) => b - a));
  });

  test('a profile prices the plans, it does not filter them: the same plans with or without one', async () => {
    const alone = codes(
      await json(await compare({ organizationTypes: 'ISAPRE', order: 'lowerPrice', take: 100 })),
    );
    const family = codes(
      await json(await compare({ organizationTypes: 'ISAPRE', profile, order: 'lowerPrice', take: 100 })),
    );
    expect(new Set(family)).toEqual(new Set(alone));
  });

  test('000-7.02 a price range in pesos holds every plan whose shown price falls in it, UF plans included (issue 11)', async () => {
    const all = await json(await compare({ organizationTypes: 'ISAPRE', profile, take: 100 }));
    const pesos = (card: { price: { formatted: string } }) => Number(card.price.formatted.replace(/\D/g, ''));
    const shown = all.data
      .filter((card: { price: { value: number | null } }) => card.price.value !== null)
      .map((card: { productCode: string; price: { formatted: string } }) => ({
        code: card.productCode,
        pesos: pesos(card),
      }))
      .sort((a: { pesos: number }, b: { pesos: number }) => a.pesos - b.pesos);
    expect(shown.length).toBeGreaterThan(3);
    // Bounds on two shown prices: both ends are inclusive and compared with the pesos the card shows.
    const from = shown[1].pesos;
    const to = shown[shown.length - 2].pesos;
    const expected = shown
      .filter((plan: { pesos: number }) => plan.pesos >= from && plan.pesos <= to)
      .map((plan: { code: string }) => plan.code)
      .sort();
    for (const currency of [{ targetCurrency: 'CLP' }, {}]) {
      const filtered = await json(
        await compare({
          organizationTypes: 'ISAPRE',
          profile,
          fromPrice: from,
          toPrice: to,
          take: 100,
          ...currency,
        }),
      );
      expect(codes(filtered).sort()).toEqual(expected);
    }
    // In UF the same plans are found by their UF amounts.
    const inUf = await json(
      await compare({ organizationTypes: 'ISAPRE', profile, toPrice: 9, targetCurrency: 'UF', take: 100 }),
    );
    expect(inUf.metaData.total).toBe(
      all.data.filter(
        (card: { price: { value: number | null } }) => card.price.value !== null && card.price.value <= 9,
      ).length,
    );
    // Pesos never compare with Peruvian soles: a peso range holds no PEN price.
    const peru = await json(
      await compare({ organizationTypes: allTypes, fromPrice: 1, targetCurrency: 'CLP' }, { country: 'PE' }),
    );
    expect(peru.metaData.total).toBe(0);
  });

  test('000-9.02 000-9.04 a price says its period once: guards ×12 are /año, monthly prices /mes (issue 11)', async () => {
    const answer = await json(
      await compare({
        organizationTypes: ['ASEGURADORA'],
        insuranceTypes: ['Complementario', 'Guardias'],
        take: 50,
      }),
    );
    const byCode = Object.fromEntries(answer.data.map((c: { productCode: string }) => [c.productCode, c]));
    expect(byCode['GUARD-A'].price).toMatchObject({ paymentMode: 'anual', suffix: '/año' });
    expect(byCode['GUARD-A'].priceSuffix).toBe('/año');
    expect(byCode['COMP-A'].price).toMatchObject({ paymentMode: 'mensual', suffix: '/mes' });
  });

  test('per-person products add each insured’s age band; dependants count; guards are shown × 12', async () => {
    const answer = await json(
      await compare({
        organizationTypes: ['ASEGURADORA'],
        insuranceTypes: ['Complementario', 'Guardias'],
        profile,
        take: 50,
      }),
    );
    const byCode = Object.fromEntries(answer.data.map((c: { productCode: string }) => [c.productCode, c]));
    // 41 → 0.7, 43 → 0.7, 1 → 0.4
    expect(byCode['COMP-A'].price.value).toBeCloseTo(1.8, 9);
    expect(byCode['COMP-A'].insuranceMetadata.price_detail.label).toBe('para 3 personas');
    expect(byCode['GUARD-A'].price.value).toBeCloseTo(0.05 * 3 * 12, 9);
  });

  test('000-9.03 collective prices: per employee without a count, Total for the company’s workers', async () => {
    const perEmployee = await json(
      await compare({ organizationTypes: ['ASEGURADORA'], productType: 'SEGURO COLECTIVO' }),
    );
    expect(perEmployee.data[0].price).toMatchObject({ value: 0.6, suffix: '/mes p/empl' });
    const total = await json(
      await compare({
        organizationTypes: ['ASEGURADORA'],
        productType: 'SEGURO COLECTIVO',
        profile: { cantidadEmpleados: '1.200' },
      }),
    );
    expect(total.data[0].price.suffix).toBe('/mes Total');
    expect(total.data[0].price.value).toBeCloseTo(720, 9);
    expect(total.data[0].affinity).toMatch(/% para ti$/);
  });

  test('an invalid profile is ignored as the seed ignores an invalid perfil: "Desde" prices, and metaData says why', async () => {
    for (const profile of [
      { cotizante: [{ edad: -3 }] },
      { cotizante: [{ edad: 1000 }] },
      // Issue 11: impossible main members were priced.
      { cotizante: [{ sexo: 'Masculino', edad: 150 }] },
      { cotizante: [{ sexo: 'Masculino', edad: 3 }] },
      { cotizante: [{ sexo: 'Masculino', edad: 0 }] },
      { cotizante: [{ edad: 35 }], cargas: [{ edad: 111, parentesco: 'Hijo/Hija' }] },
      { cotizante: [{ edad: 30 }, { edad: 31 }, { edad: 32 }] },
    ]) {
      const response = await compare({ organizationTypes: 'ISAPRE', profile });
      expect(response.status).toBe(200);
      const answer = await json(response);
      expect(answer.metaData.profileErrors[0].field).toMatch(/^profile/);
      expect(answer.data[0].price).toMatchObject({ label: 'Desde', arePricesDefined: false });
    }
    const valid = await json(
      await compare({ organizationTypes: 'ISAPRE', profile: { cotizante: [{ edad: 30 }] } }),
    );
    expect(valid.metaData.profileErrors).toBeUndefined();
  });

  test('price bounds filter on the priced amount, in the target currency', async () => {
    const cheap = await json(
      await compare({ organizationTypes: 'ISAPRE', profile, toPrice: 9, targetCurrency: 'UF', take: 100 }),
    );
    expect(cheap.data.every((card: { price: { value: number } }) => card.price.value <= 9)).toBe(true);
    const inPesos = await json(
      await compare({
        organizationTypes: 'ISAPRE',
        profile,
        fromPrice: 300_000,
        targetCurrency: 'CLP',
        take: 100,
      }),
    );
    const uf = (await json(await fetch(`${runtime.url}/api/globales/uf`))).value;
    expect(inPesos.data.every((card: { price: { value: number } }) => card.price.value * uf >= 300_000)).toBe(
      true,
    );
  });
});

describe('orders', () => {
  test('popular orders by requests, recommended puts promoted first, distance by affinity', async () => {
    const popular = await json(
      await compare({ organizationTypes: ['ASEGURADORA', 'CLINICA'], order: 'popular', take: 3 }),
    );
    expect(codes(popular).slice(0, 2)).toEqual(['CAT-A', 'COMP-B']);
    const recommended = await json(
      await compare({ organizationTypes: ['ASEGURADORA', 'CLINICA'], order: 'recommended' }),
    );
    expect(codes(recommended)[0]).toBe('COMP-B');
    const byAffinity = await json(
      await compare({ organizationTypes: allTypes, order: 'distance', take: 100 }),
    );
    const distances = byAffinity.data.map((card: { distance: number }) => card.distance);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => b - a));
    expect(distances.every((d: number) => d >= 0 && d <= 10)).toBe(true);
  });
});

describe('the same call over GET, and the UF', () => {
  test('GET takes the body fields as query parameters', async () => {
    const response = await fetch(
      `${runtime.url}/api/insurance/compare/metadata?organizationTypes=ISAPRE&comercializable=false&take=5`,
    );
    expect(response.status).toBe(200);
    expect(codes(await json(response))).toEqual(['CS-03']);
  });

  test('001-7.07 GET /api/globales/uf returns the UF value of the day', async () => {
    const uf = await json(await fetch(`${runtime.url}/api/globales/uf`));
    expect(uf).toMatchObject({ value: 39485.65, date: '2025-09-09', fallback: false });
  });
});
