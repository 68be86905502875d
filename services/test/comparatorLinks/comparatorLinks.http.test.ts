import { json } from '../support/http';
import { postJson, startTestRuntime, type TestRuntime } from '../support/testRuntime';

let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime({ PUBLIC_ORIGINS: 'https://cubre.cl' });
});
afterAll(async () => {
  await runtime.dispose();
});

const save = (body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${runtime.url}/api/buscarplanes/comparator-url`, body, headers);

async function problemOf(response: Response) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await json(response)) as {
    status: number;
    type: string;
    title: string;
    errors?: { field: string; rule: string; message: string }[];
  };
}

describe('shared comparator links over HTTP', () => {
  test('000-7.24 POST api/buscarplanes/comparator-url saves a comparator URL and answers its short link', async () => {
    const response = await save({ url: 'https://cubre.cl/Comparar/Isapres?page=3&order=lowerPrice' });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body).toEqual({
      link: expect.stringMatching(/^[0-9A-Za-z]{8}$/),
      url: 'https://cubre.cl/Comparar/Isapres?page=3&order=lowerPrice',
      path: '/Comparar/Isapres?page=3&order=lowerPrice',
      shortUrl: `${runtime.url}/url/${body.link}`,
      savedAt: expect.any(String),
    });
    expect(response.headers.get('location')).toBe(`/api/buscarplanes/comparator/url/${body.link}`);
    expect(response.headers.get('etag')).toBe('"0"');
  });

  test('000-7.25 GET api/buscarplanes/comparator/url/{lastSegment} reads it back at once (read-your-writes)', async () => {
    const saved = await json(await save({ url: '/Comparar/Seguros-de-Salud?perfil=eyJhIjoxfQ' }));
    const response = await fetch(`${runtime.url}/api/buscarplanes/comparator/url/${saved.link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"0"');
    expect(await json(response)).toEqual(saved);
  });

  test('000-2.29 the short link /url/{link} takes the visitor to the saved comparator', async () => {
    const saved = await json(
      await save({ url: `${runtime.url}/Comparar/Isapres?code=ABC&skipLanding=true` }),
    );
    const response = await fetch(`${runtime.url}/url/${saved.link}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/Comparar/Isapres?code=ABC&skipLanding=true');
  });

  test('saving the same URL twice answers the same link with 200 and stores one event', async () => {
    const url = 'https://cubre.cl/Comparar/Isapres?page=9';
    const first = await save({ url });
    const second = await save({ url });
    expect([first.status, second.status]).toEqual([201, 200]);
    const [a, b] = [await json(first), await json(second)];
    expect(b).toEqual(a);
    const events = await runtime.engines.eventStore.readStream(`comparatorLink-${a.link}`);
    expect(events).toHaveLength(1);
  });

  test('a retried request with the same Idempotency-Key stores nothing twice', async () => {
    const headers = { 'Idempotency-Key': 'retry-key-0001' };
    const url = '/Comparar/Seguros-Mascotas?page=2';
    const first = await json(await save({ url }, headers));
    const again = await save({ url }, headers);
    expect(again.status).toBe(200);
    expect((await json(again)).link).toBe(first.link);
    expect(await runtime.engines.eventStore.readStream(`comparatorLink-${first.link}`)).toHaveLength(1);
  });

  test('the correlation id of the request travels into the event metadata and back in the response', async () => {
    const response = await save({ url: '/Comparar/Isapres?page=11' }, { 'X-Correlation-Id': 'corr-12345' });
    expect(response.headers.get('x-correlation-id')).toBe('corr-12345');
    const { link } = await json(response);
    const [event] = await runtime.engines.eventStore.readStream(`comparatorLink-${link}`);
    expect(event!.metadata).toMatchObject({
      correlationId: 'corr-12345',
      actor: { kind: 'visitor', id: 'anonymous' },
    });
  });

  test('a path another host could hide in is refused, and never reaches a redirect', async () => {
    for (const url of [
      `${runtime.url}//evil.example/phish`,
      '/.//evil.example/x',
      `${runtime.url}/\\evil.example`,
    ]) {
      const response = await save({ url });
      expect(response.status).toBe(400);
      expect((await json(response)).errors).toContainEqual(
        expect.objectContaining({ field: 'url', rule: 'same_site' }),
      );
    }
  });

  test('an unknown link is a 404 problem, on the API and on /url', async () => {
    const api = await fetch(`${runtime.url}/api/buscarplanes/comparator/url/Zz99Zz99`);
    expect(api.status).toBe(404);
    expect((await problemOf(api)).title).toBe('No encontrado');
    const short = await fetch(`${runtime.url}/url/Zz99Zz99`, { redirect: 'manual' });
    expect(short.status).toBe(404);
    const malformed = await fetch(`${runtime.url}/url/not-a-link!`, { redirect: 'manual' });
    expect(malformed.status).toBe(404);
  });
});

describe('bad input gets a 400 problem naming the field and the rule', () => {
  test.each([
    ['no url', {}, 'url', 'required', 'url es requerido'],
    ['an empty url', { url: '   ' }, 'url', 'min_length', 'url es requerido'],
    ['a url that is not text', { url: 42 }, 'url', 'type:string', 'url debe ser texto'],
    [
      'a url of another site',
      { url: 'https://evil.example/Comparar/Isapres' },
      'url',
      'same_site',
      'url debe ser una dirección de este sitio',
    ],
    [
      'a url over 2,000 characters',
      { url: `/Comparar/Isapres?q=${'x'.repeat(2000)}` },
      'url',
      'max_length',
      'url admite a lo más 2000 caracteres',
    ],
    [
      'an unknown field',
      { url: '/Comparar/Isapres', admin: true },
      'admin',
      'unknown_field',
      'campo no permitido: admin',
    ],
    ['a body that is not an object', [1, 2], 'body', 'type:object', expect.any(String)],
  ])('%s', async (_case, body, field, rule, message) => {
    const response = await save(body);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 400, type: 'https://cubre.cl/problems/validation' });
    expect(problem.errors).toContainEqual({ field, rule, message });
  });

  test('a URL of exactly 2,000 characters is accepted', async () => {
    const url = `/Comparar/Isapres?q=${'y'.repeat(2000 - '/Comparar/Isapres?q='.length)}`;
    expect(url).toHaveLength(2000);
    expect((await save({ url })).status).toBe(201);
  });

  test('malformed JSON is a 400 problem on the body', async () => {
    const response = await save('{"url": "/Comparar",');
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toEqual([
      { field: 'body', rule: 'json', message: 'el cuerpo no es JSON válido' },
    ]);
  });

  test('no body at all is a 400 problem saying the body is required', async () => {
    const response = await fetch(`${runtime.url}/api/buscarplanes/comparator-url`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'body', rule: 'required' }),
    );
  });

  test('a body that is not JSON is a 415 problem', async () => {
    const response = await fetch(`${runtime.url}/api/buscarplanes/comparator-url`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'url=/Comparar',
    });
    expect(response.status).toBe(415);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'Content-Type' }),
    );
  });

  test('a body over the 100 kB limit is a 413 problem stating the limit', async () => {
    const response = await save({ url: 'x'.repeat(150 * 1024) });
    expect(response.status).toBe(413);
    const problem = await problemOf(response);
    expect(problem.errors).toEqual([
      { field: 'body', rule: 'max_bytes', message: 'el cuerpo admite a lo más 102400 bytes' },
    ]);
  });

  test('a malformed link on the read call is a 400 naming params.lastSegment', async () => {
    const response = await fetch(`${runtime.url}/api/buscarplanes/comparator/url/${'a'.repeat(40)}`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'params.lastSegment' }),
    );
  });

  test('an unknown query parameter is refused by name', async () => {
    const response = await fetch(`${runtime.url}/api/buscarplanes/comparator/url/Ab12Cd34?debug=1`);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual({
      field: 'query.debug',
      rule: 'unknown_field',
      message: 'campo no permitido: debug',
    });
  });

  test('a malformed Idempotency-Key is refused by name', async () => {
    const response = await save({ url: '/Comparar/Isapres' }, { 'Idempotency-Key': 'short' });
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors).toContainEqual(
      expect.objectContaining({ field: 'Idempotency-Key', rule: 'format' }),
    );
  });

  test('an unknown route is a 404 problem', async () => {
    const response = await fetch(`${runtime.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    await problemOf(response);
  });

  test('no input reaches a 500: 300 random bodies, headers and paths', async () => {
    const values: unknown[] = [
      null,
      true,
      0,
      -1,
      1e308,
      '',
      'x',
      [],
      {},
      { url: null },
      { url: [] },
      { url: {} },
      { url: '\u0000' },
      { url: '/\t/[' },
      { url: '/\n/a:b' },
      { url: '/\t/%' },
      { url: '/\r/exa mple' },
      { url: '/.//evil.example' },
    ];
    const random = (seed: number) => {
      let x = seed;
      return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    };
    const next = random(42);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const kind = pick(['json', 'raw', 'path']);
      let response: Response;
      if (kind === 'json') {
        const body: Record<string, unknown> = {
          url: pick([...values, `/Comparar/${'%'.repeat(i % 5)}x`, `https://cubre.cl/${i}`]),
        };
        if (next() < 0.3) body[pick(['x', '__proto__', 'constructor', 'url '])] = pick(values);
        response = await save(next() < 0.2 ? pick(values) : body);
      } else if (kind === 'raw') {
        response = await save(
          pick(['{', '}{', '{"url":}', '\u0000', 'null', '"text"', '{"url":"/a"}garbage', '[{]']),
        );
      } else {
        response = await fetch(
          `${runtime.url}${pick(['/url/', '/api/buscarplanes/comparator/url/'])}${pick(['%E0%A4%A', '..%2F..', '%00', 'a'.repeat(300), '😀'])}`,
          {
            redirect: 'manual',
          },
        );
      }
      statuses.add(response.status);
      expect(response.status).toBeLessThan(500);
      await response.arrayBuffer();
    }
    expect([...statuses].every((status) => [200, 201, 400, 404, 413, 415].includes(status))).toBe(true);
  });
});

describe('health, readiness and metrics', () => {
  test('/healthz answers while the process lives and /readyz once projections caught up', async () => {
    expect((await fetch(`${runtime.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${runtime.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({
      status: 'ready',
      checks: { accepting: true, eventStore: true, projections: true, relay: true },
    });
  });

  test('/metrics exposes projection lag and positions in Prometheus text format', async () => {
    await save({ url: '/Comparar/Isapres?metrics=1' });
    const response = await fetch(`${runtime.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^# TYPE cubre_projection_lag_events gauge$/m);
    expect(text).toMatch(/^cubre_projection_lag_events\{projection="comparatorLinks"\} \d+$/m);
    expect(text).toMatch(/^cubre_projection_position\{projection="comparatorLinks"\} [1-9]\d*$/m);
    expect(text).toMatch(/^cubre_event_store_head_position [1-9]\d*$/m);
    expect(text).toMatch(/^cubre_relay_lag_events \d+$/m);
  });
});
