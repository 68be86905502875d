import fc, { type Arbitrary } from 'fast-check';
import { arbitraryOf, type JsonSchema } from './schemaArbitrary';

/** One operation of the published document, as the attack suite calls it. */
export interface DocumentedOperation {
  method: string;
  /** OpenAPI template: `/api/insurance/{id}/faq`. */
  path: string;
  admin: boolean;
  pathParameters: { name: string; schema: JsonSchema }[];
  queryParameters: { name: string; required: boolean; schema: JsonSchema }[];
  body?: { required: boolean; schema: JsonSchema };
}

/** A request as sent: path already filled in and encoded, body as JSON text (or none). */
export interface AttackRequest {
  method: string;
  path: string;
  query: [string, string][];
  body?: string;
}

export function operationsOfDocument(document: any): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const parameters = (operation.parameters ?? []) as any[];
      const body = operation.requestBody?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        admin: Array.isArray(operation.security) && operation.security.length > 0,
        pathParameters: parameters.filter((p) => p.in === 'path'),
        queryParameters: parameters.filter((p) => p.in === 'query'),
        ...(body ? { body: { required: operation.requestBody.required === true, schema: body.schema } } : {}),
      });
    }
  }
  return operations;
}

/** Percent-encodes every UTF-8 byte that is not unreserved; a lone surrogate becomes U+FFFD, as a browser sends it. */
export const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A query or path value: text as is, anything else as JSON (a list query's `range` is JSON text). */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

export const fillPath = (operation: DocumentedOperation, values: Record<string, string>, raw = false) =>
  operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name] ?? 'x';
    return raw ? value : encode(value) || '%20';
  });

/**
 * Requests generated from the operation's schemas: path parameters, query parameters and body, each value
 * hostile at `hostility` odds (0: shaped by the schemas only).
 */
export function requestsOf(
  operation: DocumentedOperation,
  components: Record<string, JsonSchema>,
  hostility: number,
): Arbitrary<AttackRequest> {
  const of = (schema: JsonSchema) => arbitraryOf(schema, { components, hostility });
  const path = fc.record(
    Object.fromEntries(operation.pathParameters.map((p) => [p.name, of(p.schema).map(asText)])),
  );
  const query = fc.record(
    Object.fromEntries(operation.queryParameters.map((p) => [p.name, of(p.schema).map(asText)])),
    { requiredKeys: operation.queryParameters.filter((p) => p.required).map((p) => p.name) },
  );
  const body = operation.body
    ? operation.body.required
      ? of(operation.body.schema).map((value) => JSON.stringify(value))
      : fc.option(
          of(operation.body.schema).map((value) => JSON.stringify(value)),
          { nil: undefined },
        )
    : fc.constant(undefined);
  return fc.record({ path, query, body }).map(({ path: values, query: queryValues, body: text }) => ({
    method: operation.method,
    path: fillPath(operation, values as Record<string, string>),
    query: Object.entries(queryValues as Record<string, string>),
    ...(text === undefined ? {} : { body: text }),
  }));
}

/** One value of each JSON type but the schema's own: "wrong type" for a field. */
export function wrongTypeFor(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return 12345;
    case 'number':
    case 'integer':
      return 'NaN';
    case 'boolean':
      return 'true';
    case 'array':
      return { length: 1, 0: 'x' };
    case 'object':
      return ['x'];
    default:
      return [[[{}]]];
  }
}
