import {
  ADULTS_MESSAGE,
  DEPENDANT_AGE_MESSAGE,
  HOLDER_AGE_MESSAGE,
  PET_AGE_MESSAGE,
  normalizeProfile,
  ONE_SPOUSE_MESSAGE,
  PERSONS_MESSAGE,
  PETS_MESSAGE,
  type ProfileInput,
} from '@cubre/schemas';
import { loadPricingContext } from '@cubre/services/catalogue/comparator/pricingContext';
import { describeIsaprePrice } from '@cubre/services/catalogue/pricing/breakdownText';
import { priceIsaprePlanForProfile } from '@cubre/services/catalogue/pricing/isaprePlanPrice';
import type { TestRuntime } from '../../support/testRuntime';
import { plans } from '../support/catalogueFixture';
import { expectProblem, getJson, post, startCatalogueRuntime, TODAY } from './detailRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startCatalogueRuntime();
});
afterAll(async () => {
  await runtime.dispose();
});

const calculate = (id: string, body: unknown) => post(runtime, `/api/insurance/${id}/calculatePrice`, body);
const compare = async (body: Record<string, unknown>) =>
  (await post(runtime, '/api/insurance/compare/metadata', { take: 100, ...body })).body;

const family: ProfileInput = {
  cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: 2_000_000 }],
  cargas: [
    { sexo: 'Masculino', edad: 43, parentesco: 'Cónyuge' },
    { sexo: 'Femenino', edad: 1, parentesco: 'Hija' },
  ],
};

describe('POST /api/insurance/{id}/calculatePrice for an isapre plan', () => {
  test('000-7.09 the breakdown: each beneficiary’s role, sex, age, factor and whether it applies; base, GES, totals, the 7% and the difference', async () => {
    const answer = await calculate('CS-01', { profile: family, productType: 'ISAPRES' });
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    const context = loadPricingContext();
    const engine = priceIsaprePlanForProfile(
      plans[0]!,
      normalizeProfile(family as never, { country: 'CL' }),
      {
        tables: context.tables,
        ufValue: context.ufValueAt(TODAY),
        topeImponibleUf: context.topeImponibleUfAt(TODAY),
      },
    );
    expect(data).toMatchObject({
      productCode: 'CS-01',
      kind: 'isaprePlan',
      profile: 'perfil',
      requestedProductType: 'ISAPRES',
      price: { arePricesDefined: true, unit: { code: 'UF' } },
    });
    expect(data.breakdown.beneficiaries.map((b: any) => [b.role, b.sexo, b.edad, b.factorApplies])).toEqual([
      ['cotizante', 'Femenino', 41, true],
      ['carga', 'Masculino', 43, true],
      ['carga', 'Femenino', 1, false],
    ]);
    expect(data.breakdown.beneficiaries.map((b: any) => b.factor)).toEqual(
      engine.beneficiaries.map((b) => b.factor),
    );
    expect(data.breakdown).toMatchObject({
      basePriceUf: 1.1,
      gesPerBeneficiaryUf: 0.44,
      sumFactors: engine.sumFactors,
      totalUf: engine.totalUf,
      totalClp: engine.totalClp,
      sevenPercent: { clp: engine.legalContribution!.clp },
      differenceClp: engine.totalClp! - engine.legalContribution!.clp,
    });
    expect(data.breakdown.gesTotalUf).toBeCloseTo(0.44 * 3, 12);
    expect(data.lines).toEqual(describeIsaprePrice(engine));
    expect(data.lines.at(-1)).toMatch(/ (sobre|bajo) tu 7%$/);
  });

  test('000-7.09 card price == calculatePrice total for the same profile, for every isapre plan', async () => {
    const cards = (await compare({ organizationTypes: 'ISAPRE', profile: family })).data;
    expect(cards).toHaveLength(plans.length);
    for (const card of cards) {
      const { data } = (await calculate(card.productCode, { profile: family })).body;
      expect({ code: card.productCode, value: data.price.value }).toEqual({
        code: card.productCode,
        value: card.price.value,
      });
      if (card.price.value === null) expect(data.breakdown.totalUf).toBeNull();
      else expect(data.breakdown.totalUf).toBeCloseTo(card.price.value, 6);
    }
  });

  test('000-7.10 GET prices the default profile, as the card without a profile shows it', async () => {
    const answer = await getJson(
      runtime,
      '/api/insurance/CS-01/calculatePrice?productType=ISAPRES&comparator=isapres',
    );
    expect(answer.status).toBe(200);
    const card = (await compare({ organizationTypes: 'ISAPRE' })).data.find(
      (c: any) => c.productCode === 'CS-01',
    );
    expect(answer.body.data).toMatchObject({
      profile: 'predeterminado',
      comparator: { code: 'isapres', name: 'Planes de Isapre' },
      price: { value: card.price.value, arePricesDefined: false },
    });
    expect(answer.body.data.breakdown.beneficiaries).toEqual([
      expect.objectContaining({ role: 'cotizante', sexo: 'Masculino', edad: 25 }),
    ]);
  });

  test('a plan without base price answers Consultar (null) with the reason; it is the plan, not the profile', async () => {
    const { status, body } = await calculate('CO-02', { profile: family });
    expect(status).toBe(200);
    expect(body.data.price.value).toBeNull();
    expect(body.data.breakdown.unpricedReason).toBe('El plan no informa su precio base');
  });

  test('422: a profile without cotizante prices no isapre plan; a 7% plan needs an income', async () => {
    const noCotizante = await calculate('CS-01', { profile: { cargas: family.cargas } });
    expectProblem(noCotizante, 422, 'profile.cotizante', 'required_for_product');
    expect(noCotizante.body.detail).toMatch(/al menos un cotizante/);
    const sevenPercent = await calculate('CO-03', {
      profile: { cotizante: [{ sexo: 'Masculino', edad: 30 }] },
    });
    expectProblem(sevenPercent, 422, 'profile.cotizante.0.ingreso');
    const priced = await calculate('CO-03', { profile: family });
    expect(priced.status).toBe(200);
    expect(priced.body.data.breakdown.priceMode).toBe('7%');
  });
});

describe('POST /api/insurance/{id}/calculatePrice for other products', () => {
  const profiles: Record<string, ProfileInput> = {
    family,
    older: {
      cotizante: [{ sexo: 'Masculino', edad: 62 }],
      cargas: [{ sexo: 'Femenino', edad: 80, parentesco: 'Cónyuge' }],
    },
    pets: {
      cotizante: [{ edad: 30 }],
      mascota: [{ especie: 'Perro', edad: 3 }, { especie: 'Gato', edad: 12 }, {}],
    },
    company: { cotizante: [{ edad: 35 }], cantidadEmpleados: '1.200' },
    guards: { cotizante: [{ edad: 35 }], cantidadGuardias: 4 },
  };

  test('000-7.09 card price == calculatePrice total for the same profile, for every product', async () => {
    let compared = 0;
    for (const [name, profile] of Object.entries(profiles)) {
      const cards = (
        await compare({ organizationTypes: ['ASEGURADORA', 'CLINICA'], profile, displayShowcase: true })
      ).data;
      for (const card of cards) {
        const answer = await calculate(card.productCode, { profile });
        const where = { profile: name, code: card.productCode };
        if (answer.status === 422) {
          // Nobody to price: the card says Consultar, or shows its "Desde" price for want of the persons.
          if (answer.body.errors[0].rule === 'uninsurable')
            expect({ ...where, value: card.price.value }).toEqual({ ...where, value: null });
          continue;
        }
        expect({ ...where, status: answer.status }).toEqual({ ...where, status: 200 });
        const { data } = answer.body;
        expect({ ...where, value: data.price.value }).toEqual({ ...where, value: card.price.value });
        expect({ ...where, total: data.breakdown.total }).toEqual({ ...where, total: card.price.value });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  test('000-5.22 each insured’s age band, inclusive at both ends; dependants pay their own band', async () => {
    const { data } = (
      await calculate('COMP-A', {
        profile: {
          cotizante: [{ sexo: 'Masculino', edad: 29 }],
          cargas: [{ sexo: 'Femenino', edad: 30, parentesco: 'Cónyuge' }, { edad: 59 }],
        },
      })
    ).body;
    expect(
      data.breakdown.persons.map((p: any) => [p.role, p.edad, p.band.fromAge, p.band.toAge, p.amount]),
    ).toEqual([
      ['cotizante', 29, 0, 29, 0.4],
      ['carga', 30, 30, 59, 0.7],
      ['carga', 59, 30, 59, 0.7],
    ]);
    expect(data.breakdown.total).toBeCloseTo(1.8, 12);
    expect(data.lines[0]).toBe('Cotizante, Masculino, 29 años: banda de 0 a 29 años, UF 0,40');
    expect(data.lines.at(-1)).toMatch(/^Total: UF 1,80 = \$[\d.]+ al mes$/);
  });

  test('000-5.21 a person without age is priced at 25 and says so', async () => {
    const { data } = (await calculate('COMP-A', { profile: { cotizante: [{ sexo: 'Femenino' }] } })).body;
    expect(data.breakdown.persons[0]).toMatchObject({ edad: 25, edadSupuesta: true, amount: 0.4 });
    expect(data.lines[0]).toMatch(/\(edad supuesta\)/);
  });

  test('uninsurable persons are listed and left out of the total', async () => {
    const { data } = (await calculate('COMP-A', { profile: profiles.older })).body;
    expect(data.breakdown.uninsurable).toEqual([
      expect.objectContaining({ role: 'carga', edad: 80, insurable: false, amount: null }),
    ]);
    expect(data.breakdown.total).toBe(1.4);
    expect(data.price.uninsurable).toEqual([{ sexo: 'Femenino', edad: 80 }]);
    expect(data.lines).toContain('1 persona no asegurable en este producto');
    // The same facts as codes and numbers, for a client that words them in another language (issue 11).
    expect(data.breakdown.uninsurable[0]).toMatchObject({ reasonCode: 'outsideAges' });
    expect(data.breakdown.insurableAges).toEqual({
      min: expect.any(Number),
      max: expect.any(Number),
    });
    expect(data.breakdown.uninsurable[0].reason).toBe(
      `No asegurable: el producto asegura de ${data.breakdown.insurableAges.min} a ${data.breakdown.insurableAges.max} años`,
    );
    expect(data.breakdown.pricedByAge).toBe(true);
    expect(data.breakdown.persons[0].reasonCode).toBeNull();
    expect(data.priceDetail).toMatchObject({ insured: 1, ages: data.breakdown.insurableAges });
  });

  test('dependants who ride free are shown and not charged', async () => {
    const { data } = (await calculate('DET-LE', { profile: family })).body;
    expect(data.breakdown.persons.filter((p: any) => !p.pays)).toHaveLength(2);
    expect(data.breakdown.total).toBe(0.5);
  });

  test('000-9.02 guards are priced per guard and shown yearly: the monthly sum × 12', async () => {
    const { data } = (await calculate('GUARD-A', { profile: { cantidadGuardias: 3 } })).body;
    expect(data.breakdown).toMatchObject({ multiplier: 12, periodicity: 'anual' });
    expect(data.breakdown.persons).toHaveLength(3);
    expect(data.breakdown.persons[0]).toMatchObject({ role: 'guardia', edad: 30 });
    expect(data.breakdown.total).toBeCloseTo(0.05 * 3 * 12, 12);
    expect(data.lines).toContain('Prima anual: UF 0,15 al mes × 12 = UF 1,80');
  });

  test('pets are priced by their own age band', async () => {
    const { data } = (
      await calculate('PET-A', { profile: { mascota: [{ especie: 'Perro', edad: 3 }, { edad: 8 }] } })
    ).body;
    expect(data.breakdown.persons.map((p: any) => [p.role, p.amount])).toEqual([
      ['mascota', 0.4],
      ['mascota', 0.6],
    ]);
    expect(data.breakdown.total).toBeCloseTo(1, 12);
  });

  test('000-9.03 collective: per employee without a count, the company total with one, and the minimum warning', async () => {
    const perEmployee = (await calculate('EMP-A', { profile: { cotizante: [{ edad: 40 }] } })).body.data;
    expect(perEmployee.breakdown.collective).toMatchObject({
      workers: null,
      perWorker: 0.6,
      basis: 'porEmpleado',
      minimumWarning: 'Plan para un mínimo de 5 empleados',
    });
    expect(perEmployee.priceSuffix).toBe('/mes p/empl');
    const company = (await calculate('EMP-A', { profile: profiles.company })).body.data;
    expect(company.breakdown.collective).toMatchObject({
      workers: 1200,
      basis: 'total',
      minimumWarning: null,
    });
    expect(company.breakdown.total).toBeCloseTo(720, 9);
    expect(company.priceSuffix).toBe('/mes Total');
  });

  test('000-7.10 GET prices the card without a profile: the "Desde" price of the cheapest band', async () => {
    // The storefront sends both parameters, blank when it has none.
    const { status, body } = await getJson(
      runtime,
      '/api/insurance/COMP-A/calculatePrice?productType=&comparator=',
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      profile: 'predeterminado',
      price: { value: 0.4, label: 'Desde', arePricesDefined: false },
      breakdown: { basis: 'desde', total: 0.4 },
    });
    expect(body.data.lines[0]).toBe('Precio desde UF 0,40 al mes (edades 0 a 29)');
  });

  test('a product without a price answers Consultar', async () => {
    const { status, body } = await calculate('CAT-A', { profile: family });
    expect(status).toBe(200);
    expect(body.data.price.value).toBeNull();
    expect(body.data.lines.at(-1)).toBe('Consultar: el producto no informa su precio');
  });

  test('422: nobody insurable, no pets for a pet insurance, no titular for a personal one', async () => {
    const old = await calculate('COMP-A', { profile: { cotizante: [{ edad: 80 }] } });
    expectProblem(old, 422, 'profile', 'uninsurable');
    expect(old.body.detail).toBe(
      'Ninguna de las personas del perfil es asegurable en este producto (edades de 0 a 75 años).',
    );
    expect(old.body.uninsurable).toEqual([expect.objectContaining({ role: 'cotizante', edad: 80 })]);
    expectProblem(
      await calculate('PET-A', { profile: family }),
      422,
      'profile.mascota',
      'required_for_product',
    );
    expectProblem(
      await calculate('COMP-A', { profile: { cargas: family.cargas } }),
      422,
      'profile.cotizante',
    );
    expectProblem(await calculate('GUARD-A', { profile: {} }), 422, 'profile.cantidadGuardias');
  });
});

describe('the profile is the point of the call: refused by field', () => {
  const refused = async (profile: unknown, field: string, message?: string) => {
    const answer = await calculate('CS-01', { profile });
    expectProblem(answer, 400, field);
    if (message) expect(answer.body.errors).toContainEqual(expect.objectContaining({ field, message }));
  };

  test('000-5.19 ages over three digits and negative ages are refused, naming the person', async () => {
    await refused(
      { cotizante: [{ edad: 1000 }] },
      'profile.cotizante.0.edad',
      'La edad admite a lo más tres dígitos',
    );
    await refused(
      { cotizante: [{ edad: 30 }], cargas: [{ edad: -1 }] },
      'profile.cargas.0.edad',
      'La edad no puede ser negativa',
    );
  });

  test('issue 11: a main member aged 150, 3 or 0, a dependant of 111 or a pet of 41 is refused with the age rule', async () => {
    for (const edad of [150, 3, 0, 17, 111])
      await refused(
        { cotizante: [{ sexo: 'Masculino', edad }] },
        'profile.cotizante.0.edad',
        HOLDER_AGE_MESSAGE,
      );
    await refused(
      { cotizante: [{ edad: 40 }], cargas: [{ edad: 111 }] },
      'profile.cargas.0.edad',
      DEPENDANT_AGE_MESSAGE,
    );
    await refused({ mascota: [{ especie: 'Perro', edad: 41 }] }, 'profile.mascota.0.edad', PET_AGE_MESSAGE);
    // The bounds themselves are ages a person can have.
    for (const edad of [18, 110])
      expect(
        (await calculate('CS-01', { profile: { cotizante: [{ sexo: 'Femenino', edad }] } })).status,
      ).toBe(200);
  });

  test('002-5.21 at most two adults: three cotizantes, or a couple plus a spouse, are refused', async () => {
    await refused(
      { cotizante: [{ edad: 30 }, { edad: 31 }, { edad: 32 }] },
      'profile.cotizante',
      ADULTS_MESSAGE,
    );
    await refused(
      {
        cotizante: [{ edad: 30 }],
        cargas: [
          { edad: 31, parentesco: 'Cónyuge' },
          { edad: 32, parentesco: 'Spouse' },
        ],
      },
      'profile.cargas',
      ONE_SPOUSE_MESSAGE,
    );
  });

  test('000-9.25 more than 100 persons or 100 pets are refused', async () => {
    const many = Array.from({ length: 101 }, () => ({ edad: 5 }));
    await refused({ cotizante: [{ edad: 30 }], cargas: many }, 'profile.cargas', PERSONS_MESSAGE);
    await refused({ cotizante: [{ edad: 30 }], mascota: many }, 'profile.mascota', PETS_MESSAGE);
  });

  test('unknown fields, a wrong productType, a malformed or unknown id, an unknown comparator', async () => {
    expectProblem(await calculate('CS-01', { profile: family, extra: 1 }), 400, 'extra', 'unknown_field');
    expectProblem(await calculate('CS-01', { productType: 'SEGURO RARO' }), 400, 'productType');
    expectProblem(await calculate('CS-01', { comparator: 'no-such' }), 400, 'comparator', 'exists');
    expectProblem(await calculate('bad!id', { profile: family }), 400, 'params.id');
    expectProblem(await calculate('NOPE-9', { profile: family }), 404, 'params.id');
    expectProblem(
      await getJson(runtime, '/api/insurance/CS-01/calculatePrice?comparator=nada'),
      400,
      'query.comparator',
    );
    expectProblem(
      await getJson(runtime, '/api/insurance/CS-01/calculatePrice?perfil=x'),
      400,
      'query.perfil',
    );
  });
});
