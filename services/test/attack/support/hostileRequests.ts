import fc from 'fast-check';
import {
  fillPath,
  requestsOf,
  wrongTypeFor,
  type AttackRequest,
  type DocumentedOperation,
} from './operations';
import type { JsonSchema } from './schemaArbitrary';

/**
 * The fixed attacks of issue 13, aimed at one operation of the published document: nesting 10,000 deep,
 * wrong types for every field, huge and odd numbers, hostile unicode in every text, a body at and past the
 * size limit, malformed JSON, another media type, bad path parameters, duplicated and unknown query
 * parameters. Each is named, so a failure says which attack on which operation.
 */
export interface NamedAttack {
  name: string;
  request: AttackRequest & { contentType?: string; headers?: Record<string, string> };
  /** The one status the attack must get, where it is certain whatever the operation. */
  expectedStatus?: number;
}

const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
/** Every request header a route reads, with a value it does not expect. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  {
    country: 'ZZ',
    'X-Country': '../../CL',
    'If-Match': 'W/"not-a-revision"',
    'Idempotency-Key': '../../etc/passwd?x=1',
    'Accept-Language': 'zz-ZZ;q=abc, *;q=-1, es;q=1e308',
    Origin: 'null',
    Referer: 'javascript:alert(1)',
    'editable-business-line': '{"$ne":null}',
    'lead-type': 'x'.repeat(2000),
    'x-correlation-id': 'x'.repeat(5000),
    'X-Forwarded-For': 'not-an-address, 999.999.999.999',
  },
  { country: '', 'If-Match': '"9007199254740993"', 'Idempotency-Key': '', 'Accept-Language': '' },
  { country: 'cl', 'If-Match': '*', 'Idempotency-Key': 'a'.repeat(101), Host: 'evil.example:99999' },
];

const BAD_PATH_VALUES = [
  '%',
  '%C0%AF',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  'x'.repeat(3000),
];

/** Rewrites every leaf of a value: numbers, texts, or each top-level field. */
function mapLeaves(value: unknown, leaf: (v: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, leaf));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf)]));
  }
  return leaf(value);
}

/** A body shaped by the schema (the same for a given seed), the base the attacks distort. */
function exampleOf(operation: DocumentedOperation, components: Record<string, JsonSchema>, seed: number) {
  const [request] = fc.sample(requestsOf(operation, components, 0), { seed, numRuns: 1 });
  return request!;
}

export function hostileRequestsOf(
  operation: DocumentedOperation,
  components: Record<string, JsonSchema>,
  options: { seed: number; bodyLimitBytes: number },
): NamedAttack[] {
  const example = exampleOf(operation, components, options.seed);
  const base = { method: operation.method, path: example.path, query: example.query };
  const exampleBody: unknown = example.body === undefined ? {} : JSON.parse(example.body);
  const attacks: NamedAttack[] = [];
  const withBody = (name: string, body: string, expectedStatus?: number, contentType?: string) =>
    attacks.push({
      name,
      request: { ...base, body, ...(contentType ? { contentType } : {}) },
      expectedStatus,
    });

  if (operation.method !== 'GET') {
    withBody('an object nested 10,000 deep', DEEP_OBJECT, 400);
    withBody('an array nested 10,000 deep', DEEP_ARRAY, 400);
    withBody('malformed JSON', '{"a":', 400);
    withBody('a body past the size limit', JSON.stringify({ x: 'x'.repeat(options.bodyLimitBytes) }), 413);
    withBody('a body that is not JSON', 'productCode=x', undefined, 'text/plain');
  }
  const schema = operation.body?.schema;
  if (schema) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    withBody(
      'every field of the wrong type',
      JSON.stringify(
        Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, wrongTypeFor(p)])),
      ),
    );
    const numbersAs = (raw: string) =>
      JSON.stringify(mapLeaves(exampleBody, (v) => (typeof v === 'number' ? '\u0001NUM' : v))).replace(
        /"\\u0001NUM"/g,
        raw,
      );
    withBody('every number 1e308', numbersAs('1e308'));
    withBody('every number past a double (1e999)', numbersAs('1e999'));
    withBody('every number -0', numbersAs('-0'));
    withBody('every number 2^53+1', numbersAs('9007199254740993'));
    withBody(
      'every text hostile unicode (lone surrogate, RTL override, NUL)',
      JSON.stringify(mapLeaves(exampleBody, (v) => (typeof v === 'string' ? '\uD800\u202Eevil\u0000😀' : v))),
    );
    // Just under the limit: the first text field (or a new one) takes the room left.
    const room = options.bodyLimitBytes - (example.body?.length ?? 2) - 64;
    const firstText = Object.keys(properties).find((key) => properties[key]!.type === 'string') ?? 'x';
    const huge =
      exampleBody !== null && typeof exampleBody === 'object' && !Array.isArray(exampleBody)
        ? { ...exampleBody, [firstText]: 'ñ'.repeat(Math.floor(room / 2)) }
        : { [firstText]: 'x'.repeat(room) };
    withBody('a text as long as the body limit allows', JSON.stringify(huge));
  }
  for (const value of operation.pathParameters.length ? BAD_PATH_VALUES : []) {
    const values = Object.fromEntries(operation.pathParameters.map((p) => [p.name, value]));
    attacks.push({
      name: `path parameters ${value.length > 20 ? `${value.slice(0, 8)}…(${value.length})` : value}`,
      request: {
        ...base,
        path: fillPath(operation, values, true),
        ...(example.body ? { body: example.body } : {}),
      },
    });
  }
  const queryBase = { ...base, ...(example.body ? { body: example.body } : {}) };
  HOSTILE_HEADERS.forEach((headers, i) =>
    attacks.push({ name: `hostile headers ${i + 1}`, request: { ...queryBase, headers } }),
  );
  attacks.push({
    name: 'a query parameter repeated',
    request: { ...queryBase, query: [...base.query, ['forceRefresh', '1'], ['forceRefresh', '2']] },
  });
  attacks.push({
    name: 'unknown query parameters (__proto__, constructor)',
    request: { ...queryBase, query: [...base.query, ['__proto__', 'x'], ['constructor', '{}']] },
  });
  return attacks;
}
