/**
 * Every route, the spec's (/api) and the apps' (/api/v2), with random paths, query strings,
 * bodies, content types and tokens (fast-check): whatever a caller sends, the answer is a 2xx,
 * 3xx or 4xx, every refusal in the API's error shape `{ errors: [message] }`, never a 500
 * (issue 28). Bounded: a fixed number of runs with a fixed seed, so a failure replays.
 */
import fc from 'fast-check';
import { TEST_CREDENTIALS } from '@social/mock-api/contract';
import { API_V2_PREFIX, V2_ROUTES } from '@social/mock-api/contract-v2';
import { resetToSeed } from '../src/seed';
import type { RunningServer } from '../src/server';
import { startTestServer } from './kit';

jest.setTimeout(180_000);

let server: RunningServer;
let token = '';
beforeAll(async () => {
  server = await startTestServer();
  await resetToSeed(server.database.db);
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_CREDENTIALS[0]),
  });
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

/** The apps' API: every route of the contract, `:name` for a path parameter. */
const V2: [string, string][] = Object.values(V2_ROUTES).map(([method, path]) => [method, `${API_V2_PREFIX}${path}`]);

const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '\uDFFF',
    '%',
    '%00',
    '%E0%A4%A',
    '../',
    '?',
    '#',
    ' ',
    "'; drop table posts; --",
    'p01-sunrise',
    'c01-1',
    'u2-meera',
    'meeranair',
    '@',
    '-1',
    '1e9',
    '99999999999999999999',
  ),
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
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);
const fields = ['username', 'password', 'firstName', 'lastName', 'bio', 'link', 'pic', 'picAlt', 'content', 'replies', '_id'];
const inner = fc.dictionary(fc.constantFrom(...fields), fc.oneof({ arbitrary: text, weight: 3 }, value), { maxKeys: 5 });
const body = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
  {
    arbitrary: fc
      .record({ postData: inner, commentData: inner, replyData: inner, userData: inner }, { requiredKeys: [] })
      .map((v) => JSON.stringify(v)),
    weight: 3,
  },
  { arbitrary: inner.map((v) => JSON.stringify(v)), weight: 3 },
);
/** A timestamp as a cursor holds one, with each field anywhere from 0 to 99 (30 February, 24:00…). */
const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
const timestamp = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), two, two, two, two, two, fc.constantFrom('Z', '+05:30', '-16:00', '+99:99', '.123456Z'))
  .map(([y, mo, d, h, mi, se, zone]) => `${String(y).padStart(4, '0')}-${mo}-${d}T${h}:${mi}:${se}${zone}`);
const number = fc.oneof(fc.integer({ min: -1, max: 3 }), fc.integer(), fc.bigInt({ min: 0n, max: 10n ** 20n })).map(String);
/** A cursor no list gave: base64url of a JSON array of keys (or of anything), or not base64 at all. */
const cursor = fc.oneof(
  {
    arbitrary: fc
      .array(fc.oneof(text, timestamp, number, fc.constantFrom('p01-sunrise', 'adarshbalika')), { maxLength: 4 })
      .map((key) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url')),
    weight: 4,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v) ?? '', 'utf8').toString('base64url')), weight: 1 },
  { arbitrary: segment, weight: 1 },
);
const limit = fc.oneof(number, segment, fc.constantFrom('1', '20', '50', '51', '01', '1.5', ''));
/** A v2 query string: any of q, cursor, limit and sort, sometimes twice or under an odd name. */
const v2Query = fc
  .record(
    {
      q: fc.oneof(segment, fc.constantFrom('a', '@a', '@', '%40mee', '%25', '_')),
      cursor,
      limit,
      sort: fc.oneof(fc.constantFrom('latest', 'trending', 'LATEST'), segment),
      extra: fc.tuple(segment, segment),
      again: fc.constantFrom('q', 'cursor', 'limit', 'sort'),
    },
    { requiredKeys: [] },
  )
  .map(({ extra, again, ...values }) => {
    const pairs = Object.entries(values).map(([name, value]) => `${name}=${/%/.test(value) ? value : encodeURIComponent(value)}`);
    if (extra) pairs.push(`${extra[0]}=${extra[1]}`);
    if (again) pairs.push(`${again}=${pairs.length % 2 ? '1' : '%00'}`);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });

const request = (routes: [string, string][], query: fc.Arbitrary<string>) =>
  fc.record({
    route: fc.constantFrom(...routes),
    params: fc.array(segment, { minLength: 3, maxLength: 3 }),
    query,
    body,
    type: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', undefined),
    auth: fc.constantFrom('token', 'token', 'token', 'none', 'garbage'),
    key: fc.option(fc.string({ maxLength: 8 }).map(encodeURIComponent), { nil: undefined }),
  });

/** An answer a caller can rely on: no 5xx, and every refusal in the API's error shape. */
function problemWith(status: number, method: string, text: string): string | null {
  if (status >= 500) return 'a 5xx';
  if (status < 400 || method === 'HEAD') return null;
  try {
    const json = JSON.parse(text) as unknown;
    const errors = (json as { errors?: unknown }).errors;
    const shaped =
      typeof json === 'object' &&
      json !== null &&
      Object.keys(json).length === 1 &&
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => typeof e === 'string' && e.length > 0);
    return shaped ? null : 'not { errors: [message] }';
  } catch {
    return 'not JSON';
  }
}

async function fuzz(routes: [string, string][], query: fc.Arbitrary<string>, numRuns: number, seed: number): Promise<string[]> {
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      request(routes, query),
      async ({ route: [method, template], params, query: search, body: payload, type, auth, key }) => {
        let i = 0;
        const path =
          template.replace(/:(\w+)/g, (_, name: string) => (name === 'n' ? String(params[i++ % 3]!.length % 4) : params[i++ % 3]!)) +
          search;
        const headers: Record<string, string> = {};
        if (type && payload !== undefined) headers['Content-Type'] = type;
        if (auth === 'token') headers.authorization = token;
        if (auth === 'garbage') headers.authorization = 'Bearer not.a.token';
        if (key) headers['Idempotency-Key'] = key;
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers,
          body: method === 'GET' ? undefined : payload,
          signal: AbortSignal.timeout(30_000),
        });
        const answer = await response.text();
        const problem = problemWith(response.status, method, answer);
        if (problem) failures.push(`${problem}: ${method} ${path} ${String(payload)} → ${response.status} ${answer.slice(0, 300)}`);
        return problem === null;
      },
    ),
    { numRuns, seed, endOnFailure: true },
  );
  return failures;
}

it('answers every route, whatever it is sent, without a 500', async () => {
  expect(
    await fuzz(
      ROUTES,
      fc.oneof(
        fc.constant(''),
        segment.map((s) => `?sort=${s}`),
      ),
      600,
      28,
    ),
  ).toEqual([]);
});

it('answers every /api/v2 route, whatever its path, query string and body, without a 500', async () => {
  expect(await fuzz(V2, fc.oneof({ arbitrary: fc.constant(''), weight: 1 }, { arbitrary: v2Query, weight: 4 }), 800, 282)).toEqual([]);
});
