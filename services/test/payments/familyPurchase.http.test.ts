import { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { json } from '../support/http';
import { postJson } from '../support/testRuntime';
import {
  adminGetOf,
  BUYER,
  type PurchaseRuntime,
  startedForSuite,
  startSaleOf,
} from './support/purchaseFixture';
import { bornYearsAgo, FAMILY } from './support/family';

/**
 * A family's online purchase over real HTTP (issue 14): the sale's start takes the dependants of the
 * profile and, for a health product, the health declaration of 'Estado de salud' (002-2.08), each field
 * checked with a problem naming it; the price stays the catalogue's for the profile; the buyer's view echoes
 * none of it and the console shows the declaration to staff in one sale's record only.
 */
let runtime: PurchaseRuntime['runtime'];
let url: string;
let admin: string;

startedForSuite((started) => ({ runtime, url, admin } = started));

const DEPENDANTS = [
  { nombre: 'Ana Pérez', rut: '11.111.111-1', fechaNacimiento: bornYearsAgo(33) },
  { nombre: 'Tomás Rojas', rut: '22.222.222-2', fechaNacimiento: bornYearsAgo(4) },
];
const DETAIL = 'Asma leve desde la infancia';
const HEALTH = [
  { preexisting: true, preexistingDetail: DETAIL, weightKg: 82.5, heightCm: 178 },
  { preexisting: false, pregnant: false, weightKg: 61, heightCm: 165 },
  { preexisting: false, weightKg: 17, heightCm: 104 },
];

const start = (body: Record<string, unknown>) =>
  startSaleOf(url, {
    productCode: 'COMP-L',
    profile: FAMILY,
    dependants: DEPENDANTS,
    health: HEALTH,
    ...body,
  });
const adminGet = (path: string) => adminGetOf(url, admin, path);

/** The problem's field errors as `field rule` lines. */
async function problemOf(response: Response) {
  const body = await json(response);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  return {
    status: response.status,
    body,
    fields: (body.errors ?? []).map((e: any) => `${e.field} ${e.rule}`),
  };
}

describe('a family buys a health product online', () => {
  test("002-2.08 002-5.15 the sale keeps the dependants and the health declaration, priced as the catalogue prices the family; the buyer's view echoes none of it", async () => {
    const response = await start({});
    expect(response.status).toBe(201);
    const sale = await json(response);
    const text = JSON.stringify(sale);
    for (const secret of [BUYER.email, DEPENDANTS[0]!.nombre, DEPENDANTS[1]!.rut, DETAIL, 'preexisting'])
      expect(text).not.toContain(secret);

    // The catalogue's price for the same profile, not a person's.
    const priced = await json(
      await postJson(`${url}/api/insurance/COMP-L/calculatePrice`, { profile: FAMILY }),
    );
    const alone = await json(
      await start({ profile: { cotizante: FAMILY.cotizante }, dependants: [], health: [HEALTH[0]] }),
    );
    expect(sale.amount.amount).toBeGreaterThan(alone.amount.amount);
    expect(priced.data.price.arePricesDefined).toBe(true);
    expect(sale.formatted).toBe(priced.data.price.formatted);

    const record = SaleRecord.parse(await adminGet(`/api/admin/sales/${sale.id}`));
    expect(record.dependants).toEqual([
      { ...DEPENDANTS[0], sexo: 'Femenino', edad: 33, parentesco: 'Cónyuge' },
      { ...DEPENDANTS[1], sexo: 'Masculino', edad: 4, parentesco: 'Hijo' },
    ]);
    expect(record.health).toEqual([
      { preexisting: true, preexistingDetail: DETAIL, pregnant: null, weightKg: 82.5, heightCm: 178 },
      { preexisting: false, preexistingDetail: null, pregnant: false, weightKg: 61, heightCm: 165 },
      { preexisting: false, preexistingDetail: null, pregnant: null, weightKg: 17, heightCm: 104 },
    ]);
    // Lists carry the dependants as they carry the buyer, never the health declaration.
    const listed = await adminGet(
      `/api/admin/sales?filter=${encodeURIComponent(JSON.stringify({ id: [sale.id] }))}`,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0].dependants).toHaveLength(2);
    expect(listed[0]).not.toHaveProperty('health');
  });

  test('002-5.01 002-5.03 002-5.15 each wrong dependant field is named: dependants.1.rut, dependants.0.fechaNacimiento, a repeated RUT, the count of cargas', async () => {
    const wrong = await problemOf(
      await start({ dependants: [DEPENDANTS[0], { ...DEPENDANTS[1], rut: '22.222.222-3', nombre: 'T' }] }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.fields).toEqual(['dependants.1.nombre name', 'dependants.1.rut invalidRut']);
    // Checked against the profile once each field is well formed.
    const older = await problemOf(
      await start({ dependants: [{ ...DEPENDANTS[0], fechaNacimiento: bornYearsAgo(30) }, DEPENDANTS[1]] }),
    );
    expect(older.fields).toEqual(['dependants.0.fechaNacimiento age_mismatch']);
    expect(older.body.errors[0].message).toBe(
      'según su fecha de nacimiento tiene 30 años; el perfil cotizó 33',
    );
    const repeated = await problemOf(
      await start({ dependants: [DEPENDANTS[0], { ...DEPENDANTS[1], rut: BUYER.rut }] }),
    );
    expect(repeated.fields).toEqual(['dependants.1.rut duplicate']);
    const missing = await problemOf(await start({ dependants: [DEPENDANTS[0]] }));
    expect(missing.fields).toEqual(['dependants dependants_count']);
    const badDate = await problemOf(
      await start({ dependants: [{ ...DEPENDANTS[0], fechaNacimiento: '1993-02-30' }, DEPENDANTS[1]] }),
    );
    expect(badDate.fields).toEqual(['dependants.0.fechaNacimiento birth_date']);
  });

  test('002-5.21 a profile with two Cónyuge, or three insured adults, is refused by name', async () => {
    const twoSpouses = await problemOf(
      await start({
        profile: {
          ...FAMILY,
          cargas: [...FAMILY.cargas, { sexo: 'Masculino', edad: 40, parentesco: 'Cónyuge' }],
        },
        dependants: [
          ...DEPENDANTS,
          { nombre: 'Luis Soto', rut: '33.333.333-3', fechaNacimiento: bornYearsAgo(40) },
        ],
        health: [...HEALTH, HEALTH[2]],
      }),
    );
    expect(twoSpouses.status).toBe(400);
    expect(twoSpouses.fields).toContain('profile.cargas custom');
  });

  test("002-2.08 the health declaration: required for a health product, refused for a life one; each answer's rule named (health.1.pregnant, health.0.preexistingDetail)", async () => {
    const none = await problemOf(await start({ health: undefined }));
    expect(none.status).toBe(422);
    expect(none.fields).toEqual(['health health_required']);

    const life = await problemOf(await start({ productCode: 'VIDA-L' }));
    expect(life.status).toBe(422);
    expect(life.fields).toEqual(['health health_not_asked']);
    const lifeFamily = await start({ productCode: 'VIDA-L', health: undefined });
    expect(lifeFamily.status).toBe(201);

    const numbers = await problemOf(
      await start({
        health: [
          { preexisting: false, weightKg: 82.55, heightCm: 178.5 },
          HEALTH[1],
          { preexisting: false, weightKg: 0, heightCm: '104' },
        ],
      }),
    );
    expect(numbers.status).toBe(400);
    expect(numbers.fields).toEqual([
      'health.0.weightKg not_multiple_of',
      'health.0.heightCm type:int',
      'health.2.weightKg min',
      'health.2.heightCm type:number',
    ]);
    const answers = await problemOf(
      await start({
        health: [
          { preexisting: true, weightKg: 82.5, heightCm: 178 },
          { preexisting: false, weightKg: 61, heightCm: 165 },
          { preexisting: false, pregnant: true, weightKg: 17, heightCm: 104 },
        ],
      }),
    );
    expect(answers.status).toBe(400);
    expect(answers.fields).toEqual([
      'health.0.preexistingDetail required',
      'health.1.pregnant required',
      'health.2.pregnant not_asked',
    ]);
    const count = await problemOf(await start({ health: HEALTH.slice(0, 2) }));
    expect(count.fields).toEqual(['health health_count']);
  });

  test("no dependant's name or RUT, nor any health answer, reaches the logs", () => {
    const logged = runtime.logged();
    expect(logged).toContain('sale started');
    for (const secret of [...DEPENDANTS.flatMap((d) => [d.nombre, d.rut]), DETAIL, 'preexisting', 'weightKg'])
      expect(logged).not.toContain(secret);
  });
});
