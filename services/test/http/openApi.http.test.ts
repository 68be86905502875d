import { Router, type Application } from 'express';
import { request } from 'node:http';
import { json } from '../support/http';
import { startTestRuntime, type TestRuntime } from '../support/testRuntime';

/**
 * Issue 13, published contract: GET /api/openapi.json documents every public and admin operation of the
 * running app. The app is caught through a module of its own to list its routes independently of the
 * generator: a route added without a contract fails here.
 */
let runtime: TestRuntime;
let app: Application | undefined;
let document: any;
beforeAll(async () => {
  runtime = await startTestRuntime(
    {},
    {
      extraModules: [
        {
          name: 'catchApp',
          routes: () =>
            Router().use((req, _res, next) => {
              app ??= req.app;
              next();
            }),
        },
      ],
    },
  );
  // Through every module, so the catching one sees the app.
  await (await fetch(`${runtime.url}/api/no-such-operation`)).arrayBuffer();
  const response = await fetch(`${runtime.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  document = await json(response);
});
afterAll(async () => {
  await runtime.dispose();
});

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}
/** Every method and path the app routes (all its routers are mounted at the root). */
function routesOf(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return paths
        .filter((path): path is string => typeof path === 'string')
        .flatMap((path) => Object.keys(layer.route!.methods).map((method) => `${method} ${path}`));
    }
    return layer.handle?.stack ? routesOf(layer.handle.stack) : [];
  });
}

const documented = () =>
  Object.entries<Record<string, any>>(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );

describe('GET /api/openapi.json (issue 13)', () => {
  test('is an OpenAPI 3.1 document with bearer auth on every admin operation and none on public ones', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
      for (const operation of Object.values(methods)) {
        expect([path, operation.security]).toEqual([
          path,
          path.startsWith('/api/admin') ? [{ bearerAuth: [] }] : undefined,
        ]);
      }
    }
    expect(documented()).toEqual(
      expect.arrayContaining([
        'post /token',
        'get /api/openapi.json',
        'post /api/insurance/compare/metadata',
        'post /api/solicitarplans',
        'get /url/{link}',
        'get /api/admin/users',
        'put /api/admin/users/{id}',
        'get /api/admin/leads/{id}',
      ]),
    );
    expect(documented().filter((operation) => operation.includes(' /ops'))).toEqual([]);
  });

  test('every route under /api, /token and /url is documented, but the 405 answers of read-only resources', async () => {
    expect(app).toBeDefined();
    const published = new Set(documented());
    const toTemplate = (path: string) => path.replace(/[:*](\w+)/g, '{$1}');
    const missing = routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack)
      .filter((route) => / \/(api\/|token|url\/)/.test(route))
      .filter((route) => {
        const [method, path] = route.split(' ');
        return !published.has(`${method} ${toTemplate(path!)}`);
      });
    const { token } = await json(
      await fetch(`${runtime.url}/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.cl', password: 'Demo.2026!' }),
      }),
    );
    // The refusals of users, roles, permissions, organizations and the audit (POST/PUT/PATCH/DELETE).
    expect(missing.length).toBeGreaterThan(10);
    for (const route of missing) {
      const [method, path] = route.split(' ');
      const response = await fetch(`${runtime.url}${path!.replace(/:\w+/g, 'x')}`, {
        method: method!.toUpperCase(),
        headers: { Authorization: `Bearer ${token}` },
      });
      expect([route, response.status]).toEqual([route, 405]);
      await response.arrayBuffer();
    }
  });

  test('every operation has its request schemas: each parameter a schema, each body a JSON schema', () => {
    for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        expect(Array.isArray(operation.parameters)).toBe(true);
        for (const parameter of operation.parameters) expect(typeof parameter.schema).toBe('object');
        const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(operation.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name)).toEqual(
          names,
        );
        if (operation.requestBody) {
          expect(typeof operation.requestBody.content['application/json'].schema).toBe('object');
        }
        expect([method, path, operation.responses]).toEqual([
          method,
          path,
          expect.objectContaining({ '400': expect.anything(), default: expect.anything() }),
        ]);
        // A success: the answer's schema where schemas/ publishes it (issue 12), else the generic 2XX.
        expect([method, path, Object.keys(operation.responses).filter((s) => s.startsWith('2'))]).toEqual([
          method,
          path,
          [operation.responses['200'] ? '200' : '2XX'],
        ]);
      }
    }
  });

  test('every error response is application/problem+json of the one Problem schema, and every $ref resolves', () => {
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas).toHaveProperty([name!]);
    }
    expect(text).not.toContain('"$ref":"#/$defs');
    for (const methods of Object.values<Record<string, any>>(document.paths)) {
      for (const operation of Object.values<any>(methods)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (status.startsWith('2')) continue;
          expect(response.content).toEqual({
            'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
          });
        }
      }
    }
  });

  test('issue 12 calculatePrice and the coverage resume document their 200 answers from schemas/: the breakdown is one of two shapes told by kind', () => {
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema;
    const answerOf = (path: string, method: string) =>
      resolve(document.paths[path][method].responses['200'].content['application/json'].schema);
    for (const method of ['post', 'get']) {
      const data = resolve(answerOf('/api/insurance/{id}/calculatePrice', method).properties.data);
      const breakdown = resolve(data.properties.breakdown);
      const options = (breakdown.oneOf ?? breakdown.anyOf).map(resolve);
      expect(options.map((option: any) => option.properties.kind.const).sort()).toEqual([
        'isaprePlan',
        'product',
      ]);
      expect(data.required).toEqual(expect.arrayContaining(['price', 'breakdown', 'lines']));
    }
    const resume = resolve(answerOf('/api/insurance/coverages/{id}/resume', 'get').properties.data);
    expect(resume.required).toEqual(
      expect.arrayContaining([
        'productCode',
        'count',
        'tags',
        'commonCoverage',
        'summary',
        'coverageRequirement',
      ]),
    );
    // An operation without a published answer keeps the generic success.
    expect(Object.keys(document.paths['/api/insurance/{id}/faq'].get.responses)).toContain('2XX');
  });

  test('a client holding the document revalidates it with its ETag (304)', async () => {
    const first = await fetch(`${runtime.url}/api/openapi.json`);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for a 200.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      request(`${runtime.url}/api/openapi.json`, { headers: { 'If-None-Match': etag } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(304);
  });
});
