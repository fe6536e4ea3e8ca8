/** The body template and the description reader (src/endpoints/), on the fixture and on small schemas. */
import { bodyTemplate, exampleFor } from '../src/endpoints/body-template';
import { endpointFor, readApiDescription, suggestEndpoints } from '../src/endpoints/openapi';
import fixture from './fixtures/openapi.json';

const sample = (schema: unknown, document: unknown = {}) => exampleFor(schema, document);

test('strings follow their format, length limits, enum, const and the schema’s own example', () => {
  expect(sample({ type: 'string', format: 'email' })).toBe('member@example.org');
  expect(sample({ type: 'string', format: 'date-time' })).toBe('2026-01-01T12:00:00.000Z');
  expect(sample({ type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f-]{36}$/);
  expect(sample({ type: 'string', minLength: 10 })).toHaveLength(10);
  expect(sample({ type: 'string', maxLength: 3 })).toBe('str');
  expect(sample({ type: 'string', format: 'password', minLength: 8, maxLength: 20 })).toBe('password1');
  expect(sample({ type: 'string', enum: ['latest', 'trending'] })).toBe('latest');
  expect(sample({ const: 'v1' })).toBe('v1');
  expect(sample({ type: 'string', examples: ['Hello #orbit'] })).toBe('Hello #orbit');
  expect(sample({ type: 'integer', default: 20 })).toBe(20);
});

test('numbers stay within their bounds; 3.1 type lists take the first type that is not null', () => {
  expect(sample({ type: 'integer', minimum: 1, maximum: 50 })).toBe(1);
  expect(sample({ type: 'integer', exclusiveMinimum: 0 })).toBe(1);
  expect(sample({ type: 'number', maximum: -2 })).toBe(-2);
  expect(sample({ type: 'integer', minimum: 3, multipleOf: 5 })).toBe(5);
  expect(sample({ type: ['null', 'string'] })).toBe('string');
  expect(sample({ type: 'boolean' })).toBe(true);
  expect(sample({ type: 'null' })).toBeNull();
});

test('objects keep their required properties (all of them when none is), never a readOnly one', () => {
  const schema = {
    type: 'object',
    required: ['content', 'id'],
    properties: { content: { type: 'string' }, pic: { type: 'string' }, id: { type: 'string', readOnly: true } },
  };
  expect(sample(schema)).toEqual({ content: 'string' });
  expect(sample({ type: 'object', properties: { bio: { type: 'string' }, open: { type: 'boolean' } } })).toEqual({
    bio: 'string',
    open: true,
  });
  expect(sample({ type: 'object', additionalProperties: { type: 'string' } })).toEqual({});
  expect(sample({ type: 'array', items: { type: 'integer' }, minItems: 2 })).toEqual([0, 0]);
  expect(sample({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] })).toEqual(['string', 0]);
});

test('$ref, allOf, oneOf and a schema that refers to itself', () => {
  const document = {
    components: {
      schemas: {
        Node: {
          type: 'object',
          required: ['name', 'children'],
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
        'a/b': { type: 'integer', minimum: 7 },
      },
    },
  };
  expect(sample({ $ref: '#/components/schemas/Node' }, document)).toEqual({ name: 'string', children: [] });
  expect(sample({ $ref: '#/components/schemas/a~1b' }, document)).toBe(7);
  expect(sample({ $ref: '#/components/schemas/Missing' }, document)).toEqual({});
  expect(
    sample({
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
        { type: 'object', required: ['b'], properties: { b: { type: 'integer' } } },
      ],
    }),
  ).toEqual({ a: 'string', b: 0 });
  expect(sample({ oneOf: [{ type: 'null' }, { type: 'string', format: 'uri' }] })).toBe('https://example.org/');
  expect(bodyTemplate({ type: 'object', required: ['a'], properties: { a: { type: 'string' } } }, {})).toBe('{\n  "a": "string"\n}');
  expect(bodyTemplate(undefined, {})).toBe('{}');
});

test('the fixture reads into sendable endpoints with their groups, full paths and body schemas', () => {
  const description = readApiDescription(fixture)!;
  expect(description.title).toBe('Orbit API');
  expect(description.groups.map((group) => group.label)).toEqual(['Sign-in', 'Me', 'Posts', 'Members', 'Safety', "v1 (the spec's API)"]);
  const login = description.endpoints.find((endpoint) => endpoint.key === 'POST /api/v2/auth/login')!;
  // A request body given as a $ref to components.requestBodies.
  expect(bodyTemplate(login.bodySchema, description.document)).toBe(
    JSON.stringify({ username: 'member@example.org', password: 'password1' }, null, 2),
  );
  expect(description.endpoints.find((endpoint) => endpoint.key === 'GET /api/test-todos')).toMatchObject({ group: 'v1', bodySchema: null });
  expect(description.endpoints).toHaveLength(22);
});

test('servers add their path; methods the tester cannot send and malformed entries are left out', () => {
  const description = readApiDescription({
    openapi: '3.1.0',
    servers: [{ url: 'https://api.example.org/api/' }],
    paths: {
      '/v2/me': { get: { summary: 'Me' }, patch: { summary: 'Not sendable here' }, put: {} },
      'no-slash': { get: {} },
      '/v2/broken': 'not an object',
      '/v2/old': { delete: { operationId: 'old', deprecated: true, tags: [7, 'legacy'] } },
    },
  })!;
  expect(description.endpoints.map((endpoint) => endpoint.key)).toEqual(['GET /api/v2/me', 'DELETE /api/v2/old']);
  expect(description.endpoints[1]).toMatchObject({ summary: 'old', deprecated: true, group: 'legacy' });
  expect(description.groups).toEqual([
    { name: 'Other', label: 'Other' },
    { name: 'legacy', label: 'legacy' },
  ]);
  expect(readApiDescription({ swagger: '2.0', paths: {} })).toBeNull();
  expect(readApiDescription('<html>')).toBeNull();
});

test('suggestions follow what is typed; a chosen one keeps the ids typed for its placeholders', () => {
  const description = readApiDescription(fixture)!;
  const keys = (typed: string) => suggestEndpoints(description, typed).map((endpoint) => endpoint.key);
  expect(keys('/API/V2/ME')).toEqual([
    'GET /api/v2/me',
    'POST /api/v2/me',
    'POST /api/v2/me/delete',
    'GET /api/v2/members/{memberId}',
    'POST /api/v2/members/follow/{memberId}',
  ]);
  expect(keys('/api/v2/me/')).toEqual(['POST /api/v2/me/delete']);
  expect(keys('/api/v2/members/m1')).toEqual(['GET /api/v2/members/{memberId}']);
  expect(keys('http://example.org/')).toHaveLength(description.endpoints.length);
  expect(endpointFor('/api/v2/posts/{postId}/likers', '/api/v2/posts/p01/li')).toBe('/api/v2/posts/p01/likers');
  expect(endpointFor('/api/v2/posts/{postId}', '/api/v2/posts/p01')).toBe('/api/v2/posts/p01');
  expect(endpointFor('/api/v2/posts/{postId}', '/api/v2/posts/')).toBe('/api/v2/posts/{postId}');
  expect(endpointFor('/api/v2/posts/{postId}/likers', '/likers')).toBe('/api/v2/posts/{postId}/likers');
});
