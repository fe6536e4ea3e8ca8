/**
 * Every route with random paths, bodies, content types and tokens (fast-check): whatever a
 * caller sends, the answer is a 2xx, 3xx or 4xx with the API's error shape, never a 500
 * (issue 28). Bounded: a fixed number of runs with a fixed seed, so a failure replays.
 */
import fc from 'fast-check';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { startTestServer } from './kit';

jest.setTimeout(180_000);

let server: RunningServer;
let token = '';
beforeAll(async () => {
  server = await startTestServer();
  await resetToSeed(server.database.db);
  const response = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(TEST_CREDENTIALS[0]) });
  token = ((await response.json()) as { encodedToken: string }).encodedToken;
}, 120_000);
afterAll(() => server.close());

/** The API's routes (SPEC.md §7 plus api-server's own), `:name` for a path parameter. */
const ROUTES: [string, string][] = [
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/signup'],
  ['POST', '/api/auth/logout'],
  ['GET', '/api/users'],
  ['GET', '/api/users/id/:id'],
  ['GET', '/api/users/handler/:id'],
  ['POST', '/api/users/edit'],
  ['GET', '/api/users/bookmark'],
  ['POST', '/api/users/bookmark/:id'],
  ['POST', '/api/users/remove-bookmark/:id'],
  ['POST', '/api/users/follow/:id'],
  ['POST', '/api/users/unfollow/:id'],
  ['GET', '/api/posts'],
  ['GET', '/api/posts/:n/:n'],
  ['GET', '/api/posts/:id'],
  ['GET', '/api/posts/user/:id'],
  ['POST', '/api/posts'],
  ['POST', '/api/posts/edit/:id'],
  ['DELETE', '/api/posts/:id'],
  ['POST', '/api/posts/like/:id'],
  ['POST', '/api/posts/dislike/:id'],
  ['GET', '/api/comments/:id'],
  ['POST', '/api/comments/add/:id'],
  ['POST', '/api/comments/edit/:id/:id'],
  ['POST', '/api/comments/delete/:id/:id'],
  ['POST', '/api/comments/upvote/:id/:id'],
  ['GET', '/api/images/:id'],
  ['GET', '/api/test-todos'],
  ['GET', '/healthz'],
  ['GET', '/readyz'],
];

const nasty = fc.oneof(
  fc.constantFrom('\u0000', '\uD800', '\uDFFF', '%', '%00', '%E0%A4%A', '../', '?', '#', ' ', "'; drop table posts; --", 'p01-sunrise', 'c01-1', '-1', '1e9', '99999999999999999999'),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
/** A path segment as sent: escapes kept as they are (broken ones too), a lone surrogate as its UTF-8-like bytes. */
function encoded(text: string): string {
  if (/^%/.test(text)) return text;
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
const segment = fc.oneof({ arbitrary: nasty, weight: 3 }, fc.string({ maxLength: 12 })).map(encoded);
const text = fc.oneof({ arbitrary: nasty, weight: 3 }, fc.string({ unit: 'binary', maxLength: 40 }), fc.constant(''));
const value: fc.Arbitrary<unknown> = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(text, text, { maxKeys: 3 }));
const fields = ['username', 'password', 'firstName', 'lastName', 'bio', 'link', 'pic', 'content', 'replies', '_id'];
const inner = fc.dictionary(fc.constantFrom(...fields), fc.oneof({ arbitrary: text, weight: 3 }, value), { maxKeys: 5 });
const body = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
  { arbitrary: fc.record({ postData: inner, commentData: inner, userData: inner }, { requiredKeys: [] }).map((v) => JSON.stringify(v)), weight: 3 },
  { arbitrary: inner.map((v) => JSON.stringify(v)), weight: 3 },
);
const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  params: fc.array(segment, { minLength: 3, maxLength: 3 }),
  query: fc.oneof(fc.constant(''), segment.map((s) => `?sort=${s}`)),
  body,
  type: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', undefined),
  auth: fc.constantFrom('token', 'token', 'token', 'none', 'garbage'),
  key: fc.option(fc.string({ maxLength: 8 }).map(encodeURIComponent), { nil: undefined }),
});

it('answers every route, whatever it is sent, without a 500', async () => {
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(request, async ({ route: [method, template], params, query, body: payload, type, auth, key }) => {
      let i = 0;
      const path = template.replace(/:(id|n)/g, (_, kind: string) => (kind === 'n' ? String(params[i++]!.length % 4) : params[i++]!)) + query;
      const headers: Record<string, string> = {};
      if (type && payload !== undefined) headers['Content-Type'] = type;
      if (auth === 'token') headers.authorization = token;
      if (auth === 'garbage') headers.authorization = 'Bearer not.a.token';
      if (key) headers['Idempotency-Key'] = key;
      const response = await fetch(`${server.url}${path}`, { method, headers, body: method === 'GET' ? undefined : payload });
      const answer = await response.text();
      if (response.status >= 500) failures.push(`${method} ${path} ${String(payload)} → ${response.status} ${answer}`);
      return response.status < 500;
    }),
    { numRuns: 600, seed: 28, endOnFailure: true },
  );
  expect(failures).toEqual([]);
});
