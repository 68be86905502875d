import express, { Router } from 'express';
import { z } from 'zod';
import { openApiDocument, openApiPath, operationsOf } from '@cubre/platform/http/openApi';
import { validated } from '@cubre/platform/http/validate';

/** Issue 13, published contract: the document is generated from the routes and their zod schemas. */
const ok = async () => {};

interface Tree {
  name: string;
  children: Tree[];
}
const TreeSchema: z.ZodType<Tree> = z.lazy(() =>
  z.strictObject({ name: z.string(), children: z.array(TreeSchema) }),
);

function sampleApp() {
  const app = express();
  const nested = Router();
  nested.post(
    '/things/:thingId',
    validated(
      {
        params: z.strictObject({ thingId: z.string().min(1) }),
        body: z.strictObject({
          amount: z.string().transform(Number),
          when: z.date(),
          odd: z.number().refine((n) => n % 2 === 1),
          blob: z.custom<Buffer>((value) => Buffer.isBuffer(value)),
          tree: TreeSchema,
        }),
      },
      ok,
    ),
  );
  const outer = Router();
  outer.use('/inner', nested);
  app.use('/api/outer', outer);
  app.get('/api/plain', validated({ query: z.strictObject({ q: z.string().optional() }) }, ok));
  app.get('/api/unvalidated', (_req, res) => void res.end());
  app.get('/ops/internal', validated({}, ok));
  return app;
}

describe('the OpenAPI document (issue 13)', () => {
  test('walks nested routers with their mount paths, and leaves out routes with no contract and /ops', () => {
    expect(operationsOf(sampleApp()).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'post /api/outer/inner/things/:thingId',
      'get /api/plain',
    ]);
    expect(openApiPath('/api/:id/coverageOrganization/:orgId/coverages')).toBe(
      '/api/{id}/coverageOrganization/{orgId}/coverages',
    );
  });

  test('transforms, refinements, custom checks, dates and recursive schemas do not stop the generation', () => {
    const document = openApiDocument(sampleApp()) as any;
    expect(document.openapi).toBe('3.1.0');
    const post = document.paths['/api/outer/inner/things/{thingId}'].post;
    expect(post.parameters).toContainEqual({
      name: 'thingId',
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1 },
    });
    const body = post.requestBody.content['application/json'].schema;
    // The input side of a transform: what the client sends.
    expect(body.properties.amount).toEqual({ type: 'string' });
    expect(body.properties.odd).toEqual({ type: 'number' });
    expect(body.required).toEqual(expect.arrayContaining(['amount', 'when', 'odd', 'tree']));
    // The recursive part is a component; its references point into the document, not at a local $defs.
    expect(JSON.stringify(body.properties.tree)).toMatch(/#\/components\/schemas\//);
    const text = JSON.stringify(document);
    expect(text).not.toContain('#/$defs/');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas[name!]).toBeDefined();
    }
  });

  test('every error is a problem+json of the one Problem schema; a query becomes parameters', () => {
    const document = openApiDocument(sampleApp()) as any;
    const get = document.paths['/api/plain'].get;
    expect(get.parameters).toEqual([{ name: 'q', in: 'query', required: false, schema: { type: 'string' } }]);
    expect(get.requestBody).toBeUndefined();
    expect(get.responses['400'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status']);
    expect(document.components.schemas.Problem.properties.errors.items.required).toEqual([
      'field',
      'rule',
      'message',
    ]);
  });
});
