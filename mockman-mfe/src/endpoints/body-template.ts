/**
 * A request body template from a JSON Schema (OpenAPI 3.1's dialect): the value a caller would
 * start editing from. Written here rather than taken from a sampler library: openapi-sampler
 * brings an XML parser along, and the tester needs only this much.
 *
 * What it writes, first rule that applies: `const`, the schema's first `examples` entry (or
 * `example`, `default`), the first `enum` value; then by type: a string fitting its `format` and
 * length limits, a number within its bounds, `true`, `null`, an array of one item (or
 * `minItems`), an object with its required properties (every property when none is required),
 * never a `readOnly` one. `$ref` (any `#/` pointer into the document), `allOf` (merged),
 * `oneOf`/`anyOf` (the first choice that is not null) and 3.1 type lists are followed; a schema
 * that refers back to itself stops there.
 */

export type Schema = Record<string, unknown>;

/** Example strings by `format`: values the API's own checks accept (a valid address, a future-proof date). */
const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'member@example.org',
  'idn-email': 'member@example.org',
  'date-time': '2026-01-01T12:00:00.000Z',
  date: '2026-01-01',
  time: '12:00:00Z',
  uri: 'https://example.org/',
  url: 'https://example.org/',
  'uri-reference': '/api/posts',
  iri: 'https://example.org/',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.org',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  password: 'password1',
  byte: 'aGVsbG8=',
  binary: '',
};

/** Deeper than any request body of the API; a guard for schemas that nest without end. */
const MAX_DEPTH = 12;

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

/** Resolves a local JSON pointer (`#/components/schemas/Post`) in the document, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const parts = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = document;
  for (const part of parts) {
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function firstType(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return (type.find((t) => t !== 'null') ?? type[0]) as string | undefined;
  if (isSchema(schema.properties) || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return 'array';
  return undefined;
}

function sampleString(schema: Schema): string {
  const format = typeof schema.format === 'string' ? schema.format : '';
  let text = FORMAT_EXAMPLES[format] ?? 'string';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (text.length < min) text = text.repeat(Math.ceil(min / text.length)).slice(0, min);
  if (text.length > max) text = text.slice(0, max);
  return text;
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const num = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const step = integer ? 1 : 0.5;
  const exclusiveMin = num('exclusiveMinimum');
  const exclusiveMax = num('exclusiveMaximum');
  let value = num('minimum') ?? (exclusiveMin !== undefined ? exclusiveMin + step : undefined) ?? 0;
  const max = num('maximum') ?? (exclusiveMax !== undefined ? exclusiveMax - step : undefined);
  if (max !== undefined && value > max) value = max;
  const multipleOf = num('multipleOf');
  if (multipleOf && multipleOf > 0) value = Math.ceil(value / multipleOf) * multipleOf;
  return integer ? Math.ceil(value) : value;
}

function merge(parts: unknown[]): unknown {
  const defined = parts.filter((part) => part !== undefined);
  if (defined.length > 0 && defined.every(isSchema)) return Object.assign({}, ...defined);
  return defined[defined.length - 1];
}

interface Walk {
  document: unknown;
  /** The `$ref`s being expanded, outermost first: one seen again is a cycle. */
  refs: string[];
  depth: number;
}

function sample(node: unknown, walk: Walk): unknown {
  if (!isSchema(node) || walk.depth > MAX_DEPTH) return undefined;
  const schema = node;
  const inner = (child: unknown, refs = walk.refs) => sample(child, { document: walk.document, refs, depth: walk.depth + 1 });

  if (typeof schema.$ref === 'string') {
    if (walk.refs.includes(schema.$ref)) return undefined;
    const target = resolvePointer(walk.document, schema.$ref);
    // 3.1 lets keywords stand beside $ref (a description, an example): those of the referring schema win.
    const { $ref, ...beside } = schema;
    return inner(isSchema(target) ? { ...target, ...beside } : beside, [...walk.refs, $ref]);
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    return merge([...allOf.map((part) => inner(part)), Object.keys(rest).length > 0 ? inner(rest) : undefined]);
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const choices = schema[key];
    if (!Array.isArray(choices) || choices.length === 0) continue;
    const choice = choices.find((c) => !(isSchema(c) && c.type === 'null')) ?? choices[0];
    const { [key]: _choices, ...rest } = schema;
    return merge([Object.keys(rest).length > 0 ? inner(rest) : undefined, inner(choice)]);
  }

  switch (firstType(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return schema.prefixItems.map((item) => inner(item) ?? null);
      const item = inner(schema.items);
      if (item === undefined) return [];
      const count = Math.min(Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1), 3);
      return Array.from({ length: count }, () => item);
    }
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
      const names = required.length > 0 ? required : Object.keys(properties);
      const value: Record<string, unknown> = {};
      for (const name of names) {
        const property = properties[name];
        if (isSchema(property) && property.readOnly === true) continue;
        const example = property === undefined ? null : inner(property);
        if (example !== undefined) value[name] = example;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** The example value for `schema` (resolving `$ref`s in `document`); `{}` when nothing can be said. */
export function exampleFor(schema: unknown, document: unknown): unknown {
  const value = sample(schema, { document, refs: [], depth: 0 });
  return value === undefined ? {} : value;
}

/** The body text area's template: the example as pretty JSON (2 spaces). */
export function bodyTemplate(schema: unknown, document: unknown): string {
  return JSON.stringify(exampleFor(schema, document), null, 2);
}
