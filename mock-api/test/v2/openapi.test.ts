/**
 * GET /api/v2/openapi.json on both backends: an OpenAPI 3.1 document a validator accepts, with
 * every v1 and v2 call of the route table, each with its request and answer schemas; the
 * answers the backend gives match those schemas.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { V1_ROUTES } from '../../src/contract';
import { V2_ROUTES } from '../../src/contract-v2';
import { V2_TABLE } from '../../src/contract/routes';
import { anonymous, signIn, withTestServer } from '../helpers';

withTestServer();

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags: string[];
        parameters?: { in: string; name: string }[];
        requestBody?: unknown;
        responses: Record<string, { content: Record<string, { schema: unknown }> }>;
      }
    >
  >;
}

const templated = (path: string) => path.replace(/:(\w+)/g, '{$1}');

async function served(): Promise<Document> {
  const res = await fetch('/api/v2/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

it('is a valid OpenAPI 3.1 document', async () => {
  const document = await served();
  expect(document.openapi).toBe('3.1.0');
  // The validator is an ES module: it runs in its own Node process (tools/validate-openapi.mjs).
  const check = (doc: unknown) => {
    const run = spawnSync(process.execPath, [path.join(__dirname, '../../../tools/validate-openapi.mjs')], {
      input: JSON.stringify(doc),
      encoding: 'utf8',
    });
    return JSON.parse(run.stdout) as { valid: boolean; version: string; errors: unknown[] };
  };
  expect(check(document)).toEqual({ valid: true, version: '3.1', errors: [] });
  // It does refuse a broken one: a parameter without its place.
  const broken = JSON.parse(JSON.stringify(document)) as { paths: Record<string, Record<string, { parameters: { in?: string }[] }>> };
  delete broken.paths['/v2/posts/{postId}']!.get!.parameters[0]!.in;
  expect(check(broken).valid).toBe(false);
});

it('has every v1 call (tagged as the spec’s API) and every v2 call, with their parameters, body and answer', async () => {
  const { paths } = await served();
  const calls = [
    ...Object.values(V1_ROUTES).map(([method, path]) => ({ tag: 'v1', method, path })),
    ...Object.values(V2_ROUTES).map(([method, path]) => ({ tag: 'v2', method, path: `/v2${path}` })),
  ];
  for (const { tag, method, path } of calls) {
    const operation = paths[templated(path)]?.[method.toLowerCase()];
    expect({ call: `${method} ${path}`, found: !!operation }).toEqual({ call: `${method} ${path}`, found: true });
    expect(operation!.tags).toEqual([tag]);
    const pathParams = (path.match(/:(\w+)/g) ?? []).map((name) => name.slice(1));
    expect((operation!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams);
    const [status, answer] = Object.entries(operation!.responses).find(([code]) => code !== 'default')!;
    expect(Number(status)).toBeGreaterThanOrEqual(200);
    expect(Object.values(answer.content)[0]!.schema).toBeDefined();
    if (method !== 'GET' && operation!.requestBody === undefined) {
      // A write without a body takes none: its parameters are in the path.
      expect(pathParams.length + (path.endsWith('/read') || path.endsWith('/logout') ? 1 : 0)).toBeGreaterThan(0);
    }
  }
});

it('describes what the backend answers: a post, a page of posts, a member and the signed-in member', async () => {
  const { api, user } = await signIn(1);
  const explore = await api.v2.feed.explore({ limit: 3 });
  expect(Value.Errors(V2_TABLE.exploreFeed.answer, explore).First()).toBeUndefined();
  const post = await api.v2.posts.byId(explore.posts[0]!._id);
  expect(Value.Errors(V2_TABLE.post.answer, post).First()).toBeUndefined();
  const me = await api.v2.me.get();
  expect(Value.Errors(V2_TABLE.me.answer, me).First()).toBeUndefined();
  const member = await anonymous().v2.members.byId(user._id);
  expect(Value.Errors(V2_TABLE.member.answer, member).First()).toBeUndefined();
  // A schema that does not fit is told apart: a post is not a member.
  expect(Value.Check(V2_TABLE.member.answer, { member: post.post })).toBe(false);
});
