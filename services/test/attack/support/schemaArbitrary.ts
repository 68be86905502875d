import fc, { type Arbitrary } from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the published OpenAPI document (2020-12, as zod writes
 * them): the document, not the zod schemas, drives the attack suite, so what integrators read is what gets
 * fuzzed. With `hostility` > 0 any value may instead be a hostile one (wrong type, huge number, unicode).
 */
export type JsonSchema = Record<string, any>;

/** Numbers JSON can carry that break naive code: the largest double, -0, past 2^53, tiny, negative. */
export const HOSTILE_NUMBERS = [1e308, -1e308, -0, 2 ** 53 + 1, -(2 ** 53) - 1, 5e-324, -1, 0.5, 1e21];
/** Text that breaks naive code: lone surrogates, RTL override, NUL, combining marks, markup, numbers-as-text. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\uD800',
  'a\uDC00b',
  '\u202Eevil\u202C',
  '\u0000',
  'x\u0000y',
  'e\u0301\u0301\u0301',
  '😀👨‍👩‍👧',
  'ﷺ',
  '<script>alert(1)</script>',
  "'; DROP TABLE leads; --",
  '{"$ne":null}',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9007199254740993',
  '__proto__',
  'constructor',
  '../../etc/passwd',
  '%00',
];

export const hostileValue: Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS, ...HOSTILE_STRINGS, null, true, false, [], {}),
  // JSON.parse makes `__proto__` an own key, as a request body's parser does.
  fc.constantFrom<unknown>(
    JSON.parse('{"__proto__":{"polluted":true}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.array(fc.constantFrom<unknown>(null, 1, 'x', {}), { maxLength: 3 }),
);

interface Options {
  /** The document's components, for `$ref`. */
  components: Record<string, JsonSchema>;
  /** Weight of a hostile value against a schema-shaped one, at every node (0: none). */
  hostility: number;
  /** Depth past which objects and arrays stop growing (recursive schemas). */
  maxDepth?: number;
}

export function arbitraryOf(schema: JsonSchema, options: Options, depth = 0): Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, options, depth);
  return options.hostility > 0
    ? fc.oneof({ arbitrary: shaped, weight: 10 }, { arbitrary: hostileValue, weight: options.hostility })
    : shaped;
}

function shapedArbitrary(schema: JsonSchema, options: Options, depth: number): Arbitrary<unknown> {
  const next = (child: JsonSchema) => arbitraryOf(child, options, depth + 1);
  const deep = depth >= (options.maxDepth ?? 6);
  if (schema.$ref) {
    const name = String(schema.$ref).replace('#/components/schemas/', '');
    const target = options.components[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return shapedArbitrary(target, options, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map(next));
  if (Array.isArray(schema.allOf)) return next(Object.assign({}, ...schema.allOf));
  const type = Array.isArray(schema.type) ? fc.constantFrom(...schema.type) : undefined;
  if (type) return type.chain((one) => shapedArbitrary({ ...schema, type: one }, options, depth));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(Number.MIN_SAFE_INTEGER, Math.ceil(schema.minimum ?? -1e9)),
        max: Math.min(Number.MAX_SAFE_INTEGER, Math.floor(schema.maximum ?? 1e9)),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e12,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...schema.prefixItems.map(next));
      const minLength = schema.minItems ?? 0;
      const maxLength = deep ? minLength : Math.min(schema.maxItems ?? 4, minLength + 4);
      return fc.array(next(schema.items ?? {}), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, next, deep);
    default:
      // Unrepresentable in JSON Schema (a transform's input, a custom check): any JSON value.
      return deep ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema): Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 60);
  if (schema.format === 'email') return fc.emailAddress().filter((email) => email.length <= maxLength);
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') {
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (typeof schema.pattern === 'string') {
    // The pattern's own strings, cut to the length limits (a cut one may fail the pattern: a 400, fine).
    // fast-check reads no lookahead: such a pattern gets plain strings.
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .map((text) => text.slice(0, maxLength).padEnd(minLength, 'a'));
    } catch {
      return fc.string({ minLength, maxLength });
    }
  }
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function objectArbitrary(
  schema: JsonSchema,
  next: (child: JsonSchema) => Arbitrary<unknown>,
  deep: boolean,
): Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set<string>(schema.required ?? []);
  const keys = Object.keys(properties).filter((key) => !deep || required.has(key));
  const record = fc.record(Object.fromEntries(keys.map((key) => [key, next(properties[key]!)])), {
    requiredKeys: keys.filter((key) => required.has(key)),
  });
  const extra = schema.additionalProperties;
  if (!extra || deep || Object.keys(properties).length > 0) return record;
  // A dictionary (z.record): a few keys of its own.
  const keyArbitrary = schema.propertyNames
    ? (stringArbitrary(schema.propertyNames) as Arbitrary<string>)
    : fc.string({ minLength: 1, maxLength: 12 });
  return fc.dictionary(keyArbitrary, next(extra === true ? {} : extra), { maxKeys: 3 });
}
