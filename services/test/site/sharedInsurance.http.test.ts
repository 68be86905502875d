import {
  SHARED_INSURANCE_CODE_LENGTH,
  ResolvedSharedInsurance,
  SharedInsuranceResponse,
} from '@cubre/schemas/site';
import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';
import { loadSiteCatalogue } from './support/siteFixture';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime({ PUBLIC_ORIGINS: 'https://cubre.cl' });
  await loadSiteCatalogue(runtime);
});
afterAll(async () => {
  await runtime.dispose();
});

const endpoint = () => `${runtime.url}/api/buscarplanes/sharedinsurance`;
const share = (body: unknown, headers: Record<string, string> = {}) => postJson(endpoint(), body, headers);
const put = (body: unknown) =>
  fetch(endpoint(), {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const resolve = (code: string, body?: unknown) =>
  fetch(`${endpoint()}/${code}`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
const errorsOf = async (response: Response) => {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)).errors as { field: string; rule: string; message: string }[];
};

const profile = {
  cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: '2.100.000' }],
  cargas: [{ sexo: 'Masculino', edad: 9, parentesco: 'Hijo/Hija' }],
  prevision: 'Isapre',
  rut: '12.345.678-5',
  email: 'ana@example.com',
  telefono: '+56 9 1234 5678',
  nombre: 'Ana Soto',
};
const body = (extra: Record<string, unknown> = {}) => ({
  productCode: 'COMP-A',
  profile,
  url: 'https://cubre.cl/Comparar/Seguros-de-Salud?order=lowerPrice',
  ...extra,
});

describe('POST and PUT api/buscarplanes/sharedinsurance', () => {
  test('000-7.26 000-2.28 sharing a product with a profile answers a link with code, skipLanding, productType and share', async () => {
    const response = await share(body());
    expect(response.status).toBe(201);
    const answer = SharedInsuranceResponse.parse(await json(response));
    expect(answer.code).toMatch(new RegExp(`^[0-9A-Za-z]{${SHARED_INSURANCE_CODE_LENGTH}}$`));
    expect(answer).toMatchObject({
      productCode: 'COMP-A',
      productType: '',
      path: '/Comparar/Seguros-de-Salud?order=lowerPrice',
    });
    const link = new URL(answer.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${runtime.url}/Comparar/Seguros-de-Salud`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      order: 'lowerPrice',
      code: 'COMP-A',
      skipLanding: 'true',
      share: answer.code,
    });
    expect(response.headers.get('location')).toBe(`/api/buscarplanes/sharedinsurance/${answer.code}`);
    expect(response.headers.get('etag')).toBe('"0"');
  });

  test('000-7.26 POST api/buscarplanes/sharedinsurance/{code} resolves it at once (read-your-writes)', async () => {
    const saved = await json(await share(body({ url: '/Comparar/Isapres', productCode: 'CS-01' })));
    const response = await resolve(saved.code);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    const resolved = ResolvedSharedInsurance.parse(await json(response));
    expect(resolved).toMatchObject({ ...saved, productType: 'ISAPRES', productAvailable: true });
    expect(resolved.profile).toEqual({
      cotizante: [{ sexo: 'Femenino', edad: 41, ingreso: 2_100_000 }],
      cargas: [{ sexo: 'Masculino', edad: 9, parentesco: 'Hijo/Hija' }],
      prevision: 'Isapre',
    });
    const quote = new URL(resolved.url);
    expect(quote.pathname).toBe('/Comparar/Isapres');
    expect(quote.searchParams.get('code')).toBe('CS-01');
    expect(quote.searchParams.get('skipLanding')).toBe('true');
    expect(quote.searchParams.get('productType')).toBe('ISAPRES');
    expect(JSON.parse(Buffer.from(quote.searchParams.get('perfil')!, 'base64').toString('utf8'))).toEqual(
      resolved.profile,
    );
  });

  test('a share never holds contact data: RUT, e-mail, phone and name are left out of event, read model and answers', async () => {
    const saved = await json(await share(body({ productCode: 'DENT-A' })));
    const events = await runtime.engines.eventStore.readStream(`sharedInsurance-${saved.code}`);
    const texts = [JSON.stringify(events), JSON.stringify(saved), await (await resolve(saved.code)).text()];
    for (const text of texts) {
      for (const value of [profile.rut, profile.email, profile.telefono, profile.nombre])
        expect(text).not.toContain(value);
    }
  });

  test('the same content gives the same link with 200 and one event, whatever the verb or the key order', async () => {
    const first = await share(body({ productCode: 'CAT-A' }));
    const reordered = {
      url: 'https://cubre.cl/Comparar/Seguros-de-Salud?order=lowerPrice',
      profile: { ...profile, cotizante: [{ ingreso: 2_100_000, edad: '41', sexo: 'F' }] },
      productCode: 'CAT-A',
    };
    const second = await share(reordered);
    const third = await put(body({ productCode: 'CAT-A' }));
    expect([first.status, second.status, third.status]).toEqual([201, 200, 200]);
    const [a, b, c] = [await json(first), await json(second), await json(third)];
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await runtime.engines.eventStore.readStream(`sharedInsurance-${a.code}`)).toHaveLength(1);
  });

  test('PUT saves a share too (201 the first time)', async () => {
    const response = await put(body({ productCode: 'GUARD-A' }));
    expect(response.status).toBe(201);
    expect((await json(response)).productCode).toBe('GUARD-A');
  });

  test('other content gets another link: profile, page or product type', async () => {
    const base = await json(await share(body({ productCode: 'VIDA-A' })));
    const older = await json(
      await share(body({ productCode: 'VIDA-A', profile: { cotizante: [{ edad: 70 }] } })),
    );
    const page = await json(await share(body({ productCode: 'VIDA-A', url: '/Comparar/Seguros-de-Vida' })));
    expect(new Set([base.code, older.code, page.code]).size).toBe(3);
    expect(base.productType).toBe('SEGURO VIDA');
  });

  test('the link parameters and a perfil in the shared URL are dropped from the kept path', async () => {
    const saved = await json(
      await share(
        body({ productCode: 'PET-A', url: '/Comparar/Seguros-Mascotas?perfil=eyJ4IjoxfQ&code=OLD&page=2' }),
      ),
    );
    expect(saved.path).toBe('/Comparar/Seguros-Mascotas?page=2');
    expect(saved.productType).toBe('SEGURO_MASCOTAS');
    expect(saved.link).not.toContain('perfil');
  });

  test('a retry with the same Idempotency-Key stores nothing twice', async () => {
    const headers = { 'Idempotency-Key': 'share-retry-0001' };
    const first = await json(await share(body({ productCode: 'PE-COMP' }), headers));
    const again = await share(body({ productCode: 'PE-COMP' }), headers);
    expect(again.status).toBe(200);
    expect((await json(again)).code).toBe(first.code);
  });
});

describe('refusals name the field and the rule', () => {
  test.each([
    ['a URL of another site', body({ url: 'https://evil.example/Comparar' }), 'url', 'same_site', 400],
    ['a protocol-relative URL', body({ url: '//evil.example/x' }), 'url', 'url', 400],
    ['a short link as the page', body({ url: '/url/Ab12Cd34' }), 'url', 'not_a_short_link', 400],
    [
      'a URL over 2,000 characters',
      body({ url: `/Comparar/Isapres?q=${'x'.repeat(2000)}` }),
      'url',
      'max_length',
      400,
    ],
    ['no url', { productCode: 'COMP-A', profile }, 'url', 'required', 400],
    ['no product code', { profile, url: '/Comparar/Isapres' }, 'productCode', 'required', 400],
    ['a malformed product code', body({ productCode: '<script>' }), 'productCode', 'format:regex', 400],
    ['a product not in the catalogue', body({ productCode: 'NOPE-1' }), 'productCode', 'catalogue', 422],
    ['an unknown field', body({ admin: true }), 'admin', 'unknown_field', 400],
    [
      'an unknown profile field',
      body({ profile: { cotizante: [{ edad: 3, peso: 4 }] } }),
      'profile.cotizante.0.peso',
      'unknown_field',
      400,
    ],
    [
      'a negative age',
      body({ profile: { cotizante: [{ edad: -3 }] } }),
      'profile.cotizante.0.edad',
      'min',
      400,
    ],
    ['no profile', { productCode: 'COMP-A', url: '/Comparar' }, 'profile', 'required', 400],
    ['an unknown product type', body({ productType: 'SEGURO AUTO' }), 'productType', 'allowed_values', 400],
  ])('%s', async (_case, request, field, rule, status) => {
    const response = await share(request);
    expect(response.status).toBe(status);
    expect(await errorsOf(response)).toContainEqual(expect.objectContaining({ field, rule }));
  });

  test('a malformed code on the resolve call is a 400 naming params.code; an unknown one a 404', async () => {
    const malformed = await resolve('abc');
    expect(malformed.status).toBe(400);
    expect(await errorsOf(malformed)).toContainEqual(
      expect.objectContaining({ field: 'params.code', rule: 'format:regex' }),
    );
    const unknown = await resolve('Zz99Zz99Zz');
    expect(unknown.status).toBe(404);
    await errorsOf(unknown);
  });

  test('the resolve call takes no body fields: an empty object is fine, anything else is refused by name', async () => {
    const saved = await json(
      await share(body({ productCode: 'COMP-A', url: '/Comparar/Seguros-de-Salud/Dental' })),
    );
    expect((await resolve(saved.code, {})).status).toBe(200);
    const refused = await resolve(saved.code, { perfil: 'x' });
    expect(refused.status).toBe(400);
    expect(await errorsOf(refused)).toContainEqual(
      expect.objectContaining({ field: 'perfil', rule: 'unknown_field' }),
    );
  });
});
