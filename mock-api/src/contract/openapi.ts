/**
 * The OpenAPI 3.1 document of the whole API, generated from the route table (./routes.ts) and
 * the shapes (./schemas.ts): every call with its parameters, body and answer schemas, who may
 * call it, its rate-limit group and whether it is idempotent (as `x-` fields). Both backends
 * serve it at GET /api/v2/openapi.json; v1 is tagged as the spec's API (SPEC §7).
 * mock-api/test/openapi.test.ts checks it with an OpenAPI validator.
 */
import type { TSchema } from '@sinclair/typebox';
import { ALL_ROUTES, type RouteRow } from './routes';
import { NAMED_SCHEMAS } from './schemas';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A schema as plain JSON, named shapes inside it as `$ref`s to the components (`top`: keep its own fields). */
function plain(schema: TSchema, top = false): Json {
  const walk = (value: unknown, isTop: boolean): Json => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (value === null || typeof value !== 'object') return value as Json;
    const object = value as Record<string, unknown>;
    if (!isTop && typeof object.$id === 'string') return { $ref: `#/components/schemas/${object.$id}` };
    const out: { [key: string]: Json } = {};
    for (const [key, field] of Object.entries(object)) if (key !== '$id' && field !== undefined) out[key] = walk(field, false);
    return out;
  };
  return walk(schema, top);
}

const ERROR_ANSWER: Json = {
  description: 'Refused: the messages say why (SPEC).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

function operation(api: 'v1' | 'v2', name: string, row: RouteRow): { [key: string]: Json } {
  const parameters: Json[] = [];
  for (const [where, schema] of [
    ['path', row.params],
    ['query', row.query],
  ] as const) {
    if (!schema) continue;
    const required = new Set(schema.required ?? []);
    for (const [field, fieldSchema] of Object.entries(schema.properties as Record<string, TSchema>))
      parameters.push({ name: field, in: where, required: where === 'path' || required.has(field), schema: plain(fieldSchema) });
  }
  const content: Json = row.stream
    ? { 'text/event-stream': { schema: plain(row.answer) } }
    : { 'application/json': { schema: plain(row.answer) } };
  return {
    operationId: `${api}_${name}`,
    summary: row.summary,
    tags: [api],
    ...(parameters.length ? { parameters } : {}),
    ...(row.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(row.body) } } } } : {}),
    responses: { [String(row.status)]: { description: 'Done.', content }, default: ERROR_ANSWER },
    // A token is optional where anyone may call (it adds the viewer's own fields).
    security: row.access === 'anyone' ? [{}, { bearer: [] }] : [{ bearer: [] }],
    'x-access': row.access,
    'x-budget': row.budget,
    ...(row.idempotent ? { 'x-idempotent': row.idempotent } : {}),
    ...(row.confirmsPassword ? { 'x-confirms-password': true } : {}),
    ...(row.operation ? { 'x-core-operation': row.operation } : {}),
  };
}

let built: { [key: string]: Json } | undefined;

/** The document (built once: it never changes while a backend runs). */
export function openApiDocument(): { [key: string]: Json } {
  if (built) return built;
  const paths: { [path: string]: { [method: string]: Json } } = {};
  for (const { api, name, url, row } of ALL_ROUTES) {
    const path = url.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[row.method.toLowerCase()] = operation(api, name, row);
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Orbit API',
      version: '2.0.0',
      description:
        "v1 is the spec's API (SPEC §7), kept as it is for clients written against it; v2 is the product's own (paged, entity-level).",
    },
    servers: [{ url: '/api' }],
    tags: [
      { name: 'v1', description: "The spec's API (SPEC §7): every write answers every post." },
      { name: 'v2', description: "The product's API: paged lists, answers of what changed." },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(NAMED_SCHEMAS.map((schema) => [schema.$id!, plain(schema, true)])),
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: "The login's encodedToken." } },
    },
  };
  return built;
}
