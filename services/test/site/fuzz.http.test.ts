import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadSiteCatalogue } from './support/siteFixture';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime({ PUBLIC_ORIGINS: 'https://cubre.cl' });
  await loadSiteCatalogue(runtime);
});
afterAll(async () => {
  await runtime.dispose();
});

/** A deterministic generator, so a failure replays. */
function generator(seed: number) {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const SCALARS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '',
  ' ',
  'x',
  '1.650.000',
  'notengo',
  '\u0000',
  '😀',
  'a'.repeat(5000),
  'Masculino',
  'Cónyuge',
  'Isapre',
  '<script>alert(1)</script>',
];
const KEYS = [
  'cotizante',
  'cargas',
  'mascota',
  'titular',
  'region',
  'colectivo',
  'colectivos',
  'sctr',
  'prices',
  'edad',
  'sexo',
  'ingreso',
  'stateCode',
  'email',
  'rut',
  'previsiones',
  '__proto__',
  'constructor',
  'toString',
  'x',
];

describe('no input reaches a 500', () => {
  test('500 random requests to every site endpoint: bodies, queries, params and headers', async () => {
    const { next, pick } = generator(20251001);
    const value = (depth: number): unknown => {
      const roll = next();
      if (depth > 3 || roll < 0.45) return pick(SCALARS);
      if (roll < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 4); i > 0; i--) object[pick(KEYS)] = value(depth + 1);
      return object;
    };
    const profile = () =>
      next() < 0.5
        ? {
            cotizante: [{ edad: pick([25, '40', -3, 'x', null]), sexo: pick(['F', 'Masculino', 3]) }],
            [pick(KEYS)]: value(1),
          }
        : value(0);
    const bodies = [
      () => ({
        model: profile(),
        productType: pick(['', 'SCTR', 'SEGURO_MASCOTAS', 'colectivo', 'nope', 3]),
      }),
      () => ({
        productCode: pick(['COMP-A', 'CS-01', 'NOPE', '', 42, '../x']),
        profile: profile(),
        url: pick([
          '/Comparar/Isapres',
          'https://cubre.cl/Comparar',
          'https://evil.example',
          '//x',
          '/url/a',
          7,
        ]),
        ...(next() < 0.3 ? { productType: pick(['', 'ISAPRES', 'bad']) } : {}),
      }),
      () => value(0),
      () => ({ model: { cotizante: [{ edad: Math.floor(next() * 90) }] }, productType: '' }),
      () => ({
        productCode: 'COMP-A',
        profile: { cotizante: [{ edad: Math.floor(next() * 90) }] },
        url: `/Comparar/Seguros-de-Salud?page=${Math.floor(next() * 50)}`,
      }),
      () => ({ model: { x: 'y'.repeat(110 * 1024) } }),
    ];
    const raws = [
      '{',
      '}{',
      '{"model":}',
      '\u0000',
      'null',
      '"text"',
      '{"a":1}garbage',
      '[{]',
      '{"model":{"cotizante":[{"edad":1e999}]}}',
    ];
    const segments = [
      '%E0%A4%A',
      '..%2F..',
      '%00',
      'a'.repeat(300),
      '😀',
      '%2F%2Fevil.example',
      'javascript%3Aalert(1)',
      '%',
      '%25',
      '',
    ];
    const queries = [
      '',
      '?country=PE',
      '?country=XX',
      '?productType=SCTR',
      '?productType=%ZZ',
      '?a=1&a=2',
      '?country[]=CL',
      `?${'q'.repeat(3000)}=1`,
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { country: pick(['CL', '4', 'Narnia', '']) },
      { 'lead-type': pick(['Planes', 'Usuario', '', 'x'.repeat(500)]) },
      { 'editable-business-line': pick(['true', 'nope', '']) },
      { Referer: pick(['https://cubre.cl/Comparar/Isapres', 'not a url', 'https://cubre.cl/%E0%A4%A']) },
      { 'Idempotency-Key': pick(['short', 'valid-key-000001', '💥'.repeat(10)]) },
    ];

    const statuses = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const headers = pick(headerSets);
      const kind = pick(['form', 'data', 'share', 'put', 'resolve', 'translate', 'get'] as const);
      let response: Response;
      const send = (method: string, path: string, body?: unknown, raw = false) =>
        fetch(`${runtime.url}${path}`, {
          method,
          headers: { 'Content-Type': next() < 0.1 ? 'text/plain' : 'application/json', ...headers },
          ...(body === undefined ? {} : { body: raw ? (body as string) : JSON.stringify(body) }),
        });
      const anyBody = () => (next() < 0.2 ? { raw: pick(raws) } : { value: pick(bodies)() });
      switch (kind) {
        case 'form':
          response = await send('GET', `/api/profile-form/form${pick(queries)}`);
          break;
        case 'data':
        case 'share':
        case 'put': {
          const path = kind === 'data' ? '/api/profile-form/data' : '/api/buscarplanes/sharedinsurance';
          const body = anyBody();
          response = await send(
            kind === 'put' ? 'PUT' : 'POST',
            path,
            'raw' in body ? body.raw : body.value,
            'raw' in body,
          );
          break;
        }
        case 'resolve':
          response = await send(
            'POST',
            `/api/buscarplanes/sharedinsurance/${pick([...segments, 'Zz99Zz99Zz', 'abc'])}`,
            next() < 0.5 ? undefined : value(0),
          );
          break;
        case 'translate':
          response = await send(
            'GET',
            `/api/route-translator/${pick(segments)}${next() < 0.3 ? `/${pick(segments)}` : ''}${pick(queries)}`,
          );
          break;
        default:
          response = await send(
            'GET',
            `${pick(['/api/menu', '/api/contactInformations', '/api/qp-version', '/api/business-line'])}${pick(queries)}`,
          );
      }
      statuses.add(response.status);
      if (response.status >= 500)
        throw new Error(`${kind} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
    expect([...statuses].every((status) => [200, 201, 400, 404, 413, 415, 422].includes(status))).toBe(true);
    for (const status of [200, 201, 400, 404, 413, 415, 422]) expect(statuses).toContain(status);
  });

  test('every refusal is a problem naming a field and a rule', async () => {
    const response = await fetch(`${runtime.url}/api/profile-form/data`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: { cotizante: [{ edad: 'viejo' }], peso: 3 }, productType: 1 }),
    });
    expect(response.status).toBe(400);
    const problem = await json(response);
    expect(problem.errors.length).toBeGreaterThanOrEqual(3);
    for (const error of problem.errors)
      expect(error).toEqual({
        field: expect.any(String),
        rule: expect.any(String),
        message: expect.any(String),
      });
  });
});
