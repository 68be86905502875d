import { Problem, PROBLEM_CONTENT_TYPE } from '@cubre/schemas/problem';
import type { Application, RequestHandler } from 'express';
import { z } from 'zod';
import { contractOf, validated, type RouteContract } from './validate';

/**
 * The published contract (issue 13): an OpenAPI 3.1 document generated from the app's own routes and the
 * zod schemas `validated` judges requests with, so the document cannot drift from what the API accepts.
 * Decisions: services/README.md, "Published contract".
 */

type JsonSchema = Record<string, unknown>;

export interface Operation {
  method: string;
  /** Express syntax: `/api/insurance/:id/faq`. */
  path: string;
  contract: RouteContract;
}

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: RouterLayer[] };
  rawPath?: unknown;
  slash?: boolean;
}

/** /ops is the operators' (loopback or OPS_TOKEN), not a partner's: left out of the published contract. */
const published = (path: string) => !path.startsWith('/ops/') && path !== '/ops';

/**
 * Every route whose handler carries a `validated` contract, with its full path: routers nested with
 * `use(path, router)` add their mount path. A route without a contract (the storefront's pages, the
 * probes, the 405 refusals of read-only resources) is not an operation of the API.
 */
export function operationsOf(app: Application): Operation[] {
  const operations: Operation[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const handlers = layer.route.stack;
        const contract = contractOf(handlers[handlers.length - 1]?.handle);
        if (!contract) continue;
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          if (typeof path !== 'string') continue;
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') continue;
            operations.push({ method, path: joinPath(prefix, path), contract });
          }
        }
      } else if (layer.handle?.stack) {
        if (!layer.slash && typeof layer.rawPath !== 'string') {
          throw new Error('openApi: a router mounted at a pattern that is not a string cannot be documented');
        }
        walk(layer.handle.stack, layer.slash ? prefix : joinPath(prefix, layer.rawPath as string));
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '');
  return operations.filter((operation) => published(operation.path));
}

const joinPath = (prefix: string, path: string) =>
  prefix === '' || prefix === '/' ? path : `${prefix.replace(/\/$/, '')}${path === '/' ? '' : path}`;

/** Express `:id` and `*rest` become OpenAPI `{id}` and `{rest}`. */
export const openApiPath = (path: string) => path.replace(/[:*]([A-Za-z0-9_]+)/g, '{$1}');
const pathNamesOf = (path: string) => [...path.matchAll(/[:*]([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * Schemas shared under `#/components/schemas`: a zod schema's `$defs` (its `meta({ id })` parts and its
 * recursive parts) move there, and their local `#/$defs/…` references with them, so a reference means the
 * same thing wherever the schema is embedded in the document.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // A transform, a custom check or a date is documented as "any value" rather than failing the document:
      // the server still judges it with the real schema.
      unrepresentable: 'any',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const renamed = new Map<string, string>();
    for (const name of Object.keys(defs)) renamed.set(name, this.nameFor(name, defs[name]!));
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      const out: JsonSchema = {};
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
          out.$ref = `#/components/schemas/${renamed.get(child.slice('#/$defs/'.length)) ?? child}`;
        } else out[key] = rewrite(child);
      }
      return Array.isArray(out.anyOf) ? withoutRepeats(out) : out;
    };
    for (const [name, def] of Object.entries(defs))
      this.schemas[renamed.get(name)!] = rewrite(def) as JsonSchema;
    return rewrite(json) as JsonSchema;
  }

  /** A `meta({ id })` name is kept; zod's generated names (`__schema0`) and clashing ones get a new one. */
  private nameFor(name: string, def: JsonSchema): string {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^_+/, '') || 'Schema';
    const existing = this.schemas[base];
    if (!name.startsWith('__schema') && (!existing || JSON.stringify(existing) === JSON.stringify(def))) {
      return base;
    }
    let i = 1;
    while (this.schemas[`${base}${i}`]) i++;
    return `${base}${i}`;
  }
}

/** `anyOf` of identical alternatives (editions whose bodies agree) is said once. */
function withoutRepeats(schema: JsonSchema): JsonSchema {
  const seen = new Map<string, unknown>();
  for (const option of schema.anyOf as unknown[]) seen.set(JSON.stringify(option), option);
  if (seen.size > 1) return { ...schema, anyOf: [...seen.values()] };
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...rest, ...(seen.values().next().value as JsonSchema) };
}

/** The properties of an object schema, as OpenAPI parameters of one location. */
function parametersOf(
  schema: JsonSchema,
  location: 'query' | 'path',
): { name: string; in: string; required: boolean; schema: JsonSchema }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const problemResponse = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
});

/** The problems every operation may answer, and those of bodies and of the console's routes. */
function responsesOf(operation: Operation, admin: boolean, components: SchemaComponents) {
  const { response } = operation.contract;
  return {
    ...(response
      ? {
          '200': {
            description: 'Éxito',
            // As input: an object schema without `additionalProperties: false`, since a client must take
            // fields added later; the answers' schemas have no transforms, so input and output agree.
            content: { 'application/json': { schema: components.convert(response) } },
          },
        }
      : { '2XX': { description: 'Éxito: JSON (o una redirección, en /url/{link})' } }),
    '400': problemResponse('Solicitud inválida: errors nombra cada campo y regla'),
    ...(admin
      ? {
          '401': problemResponse('Sin token o token inválido o expirado'),
          '403': problemResponse('Sin el permiso que la operación requiere'),
        }
      : {}),
    '404': problemResponse('No encontrado'),
    ...(operation.contract.body
      ? {
          '413': problemResponse('Cuerpo más grande que el límite (BODY_LIMIT_BYTES)'),
          '415': problemResponse('El cuerpo no es application/json'),
        }
      : {}),
    '503': problemResponse('Servicio reiniciándose: reintentar tras Retry-After'),
    default: problemResponse('Cualquier otro problema (409 conflicto, 412 If-Match, 429 límite…)'),
  };
}

/** Operation ids from the method and path: `get_api_insurance_id_faq`. */
const operationIdOf = (operation: Operation) =>
  `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+/g, '_')}`.replace(/_+$/, '');

export function openApiDocument(app: Application): JsonSchema {
  const components = new SchemaComponents();
  components.schemas.Problem = components.convert(Problem, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operationsOf(app)) {
    const { contract } = operation;
    const admin = operation.path.startsWith('/api/admin');
    const pathParameters = parametersOf(components.convert(contract.params), 'path');
    // A name in the path the params schema does not declare is still a path parameter (a text).
    for (const name of pathNamesOf(operation.path)) {
      if (!pathParameters.some((parameter) => parameter.name === name)) {
        pathParameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
      }
    }
    const body = contract.body && {
      required: !contract.body.safeParse(undefined).success,
      content: { 'application/json': { schema: components.convert(contract.body) } },
    };
    (paths[openApiPath(operation.path)] ??= {})[operation.method] = {
      operationId: operationIdOf(operation),
      tags: [admin ? 'admin' : 'public'],
      ...(admin ? { security: [{ bearerAuth: [] }] } : {}),
      parameters: [...pathParameters, ...parametersOf(components.convert(contract.query), 'query')],
      ...(body ? { requestBody: body } : {}),
      responses: responsesOf(operation, admin, components),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cubre API',
      version: '1',
      description:
        'Operaciones públicas (sitio, comparador, solicitudes) y del back-office (/api/admin, con el token ' +
        'de POST /token). Todo error es application/problem+json con errors[{field, rule, message}].',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [
      { name: 'public', description: 'El sitio y sus integradores' },
      { name: 'admin', description: 'El back-office: Authorization: Bearer <token de POST /token>' },
    ],
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

/**
 * GET /api/openapi.json: the document of the app serving the request, built on the first call (every
 * route is registered by then) and kept: the routes never change while the process runs.
 */
export function openApiRoute(): RequestHandler {
  let document: string | undefined;
  return validated({}, async (_input, req, res) => {
    document ??= JSON.stringify(openApiDocument(req.app));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(document);
  });
}
